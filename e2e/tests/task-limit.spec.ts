import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The free plan's daily limit of offline downloads, in Chromium against the real server: a free
 * member creates the plan's five tasks of the day through the API (as any client would), then
 * the task list and the Add dialog show the over-the-limit notice with the way to Premium, and
 * one more link is refused with the catalogue's message, in English and in Japanese. Premium
 * (granted with the operators' membership command) lifts the limit and the notice goes.
 */

const password = 'task limit 42';

/** The free plan's offline tasks a day (`PLAN_FREE_CLOUD_DOWNLOADS`, default 5). */
const freeDailyTasks = 5;

/** Nothing listens on port 9 and the fetch guard refuses it: each task fails at once. */
const link = (index: number) => `http://127.0.0.1:9/limit-${index}.bin`;

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const signIn = await request.post('/v1/auth/signin', {
    data: { client_id: 'web', username: email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  return ((await signIn.json()) as { access_token: string }).access_token;
}

/** Asks for one offline task (`POST /drive/v1/files`, `UPLOAD_TYPE_URL`) as the member. */
function createTask(request: APIRequestContext, token: string, url: string) {
  return request.post('/drive/v1/files', {
    headers: { 'x-client-id': 'web', authorization: `Bearer ${token}` },
    data: { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url } },
  });
}

/** Grants premium days with the operators' command, against the running server's database. */
function grantPremium(email: string, days: number): void {
  execFileSync(
    'node',
    ['apps/server/dist/membership.js', 'grant', '--email', email, '--days', String(days)],
    {
      cwd: fileURLToPath(new URL('../..', import.meta.url)),
      env: { ...process.env, DATA_DIR: process.env.NIMBUS_E2E_DATA_DIR ?? '', LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    },
  );
}

test('a free member at the daily task limit sees the notice, and one more link is refused', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const email = newEmail();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(request, email);
  for (let index = 1; index <= freeDailyTasks; index += 1) {
    const created = await createTask(request, token, link(index));
    expect(created.ok(), await created.text()).toBe(true);
  }
  // The server itself refuses a sixth, with the reason and its message.
  const refused = await createTask(request, token, link(6));
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({
    error: 'task_daily_create_limit',
    error_code: 8,
  });

  // The task list: the day's five, and the notice with the way to Premium.
  await page.goto('/drive/tasks');
  await expect(page.getByTestId('task-item')).toHaveCount(freeDailyTasks);
  const listNotice = page.getByTestId('drive-tasks').getByTestId('task-limit-notice');
  await expect(listNotice).toContainText(
    "You've reached today's limit of 5 offline downloads on the free plan.",
  );
  await expect(listNotice.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
    'href',
    '/drive/payment',
  );

  // The Add dialog says it before anything is sent, and the link is refused when it is.
  await page.getByTestId('add-link-button').click();
  const dialog = page.getByTestId('add-link-dialog');
  await expect(dialog.getByTestId('task-limit-notice')).toContainText(
    "You've reached today's limit of 5 offline downloads on the free plan.",
  );
  await dialog.getByTestId('add-link-text').fill(link(7));
  await dialog.getByTestId('add-link-submit').click();
  const problems = dialog.getByTestId('add-link-problems');
  await expect(problems).toContainText(link(7));
  await expect(problems).toContainText("You have reached today's limit of offline downloads");
  await expect(dialog.getByTestId('add-link-text')).toHaveValue(link(7));
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('task-item')).toHaveCount(freeDailyTasks);

  // The same in Japanese.
  await page.goto('/ja/drive/tasks');
  await expect(page.getByTestId('drive-tasks').getByTestId('task-limit-notice')).toContainText(
    '無料プランの本日のオフラインダウンロード上限（5 件）に達しました。',
  );
  await expect(page.getByTestId('task-limit-upgrade').first()).toHaveText(
    'プレミアムにアップグレード',
  );
  await page.getByTestId('add-link-button').click();
  await dialog.getByTestId('add-link-text').fill(link(8));
  await dialog.getByTestId('add-link-submit').click();
  await expect(dialog.getByTestId('add-link-problems')).toContainText(
    '本日のオフラインダウンロードの上限に達しました',
  );
  await page.keyboard.press('Escape');

  // Premium lifts the limit: the notice goes, and the link is taken.
  grantPremium(email, 30);
  await page.goto('/drive/tasks');
  await expect(page.getByTestId('task-item')).toHaveCount(freeDailyTasks);
  await expect(page.getByTestId('task-limit-notice')).toHaveCount(0);
  await page.getByTestId('add-link-button').click();
  await expect(dialog.getByTestId('task-limit-notice')).toHaveCount(0);
  await dialog.getByTestId('add-link-text').fill(link(9));
  await dialog.getByTestId('add-link-submit').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('task-item')).toHaveCount(freeDailyTasks + 1);
});
