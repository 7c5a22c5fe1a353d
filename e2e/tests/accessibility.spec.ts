import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { seededMember, type SeededMember } from '../support/seeded-member';

/*
 * axe finds no violation, of any rule it runs by default, on the pages a member meets first —
 * home, the drive with a few files, a share page, payment, account — and on the debug console
 * (the site's only console), in English, Japanese and Russian.
 */

/** axe's violations on the page as shown, each with the elements it found. */
async function violations(page: Page): Promise<{ rule: string; targets: string[] }[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

/** Five clicks on the page's title, each right after the one before: opens the debug console. */
async function clickFiveTimes(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1 }).click();
  for (let index = 0; index < 4; index += 1) {
    await page.mouse.down();
    await page.mouse.up();
  }
}

let member: SeededMember;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  member = await seededMember(browser, baseURL ?? '');
});

for (const locale of ['en-US', 'ja', 'ru']) {
  test(`axe finds nothing on home, drive, share, payment, account and the console in ${locale}`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const context = await browser.newContext({ storageState: member.state });
    const page = await context.newPage();
    const found: Record<string, unknown> = {};

    await page.goto(`${prefix}/`);
    await expect(page.locator('main h1')).toBeVisible();
    found.home = await violations(page);

    await page.goto(`${prefix}/drive/all`);
    await expect(page.locator('[data-testid=drive-item]')).toHaveCount(4, { timeout: 15_000 });
    found.drive = await violations(page);

    await page.goto(`${prefix}/s/${member.shareId}`);
    await expect(page.getByTestId('share-sort')).toBeVisible();
    found.share = await violations(page);

    await page.goto(`${prefix}/drive/payment`);
    await expect(page.getByTestId('payment-status')).toBeVisible();
    found.payment = await violations(page);

    await page.goto(`${prefix}/drive/account`);
    await expect(page.getByTestId('account-page')).toBeVisible();
    found.account = await violations(page);

    await page.goto(`${prefix}/faq?nimbus_debug=1`);
    // Five clicks each within 200 ms: a busy machine may space them out, so try again.
    await expect(async () => {
      await clickFiveTimes(page);
      await expect(page.getByTestId('debug-console-toggle')).toBeVisible({ timeout: 2_000 });
    }).toPass();
    await page.getByTestId('debug-console-toggle').click();
    await expect(page.getByTestId('debug-console-panel')).toBeVisible();
    found.console = await violations(page);

    expect(found).toEqual({
      home: [],
      drive: [],
      share: [],
      payment: [],
      account: [],
      console: [],
    });
    await context.close();
  });
}
