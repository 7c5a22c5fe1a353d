import { expect, test } from '@playwright/test';
import { driveReady, newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * Membership activities in Chromium against the real server (schedule from the e2e server's
 * ACTIVITY_ENDS and COMPENSATIONS): a task reward claimed on /check-in, a compensation claimed
 * once (each claim after the captcha check of `verifyRecaptchaToken`), and promotions closed by
 * the activity-end check.
 */

test('a member uploads a file, claims the task reward on /check-in and the premium days change', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'check in horse 42');
  await page.goto('/check-in');
  const task = page.getByTestId('task-upload_file');
  await expect(task).toHaveAttribute('data-status', 'TODO');
  await expect(task.getByTestId('task-status')).toHaveText('To do');
  await expect(page.getByTestId('check-in-progress')).toHaveText('0 of 4 rewards claimed');
  await expect(page.getByTestId('activity-membership').getByTestId('membership-badge')).toHaveText(
    'Free plan',
  );
  await expect(page.getByTestId('membership-days-left')).toHaveCount(0);

  await task.getByRole('link', { name: 'Start' }).click();
  await driveReady(page);
  await page
    .getByTestId('upload-files-input')
    .first()
    .setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('first line\n'),
    });
  await expect(page.locator('[data-testid=drive-item][data-name="notes.txt"]')).toBeVisible();

  // The task is done once the upload has completed on the server.
  await expect(async () => {
    await page.goto('/check-in');
    await expect(page.getByTestId('task-upload_file')).toHaveAttribute('data-status', 'DONE', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  const done = page.getByTestId('task-upload_file');
  await expect(done.getByTestId('task-status')).toHaveText('Ready to claim');
  await expect(done).toContainText('+1 premium day');
  // The claim first proves a person asks (the shield's token, spent by verifyRecaptchaToken).
  const handOut: string[] = [];
  const inits: { action?: string; meta?: Record<string, string> }[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/v1/shield/captcha/init')) {
      inits.push(JSON.parse(request.postData() ?? '{}') as (typeof inits)[number]);
    }
  });
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path === '/vip/v1/verifyRecaptchaToken' || path === '/vip/v1/activity/rewardVip') {
      handOut.push(`${path} ${response.status()}`);
    }
  });
  await done.getByRole('button', { name: 'Claim' }).click();

  await expect(page.getByTestId('form-success')).toContainText(
    '1 premium day added. You are premium until',
  );
  await expect(done).toHaveAttribute('data-status', 'REWARDED');
  await expect(done.getByTestId('task-status')).toHaveText('Claimed');
  await expect(done.getByRole('button', { name: 'Claim' })).toHaveCount(0);
  await expect(page.getByTestId('check-in-progress')).toHaveText('1 of 4 rewards claimed');
  expect(handOut).toEqual(['/vip/v1/verifyRecaptchaToken 200', '/vip/v1/activity/rewardVip 200']);
  // The token was asked for that check with the member's id in its meta (docs/product.md#roles).
  const userId = (await page.context().cookies()).find((cookie) => cookie.name === 'userid')?.value;
  expect(userId).toBeTruthy();
  expect(inits).toEqual([
    expect.objectContaining({
      action: 'POST:/vip/v1/verifyRecaptchaToken',
      meta: { user_id: userId },
    }),
  ]);
  await expect(page.getByTestId('activity-membership').getByTestId('membership-badge')).toHaveText(
    'Premium',
  );
  await expect(page.getByTestId('membership-days-left')).toHaveText('1 day left');

  // After a reload the reward stays claimed and the membership stays.
  await page.reload();
  await expect(page.getByTestId('task-upload_file')).toHaveAttribute('data-status', 'REWARDED');
  await expect(page.getByTestId('membership-days-left')).toHaveText('1 day left');
});

test('a visitor without a session is asked to sign in on /check-in, and the guide explains it', async ({
  page,
}) => {
  await page.goto('/check-in');
  const prompt = page.getByTestId('check-in-signed-out');
  await expect(prompt).toContainText('Sign in to earn premium days');
  await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
    'href',
    '/drive/login?redirect=%2Fcheck-in',
  );
  await page.getByRole('link', { name: 'How it works' }).click();
  await expect(page).toHaveURL(/\/check-in-guide$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How check-in rewards work');
  await page.getByRole('link', { name: 'Go to my tasks' }).click();
  await expect(page).toHaveURL(/\/check-in$/);
});

test('a member claims a compensation once; a second claim says it was received already', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'compensation horse 42');
  await page.goto('/activity/compensation?type=e2e_outage');
  await expect(page.getByTestId('compensation-offer')).toContainText(
    '5 premium days for members who joined before',
  );
  const claim = page.getByTestId('compensation-claim');
  await claim.getByRole('button', { name: 'Claim my compensation' }).click();
  await expect(claim.getByTestId('compensation-result')).toContainText(
    '5 premium days have been added to your membership. You are premium until',
  );
  await expect(claim).toHaveAttribute('data-state', 'claimed');
  await expect(claim.getByTestId('membership-days-left')).toHaveText('5 days left');

  await page.reload();
  await page.getByRole('button', { name: 'Claim my compensation' }).click();
  await expect(page.getByTestId('compensation-result')).toHaveText(
    'You have already received this compensation. It can be claimed only once per account.',
  );
  await expect(page.getByTestId('membership-days-left')).toHaveText('5 days left');

  // A compensation for members who joined before this one did is refused before any claim.
  await page.goto('/activity/compensation?type=e2e_before_launch');
  await expect(page.getByTestId('compensation-claim')).toHaveAttribute(
    'data-state',
    'not-eligible',
  );
  await expect(page.getByTestId('compensation-result')).toContainText(
    'This compensation is for members who had an account before January 1, 2001.',
  );
  await expect(page.getByRole('button', { name: 'Claim my compensation' })).toHaveCount(0);

  await page.goto('/activity/compensation?type=no_such_outage');
  await expect(page.getByTestId('compensation-not-found')).toContainText(
    'This compensation link is not valid',
  );
});

test('an ended activity lands on /activity-end, which offers the way back; a running one leads to the plans', async ({
  page,
}) => {
  await page.goto('/activity/black-friday');
  await expect(page).toHaveURL(/\/activity-end\?from=black-friday$/);
  const end = page.getByTestId('activity-end');
  await expect(end.getByRole('heading', { level: 1 })).toHaveText(
    'The Black Friday offer has ended',
  );
  await expect(end.getByRole('link', { name: 'Earn free premium days' })).toHaveAttribute(
    'href',
    '/check-in',
  );
  await end.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/activity/christmas');
  await expect(page).toHaveURL(/\/activity\/christmas$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('A premium Christmas');
  await expect(page.getByTestId('promotion-ends')).toHaveText('Offer ends January 1, 2100');
  await page.getByRole('link', { name: 'See premium plans' }).click();
  await expect(page).toHaveURL(/\/drive\/payment$/);

  // In another language (remembered from here on) the page that ended says so in it.
  await page.goto('/ja/activity/compensation?type=e2e_over');
  await expect(page).toHaveURL(/\/ja\/activity-end\?from=compensation$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'この補償の受け取り期間は終了しました',
  );
});

test('the dialog actions open the running offers and the beginner tasks, and leave the address', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/?action=show_activity_dialog');
  const offers = page.getByTestId('activity-dialog');
  await expect(offers.getByTestId('activity-dialog-christmas')).toContainText('Christmas offer');
  await expect(offers.getByTestId('activity-dialog-christmas')).toHaveAttribute(
    'href',
    '/activity/christmas',
  );
  await expect(offers.getByTestId('activity-dialog-black-friday')).toHaveCount(0);
  await expect(page).toHaveURL(/\/$/);
  await page.keyboard.press('Escape');
  await expect(offers).toHaveCount(0);

  await signUpInEnglish(page, newEmail(), 'beginner horse 42');
  await page.goto('/drive/all?action=show_beginner_dialog');
  const beginner = page.getByTestId('beginner-dialog');
  await expect(beginner.getByTestId('task-upload_file')).toHaveAttribute('data-status', 'TODO');
  await expect(
    beginner.getByTestId('task-invite_friend').getByRole('link', { name: 'Start' }),
  ).toHaveAttribute('href', '/referral');
  await expect(page).toHaveURL(/\/drive\/all$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

  test('the tasks stack in one column with full-width buttons of at least 44 px', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await signUpInEnglish(page, newEmail(), 'phone horse 42');
    await page.goto('/check-in');
    const task = page.getByTestId('task-share_file');
    await expect(task).toHaveAttribute('data-status', 'TODO');
    const card = await task.boundingBox();
    const start = await task.getByRole('link', { name: 'Start' }).boundingBox();
    expect(card && start).toBeTruthy();
    if (card && start) {
      expect(card.width).toBeLessThanOrEqual(375);
      expect(start.height).toBeGreaterThanOrEqual(44);
      // The button spans the card (less its padding) under the text, not beside it.
      expect(start.width).toBeGreaterThan(card.width - 48);
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(375);
  });
});
