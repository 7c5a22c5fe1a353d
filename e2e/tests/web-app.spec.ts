import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { memberPassword, newMember } from '../support/members';
import { item } from '../support/drive-items';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The installable app (docs/web-app.md#installable-app) in Chromium against the built app: a link
 * shared to the manifest's share target lands in the Add dialog of the offline downloads, after
 * sign-in for a signed-out member; the manifest's icons are PNGs of their stated sizes; and once
 * the drive has registered the service worker, a page the network cannot bring shows the
 * "No connection" shell, which holds nothing of the member's.
 */

/** The width and height a PNG's header states. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/** The Add dialog of the offline downloads. */
function addDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Add offline download' });
}

test('a shared link opens the Add dialog prefilled; a signed-out member signs in and lands in it', async ({
  page,
  browser,
  baseURL,
}) => {
  const shared = new URLSearchParams({
    title: 'A clip',
    text: 'Look at this: https://video.example/clip.mp4.',
  });
  // The member signs up in a browser of their own meanwhile.
  const [member] = await Promise.all([
    newMember(browser, baseURL ?? ''),
    page.goto(`/share-target?${shared.toString()}`),
  ]);
  await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(member.email);
  await panel.locator('input[name=password]').fill(memberPassword);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  await expect(addDialog(page).getByLabel('Links')).toHaveValue('https://video.example/clip.mp4');

  // Signed in, a share sheet that sends the link as `url` goes straight to the dialog.
  await page.keyboard.press('Escape');
  await expect(addDialog(page)).toHaveCount(0);
  const link = 'https://files.example/report 2026.pdf';
  await page.goto(
    `/share-target?${new URLSearchParams({ title: 'Report', url: link }).toString()}`,
  );
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  await expect(addDialog(page).getByLabel('Links')).toHaveValue(link);
});

test('the manifest’s icons are drawn PNGs; offline, a page shows the shell and comes back', async ({
  page,
  request,
}) => {
  const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as {
    start_url: string;
    icons: { src: string; sizes: string; type: string }[];
  };
  const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
  expect(pngs.length).toBeGreaterThanOrEqual(4);
  for (const icon of pngs) {
    const answer = await page.request.get(icon.src);
    expect(answer.headers()['content-type']).toBe('image/png');
    expect(pngSize(await answer.body())).toBe(icon.sizes);
  }
  // A page in another language links the manifest written in it, which opens that drive (read
  // apart from the page, whose locale cookie the Japanese page would set).
  const japanese = await (await request.get('/ja')).text();
  expect(japanese).toContain('<link rel="manifest" href="/ja/manifest.webmanifest"');
  const ja = (await (await request.get('/ja/manifest.webmanifest')).json()) as {
    lang: string;
    start_url: string;
    description: string;
  };
  expect(ja).toMatchObject({
    lang: 'ja',
    start_url: '/ja/drive/all',
    description: 'リンクもファイルも、安心できるひとつの場所に。',
  });

  // Before the worker is installed, the share sheet's post goes on to the share target's page.
  const post = await page.request.post('/share-target', {
    multipart: { title: 'A clip', text: 'https://video.example/early.mp4' },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(303);
  expect(new URL(post.headers()['location'] ?? '', 'http://n.test').pathname).toBe('/share-target');

  const email = newEmail();
  await signUpInEnglish(page, email, 'web app horse 42');
  // The drive registers the worker once idle; it keeps the shell when it installs.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        const shell = await caches.match('/no-connection');
        return registration?.active && shell ? await shell.text() : '';
      }),
    )
    .toContain('No connection');
  const shell = await page.evaluate(async () => (await caches.match('/no-connection'))!.text());
  expect(shell).not.toContain(email);

  await page.context().setOffline(true);
  await page.goto('/drive/recent');
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await expect(page).toHaveURL(/\/drive\/recent$/);

  // Still offline, trying again shows the shell again; back online, the page loads by itself.
  await Promise.all([
    page.waitForEvent('load'),
    page.getByRole('button', { name: 'Try again' }).click(),
  ]);
  await expect(page.getByRole('heading', { name: 'No connection' })).toBeVisible();
  await page.context().setOffline(false);
  await expect(page.getByTestId('no-connection')).toHaveCount(0);
  await expect(page.getByTestId('drive-recent')).toBeVisible();
});

/** Posts a share to the share target as a phone's share sheet does: a multipart form. */
async function shareFromPhone(
  page: Page,
  fields: Record<string, string>,
  files: { name: string; type: string; text: string }[],
): Promise<void> {
  await page.evaluate(
    ({ fields, files }) => {
      const form = document.createElement('form');
      form.method = 'POST';
      form.action = '/share-target';
      form.enctype = 'multipart/form-data';
      for (const [name, value] of Object.entries(fields)) {
        const input = document.createElement('input');
        input.name = name;
        input.value = value;
        form.append(input);
      }
      const picked = new DataTransfer();
      for (const file of files) {
        picked.items.add(new File([file.text], file.name, { type: file.type }));
      }
      const input = document.createElement('input');
      input.type = 'file';
      input.name = 'files';
      input.multiple = true;
      input.files = picked.files;
      form.append(input);
      document.body.append(form);
      form.submit();
    },
    { fields, files },
  );
}

test('files shared from a phone are offered for upload and land in My files; a shared link in the Add dialog', async ({
  page,
}) => {
  await signUpInEnglish(page, newEmail(), 'share sheet horse 42');
  // The worker takes the share sheet's post once it controls the drive.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);

  await shareFromPhone(page, { title: 'Notes' }, [
    { name: 'shared-note.txt', type: 'text/plain', text: 'shared from a phone' },
    { name: 'second note.txt', type: 'text/plain', text: 'and another' },
  ]);
  await expect(page).toHaveURL(/\/drive\/all$/);
  const dialog = page.getByRole('dialog', { name: 'Upload shared files' });
  await expect(dialog.getByTestId('shared-file')).toHaveText([
    'shared-note.txt',
    'second note.txt',
  ]);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(item(page, 'shared-note.txt')).toBeVisible();
  await expect(item(page, 'second note.txt')).toBeVisible();
  expect(await page.evaluate(() => caches.has('nimbus-shared-files'))).toBe(false);

  // A share without files is a link: it goes on to the Add dialog.
  await shareFromPhone(page, { title: 'A clip', text: 'https://video.example/phone.mp4' }, []);
  await expect(page).toHaveURL(/\/drive\/tasks$/);
  await expect(addDialog(page).getByLabel('Links')).toHaveValue('https://video.example/phone.mp4');
});

test('files shared while signed out wait through the sign-in; Cancel forgets them', async ({
  page,
}) => {
  const email = newEmail();
  const password = 'signed out horse 42';
  await signUpInEnglish(page, email, password);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  // Signed out in this browser: no session cookie, no stored credentials.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.removeItem('nimbus_credentials'));

  await shareFromPhone(page, {}, [{ name: 'waiting.txt', type: 'text/plain', text: 'waits' }]);
  await expect(page).toHaveURL(/\/drive\/login\?redirect=/);
  const panel = page.getByTestId('auth-panel');
  await expect(panel).toHaveAttribute('data-ready', 'true');
  await panel.locator('input[name=email]').fill(email);
  await panel.locator('input[name=password]').fill(password);
  await panel.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/drive\/all$/);
  const dialog = page.getByRole('dialog', { name: 'Upload shared files' });
  await expect(dialog.getByTestId('shared-file')).toHaveText(['waiting.txt']);
  // The footer's Cancel (the corner's close button, also "Cancel", does the same).
  await dialog.getByRole('button', { name: 'Cancel', exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => page.evaluate(() => caches.has('nimbus-shared-files'))).toBe(false);
  await expect(page.getByTestId('drive-all')).not.toHaveAttribute('inert');
  await expect(item(page, 'waiting.txt')).toHaveCount(0);
});
