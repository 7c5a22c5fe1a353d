import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { dataDir, messageText } from '../support/outbox';
import { newEmail, signUpInEnglish } from '../support/sign-up';
import { unsubscribeToken } from '../support/unsubscribe-link';

/* /drive/feedback, /unsubscribe and /contact-us: a member sends feedback with a screenshot; an
 * email's unsubscribe link is read on opening, unsubscribes on the click, and subscribes again. */

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'),
  Buffer.from(
    '000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a3d4e0a90000000049454e44ae426082',
    'hex',
  ),
]);

/** Runs the operators' feedback command against the database of the running server. */
function feedbackCommand(...args: string[]): string {
  return execFileSync('node', ['apps/server/dist/feedback.js', ...args], {
    cwd: fileURLToPath(new URL('../..', import.meta.url)),
    env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** The operator's copy of a piece of feedback in the outbox (`FEEDBACK_EMAIL` of the e2e server). */
async function operatorCopy(id: string): Promise<{ headers: string; body: string }> {
  const outbox = path.join(dataDir(), 'outbox');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    for (const name of (await readdir(outbox)).filter((each) => each.endsWith('.eml'))) {
      const mail = messageText(await readFile(path.join(outbox, name), 'utf8'));
      if (
        /^to: operator@nimbus\.test/im.test(mail.headers) &&
        mail.body.includes(`Feedback ${id} `)
      ) {
        return mail;
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no copy of feedback ${id} in ${outbox}`);
}

async function subscription(
  page: Page,
  d: string,
): Promise<{ subscribed: boolean; scene: string }> {
  const response = await page.request.get(`/mail/v1/subscription?d=${encodeURIComponent(d)}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as { subscribed: boolean; scene: string };
}

test('a member sends feedback with a screenshot, and operators read it with the command', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.goto('/drive/feedback');
  const signedOut = page.getByTestId('feedback-signed-out');
  await expect(signedOut).toBeVisible();
  await signedOut.getByRole('link', { name: 'Sign in' }).click();
  await signUpInEnglish(page, newEmail(), 'feedback horse 42', { expectDrive: false });
  await expect(page).toHaveURL(/\/drive\/feedback$/);

  const form = page.getByTestId('feedback-form');
  await form.getByRole('radio', { name: 'Sharing and shared links' }).check();
  const message = form.getByRole('textbox', { name: 'Your message' });
  await message.fill('Too short');
  await form.getByRole('button', { name: 'Send feedback' }).click();
  await expect(form.getByRole('alert')).toHaveText('Write at least 10 characters.');
  await expect(message).toBeFocused();

  await message.fill('The share page shows an empty folder after I save a shared link.');
  await expect(form.getByText('64 of 5,000 characters')).toBeVisible();
  await form.getByTestId('feedback-file-input').setInputFiles([
    { name: 'screenshot.png', mimeType: 'image/png', buffer: png },
    { name: 'drawing.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') },
  ]);
  await expect(form.getByTestId('feedback-files').getByRole('listitem')).toHaveCount(1);
  await expect(form.getByText('drawing.svg is not an image, a PDF or a text file.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Reply to (optional)' }).fill('reply@example.org');
  await form.getByRole('button', { name: 'Send feedback' }).click();

  const sent = page.getByTestId('feedback-sent');
  await expect(sent.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  const reference = (await sent.getByTestId('feedback-reference').textContent()) ?? '';
  const id = reference.replace('Reference: ', '').trim();
  expect(id).toMatch(/^[A-Za-z0-9_-]+$/);

  const shown = feedbackCommand('show', id);
  expect(shown).toContain('category: sharing');
  expect(shown).toContain('reply to: reply@example.org');
  expect(shown).toContain('locale: en-US');
  expect(shown).toMatch(/user agent: Mozilla\/5\.0/);
  expect(shown).toContain(`1. screenshot.png (image/png, ${png.length} bytes`);
  expect(shown).toContain('The share page shows an empty folder after I save a shared link.');
  expect(feedbackCommand('list', '--category', 'sharing')).toContain(id);
  const copy = await operatorCopy(id);
  expect(copy.body).toContain('Reply to: reply@example.org');
  expect(copy.body).toContain('- screenshot.png (image/png');

  await sent.getByRole('button', { name: 'Send more feedback' }).click();
  await expect(
    page.getByTestId('feedback-form').getByRole('textbox', { name: 'Your message' }),
  ).toHaveValue('');
});

test('an unsubscribe link changes nothing until the click, then subscribes again', async ({
  page,
}) => {
  const email = newEmail();
  const d = unsubscribeToken(email, 'newsletter');
  await page.goto(`/unsubscribe?d=${encodeURIComponent(d)}`);
  const panel = page.getByTestId('unsubscribe-panel');
  await expect(panel).toHaveAttribute('data-state', 'subscribed');
  await expect(panel.getByTestId('unsubscribe-scene')).toHaveText('Newsletter');
  await expect(panel.getByTestId('unsubscribe-email')).toContainText('@example.com');
  await expect(panel.getByTestId('unsubscribe-email')).not.toHaveText(email);
  // Opening the page (as a mail scanner would) unsubscribed nobody.
  expect(await subscription(page, d)).toMatchObject({ subscribed: true, scene: 'newsletter' });

  await panel.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(panel).toHaveAttribute('data-state', 'unsubscribed');
  await expect(panel.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
  expect((await subscription(page, d)).subscribed).toBe(false);

  // Opened again later: it says so, and offers to subscribe again.
  await page.reload();
  await expect(page.getByTestId('unsubscribe-panel')).toHaveAttribute('data-state', 'already');
  await page.getByRole('button', { name: 'Subscribe again' }).click();
  await expect(page.getByTestId('unsubscribe-panel')).toHaveAttribute('data-state', 'resubscribed');
  await expect(page.getByRole('heading', { name: 'You are subscribed again' })).toBeVisible();
  expect((await subscription(page, d)).subscribed).toBe(true);
});

test('a bare page asks for the link, and an altered link gets the translated error', async ({
  page,
}) => {
  await page.goto('/unsubscribe');
  await expect(page.getByTestId('unsubscribe-problem')).toHaveAttribute('data-state', 'missing');
  await expect(
    page.getByText('Open this page from the unsubscribe link in one of our emails.'),
  ).toBeVisible();

  const d = unsubscribeToken(newEmail(), 'activity');
  const [, mac] = d.split('.');
  const forged = `${Buffer.from(JSON.stringify({ e: 'victim@example.com', s: 'activity' })).toString('base64url')}.${mac}`;
  await page.goto(`/ja/unsubscribe?d=${encodeURIComponent(forged)}`);
  const problem = page.getByTestId('unsubscribe-problem');
  await expect(problem).toHaveAttribute('data-state', 'invalid');
  await expect(problem.getByRole('alert')).toHaveText('この配信停止リンクは無効です');
  await expect(page.getByRole('button', { name: '配信を停止する' })).toHaveCount(0);
});

test('an article takes a helpful vote; the contact page offers feedback and the help centre when the operator published no address', async ({
  page,
}) => {
  // A help centre article asks whether it helped, and thanks once the answer is kept.
  await page.goto('/help-center/sharing/create-a-share-link');
  const vote = page.getByTestId('helpful-vote');
  await vote.getByRole('button', { name: 'Yes' }).click();
  await expect(vote.getByRole('status')).toHaveText('Thank you for your answer.');
  await expect(vote).toHaveAttribute('data-state', 'sent');

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(page.getByTestId('contact-none')).toBeVisible();
  await expect(page.getByTestId('contact-support-email')).toHaveCount(0);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  const feedback = page.getByRole('link', { name: 'Open the feedback form' });
  await feedback.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/drive\/feedback$/);
});
