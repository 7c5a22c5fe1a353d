import { expect, test } from '@playwright/test';
import { createShare, newTextFile, tokenOf } from '../support/drive-seed';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The sharer's side of a moderation decision in Chromium: in /drive/shares a link that moderation
 * took down shows its status and the reason, in the text the server gives in the member's language
 * (docs/api.md#moderation). The list answer is the server's, with the decision written into it,
 * so the page is checked apart from the console that makes decisions.
 */

const password = 'moderated sharer 7';

test('the sharer sees why moderation took a link down', async ({ browser, baseURL }) => {
  test.setTimeout(90_000);
  const email = newEmail();
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpInEnglish(page, email, password);
  const token = await tokenOf(baseURL ?? '', email, password);
  const fileId = await newTextFile(page.request, token, '', 'notes.txt');
  await createShare(page.request, token, [fileId], { pass_code_option: 'NOT_REQUIRED' });

  await page.route('**/drive/v1/share/list**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: Record<string, string>[] };
    for (const share of body.data) {
      share.share_status = 'PROHIBITED';
      share.moderation_reason = 'copyright';
      share.moderation_reason_text = 'Copyright infringement';
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/drive/shares');
  const row = page.getByRole('row', { name: /notes\.txt/ });
  await expect(row.getByText('Moderation: Copyright infringement')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Blocked' })).toBeVisible();
  await context.close();
});
