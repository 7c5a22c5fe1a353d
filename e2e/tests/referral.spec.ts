import { expect, test } from '@playwright/test';
import { mailedCode } from '../support/outbox';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The referral programme: a member copies their invitation link on /referral, a friend opens it,
 * creates an account through it and is told the days it brought, and the member's page then
 * counts one friend and the days earned. The invite dialog opens from the account menu and from
 * `?action=show_invite_dialog`.
 */

test('a friend who signs up through a copied invitation link shows on the inviter’s page', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const inviter = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await inviter.newPage();
  await signUpInEnglish(page, newEmail(), 'first horse 42');

  await page.goto('/referral');
  const member = page.getByTestId('referral-member');
  await expect(member.getByRole('heading', { level: 2 })).toHaveText(
    'You and each friend who joins get 7 days of premium',
  );
  await expect(member.getByTestId('invite-friends')).toHaveText('0');
  await expect(member.getByTestId('invite-days')).toHaveText('0');
  await expect(page.getByTestId('invitees-empty')).toBeVisible();
  await expect(page.getByTestId('referral-rules')).toContainText(
    'You both receive 7 days of premium for each friend who joins.',
  );

  const shown = await member.getByRole('textbox', { name: 'Your invitation link' }).inputValue();
  expect(shown).toMatch(/\/referral\?invite_code=[2-9A-HJ-NP-Z]{8}$/);
  const copy = member.getByRole('button', { name: 'Copy link' });
  await copy.click();
  await expect(member.getByTestId('invite-copy')).toHaveText('Copied');
  await expect(member.getByTestId('invite-copy-status')).toHaveText(
    'Your invitation link is copied to the clipboard.',
  );
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toBe(shown);
  // The feedback goes back to the plain label after a moment.
  await expect(member.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 10_000 });

  // The friend opens the link signed out: an invitation, with a way to create an account.
  const friendContext = await browser.newContext();
  const friend = await friendContext.newPage();
  await friend.goto(link);
  const join = friend.getByTestId('referral-signed-out');
  await expect(join.getByRole('heading')).toHaveText('A friend invited you to Nimbus');
  await join.getByRole('link', { name: 'Create account' }).click();

  const panel = friend.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await expect(panel).toHaveAttribute('data-step', 'sign-up-email');
  const email = newEmail();
  await panel.locator('input[name=email]').fill(email);
  await panel.getByRole('button', { name: 'Send code' }).click();
  await expect(panel).toHaveAttribute('data-step', 'sign-up-details');
  await panel.locator('input[name=verification_code]').fill(await mailedCode(email));
  await panel.locator('input[name=name]').fill('Dora Friend');
  await panel.locator('input[name=password]').fill('second horse 42');
  await panel.getByRole('button', { name: 'Create account' }).click();

  // Back on the invitation, signed in: the invitation is claimed and its days announced.
  await expect(friend).toHaveURL(/\/referral\?invite_code=/);
  const welcome = friend.getByTestId('invite-claimed');
  await expect(welcome.getByRole('heading')).toHaveText('Welcome to Nimbus!');
  await expect(welcome).toContainText(
    "Your friend's invitation is accepted: 7 days of premium are now yours.",
  );
  await welcome.getByRole('button', { name: 'Close' }).first().click();
  await expect(welcome).toBeHidden();
  // Claimed once: another page does not claim or announce it again, and the friend is premium.
  await friend.goto('/drive/account');
  await expect(
    friend.getByTestId('membership-panel').getByTestId('membership-badge'),
  ).toHaveAttribute('data-premium', 'true');
  await expect(friend.getByTestId('invite-claimed')).toHaveCount(0);

  // The inviter's page now counts one friend and the days earned.
  await page.reload();
  await expect(member.getByTestId('invite-friends')).toHaveText('1');
  await expect(member.getByTestId('invite-days')).toHaveText('7');
  const invitees = page.getByTestId('invitees');
  await expect(invitees.getByRole('listitem')).toHaveCount(1);
  await expect(invitees.getByRole('listitem')).toContainText('D***d');
  await expect(invitees.getByRole('listitem')).toContainText('+7 days for you');

  await friendContext.close();
  await inviter.close();
});

test('the invite dialog opens from the account menu and from the show_invite_dialog action', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signUpInEnglish(page, newEmail(), 'third horse 42');

  await page.getByTestId('account-button').click();
  await page.getByTestId('account-menu').getByRole('menuitem', { name: 'Invite friends' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite friends' });
  await expect(dialog.getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(
    /\/referral\?invite_code=/,
  );
  await expect(dialog.getByTestId('invite-friends')).toHaveText('0');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByTestId('drive-invite').click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/drive/all?action=show_invite_dialog');
  await expect(dialog.getByRole('textbox', { name: 'Your invitation link' })).toBeVisible();
  // The action is taken off the address, so a reload does not open the dialog again.
  await expect(page).toHaveURL(/\/drive\/all$/);
  await dialog.getByRole('link', { name: 'Rules and friends who joined' }).click();
  await expect(page).toHaveURL(/\/referral$/);
  await expect(page.getByTestId('referral-member')).toBeVisible();
});

test('a visitor who is not signed in is asked to sign in on /referral, on a phone too', async ({
  browser,
}) => {
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, hasTouch: true });
  const page = await phone.newPage();
  await page.goto('/referral');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Invite friends, get premium together',
  );
  const signedOut = page.getByTestId('referral-signed-out');
  await expect(signedOut.getByRole('heading')).toHaveText('Sign in to get your invitation link');
  const signIn = signedOut.getByRole('link', { name: 'Sign in' });
  const box = await signIn.boundingBox();
  expect(box?.height).toBeGreaterThanOrEqual(44);
  await signIn.click();
  await expect(page).toHaveURL(/\/drive\/login\?redirect=%2Freferral$/);
  await phone.close();
});
