import { expect, test } from '@playwright/test';
import { startExtraServer, type ExtraServer } from '../support/extra-server';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The free-trial grant (docs/product.md#states): a new member who is not premium makes the trial call
 * once; the server grants FREE_TRIAL_DAYS, the member is told, becomes premium and the days stay
 * in the `free_days` cookie for as many days. The main e2e server grants no trial (the free
 * plan's tests need free members), so this test runs its own server that grants 3 days.
 */

let server: ExtraServer;

// One worker runs the file's tests in turn: they share the server, which has a port of its own.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const mainPort = Number(process.env.E2E_PORT ?? 3217);
  // Beside the main server's helper ports (+20000, +20001, the embedder at +30000).
  server = await startExtraServer(mainPort + 30101, { FREE_TRIAL_DAYS: '3' });
});

test.afterAll(async () => {
  await server?.stop();
});

test('a new member receives the free trial once, is told and becomes premium', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  const trialCalls: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/vip/v1/activity/invite')) {
      trialCalls.push(request.postData() ?? '');
    }
  });

  await signUpInEnglish(page, newEmail(), 'trial horse 42', { dataDir: server.dataDir });

  const notice = page.getByTestId('invite-claimed');
  await expect(notice.getByRole('heading')).toHaveText('Welcome to Nimbus!');
  await expect(notice).toContainText('You received 3 days of premium to try Nimbus.');
  await expect(notice).toHaveAttribute('data-days', '3');
  // Made from the page the member was on (the sign-up page or the drive it leads to). When the
  // sign-up page is left before the answer is read, the drive calls once more and the server's
  // repeat of the grant is announced there.
  const calls = trialCalls.length;
  expect(calls).toBeGreaterThanOrEqual(1);
  expect(calls).toBeLessThanOrEqual(2);
  const host = new URL(server.baseURL).host.replace(/[.]/g, '\\.');
  for (const call of trialCalls) {
    expect(JSON.parse(call)).toEqual({
      from: 'web',
      rr: expect.stringMatching(new RegExp(`^${host}/(auth|drive/all)$`)),
      tf: '',
      rf: '',
    });
  }
  const cookie = (await context.cookies()).find((item) => item.name === 'free_days');
  expect(cookie?.value).toBe('3');
  // The cookie lasts as many days as were granted.
  const lifetimeDays = ((cookie?.expires ?? 0) * 1000 - Date.now()) / (24 * 60 * 60 * 1000);
  expect(lifetimeDays).toBeGreaterThan(2.9);
  expect(lifetimeDays).toBeLessThanOrEqual(3);
  await notice.getByRole('button', { name: 'Close' }).first().click();
  await expect(notice).toBeHidden();

  // Premium now; other pages neither call again nor announce it again.
  await page.goto('/drive/account');
  await expect(
    page.getByTestId('membership-panel').getByTestId('membership-badge'),
  ).toHaveAttribute('data-premium', 'true');
  await page.goto('/drive/all');
  await expect(page.getByTestId('drive-invite')).toBeVisible();
  await expect(page.getByTestId('invite-claimed')).toHaveCount(0);
  expect(trialCalls).toHaveLength(calls);
  await context.close();
});

test('the welcome waits for the dialog the member has open: dialogs queue', async ({ browser }) => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  // The trial's answer is held until the member has a dialog of their own open.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/vip/v1/activity/invite', async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });

  await signUpInEnglish(page, newEmail(), 'trial horse 43', { dataDir: server.dataDir });
  await page.getByRole('button', { name: 'New folder' }).click();
  const folderDialog = page.getByRole('dialog');
  await expect(folderDialog).toBeVisible();
  const answered = page.waitForResponse((response) =>
    response.url().endsWith('/vip/v1/activity/invite'),
  );
  release();
  await answered;

  // The answer is in, but the member's dialog stays alone on the screen.
  const notice = page.getByTestId('invite-claimed');
  await page.waitForTimeout(1_000);
  await expect(notice).toHaveCount(0);
  await expect(folderDialog).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(notice.getByRole('heading')).toHaveText('Welcome to Nimbus!');
  await context.close();
});
