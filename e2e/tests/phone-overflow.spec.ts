import { expect, test, type Page } from '@playwright/test';
import { seededMember, type SeededMember } from '../support/seeded-member';

/*
 * On a 390 px phone no page of a member's first minutes scrolls sideways or puts anything past
 * the right edge, in any of the 11 languages: the drive with a few files, a share page (with its
 * sort menu, the widest control of the Russian page) and the payment page. One member and one
 * share serve every language; each language gets one browser context.
 */

const locales = ['en-US', 'es', 'id', 'ja', 'ko', 'ms', 'pt', 'ru', 'uk', 'zh-CN', 'zh-TW'];

/**
 * The visible elements whose right edge passes the viewport's, except those a scrolling or
 * clipping ancestor keeps inside it (a tab strip that scrolls by itself, visually hidden text).
 */
async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = window.innerWidth + 0.5;
    const found: string[] = [];
    const clippedInside = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible' && parent.getBoundingClientRect().right <= limit) {
          return true;
        }
      }
      return false;
    };
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= limit) {
        continue;
      }
      const style = getComputedStyle(element);
      if (style.visibility !== 'visible' || clippedInside(element)) {
        continue;
      }
      const name = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}`;
      const testId = element.getAttribute('data-testid');
      found.push(
        `${name}${testId ? `[${testId}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}" right=${Math.round(box.right)}`,
      );
    }
    return found;
  });
}

/** Fails with the page's name and what overflows when the page is wider than the phone. */
async function expectNoOverflow(page: Page, what: string): Promise<void> {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  const past = await pastTheEdge(page);
  expect({ what, ...widths, past }).toEqual({
    what,
    scroll: widths.inner,
    inner: widths.inner,
    past: [],
  });
}

let member: SeededMember;

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(60_000);
  member = await seededMember(browser, baseURL ?? '');
});

for (const locale of locales) {
  test(`nothing passes the right edge of a 390 px phone in ${locale}: drive, share page, payment`, async ({
    browser,
  }) => {
    const prefix = locale === 'en-US' ? '' : `/${locale}`;
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      storageState: member.state,
    });
    const page = await context.newPage();

    await page.goto(`${prefix}/drive/all`);
    await expect(page.locator('[data-testid=drive-item]')).toHaveCount(4, { timeout: 15_000 });
    await expectNoOverflow(page, `${locale} drive`);

    await page.goto(`${prefix}/s/${member.shareId}`);
    await expect(page.getByTestId('share-title')).toBeVisible();
    await expect(page.getByTestId('share-sort')).toBeVisible();
    await expectNoOverflow(page, `${locale} share page`);
    // The sort menu, open: its choices are the longest words of the page.
    await page.getByTestId('share-sort').click();
    await expectNoOverflow(page, `${locale} share page, sort menu open`);
    await page.keyboard.press('Escape');

    await page.goto(`${prefix}/drive/payment`);
    await expect(page.getByTestId('payment-status')).toBeVisible();
    await expectNoOverflow(page, `${locale} payment`);
    await context.close();
  });
}
