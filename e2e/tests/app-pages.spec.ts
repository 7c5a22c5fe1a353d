import { expect, test } from '@playwright/test';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * The app pages show what the operator published (APP_DOWNLOADS in the e2e server's
 * configuration: the Android package and the iOS store, no Google Play) and put the download
 * that fits the visitor's device first; the blog lists the posts of the visitor's language, each
 * leading to its own page (blog.spec.ts covers those pages and the feeds).
 */

const androidAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const iphoneAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

test('an Android phone sees the configured package first, with its details and the app link', async ({
  browser,
}) => {
  const context = await browser.newContext({
    userAgent: androidAgent,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto('/mobile-app');

  const apk = page.locator('section[data-channel="android"]');
  await expect(apk).toHaveAttribute('data-recommended', 'true');
  await expect(apk.getByText('Recommended for this device')).toBeVisible();
  const download = apk.getByRole('link', { name: 'Download the APK' });
  await expect(download).toHaveAttribute(
    'href',
    'https://downloads.nimbus.example/nimbus-2.4.1.apk',
  );
  await expect(apk).toContainText('Version 2.4.1 · Size 46 MB');
  await expect(apk).toContainText('Android 8 or later.');
  await apk.getByText('SHA-256 checksum').click();
  await expect(apk.locator('code')).toHaveText('c0ffee'.padEnd(64, '0'));
  await expect(apk.getByRole('link', { name: 'Trouble installing the APK?' })).toHaveAttribute(
    'href',
    '/install-apk-troubleshooting',
  );

  const play = page.locator('section[data-channel="gp"]');
  await expect(play).not.toHaveAttribute('data-recommended', 'true');
  await expect(play).toContainText('Not offered on this server yet');
  await expect(page.locator('section[data-channel="ios"]')).not.toHaveAttribute(
    'data-recommended',
    'true',
  );

  await expect(page.getByRole('link', { name: 'Open in the app' })).toHaveAttribute(
    'href',
    'nimbus://xpan/drive/all',
  );
  await expect(page.locator('[data-qr]')).toHaveCount(0);
  // Published apps come first; the web app is the secondary choice.
  await expect(page.locator('[data-web-app]')).toHaveAttribute('data-web-app', 'secondary');

  // The download is reached from the keyboard.
  await download.focus();
  await expect(download).toBeFocused();
  await context.close();
});

test('an iPhone sees the App Store first, and a computer a QR code of the page', async ({
  browser,
}) => {
  const phone = await browser.newContext({
    userAgent: iphoneAgent,
    viewport: { width: 390, height: 844 },
  });
  const iphone = await phone.newPage();
  await iphone.goto('/mobile-app');
  const store = iphone.locator('section[data-channel="ios"]');
  await expect(store).toHaveAttribute('data-recommended', 'true');
  await expect(store.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute(
    'href',
    'https://apps.nimbus.example/ios/nimbus',
  );
  await expect(iphone.locator('section[data-channel="android"]')).not.toHaveAttribute(
    'data-recommended',
    'true',
  );
  await phone.close();

  const desktop = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });
  const page = await desktop.newPage();
  await page.goto('/ja/mobile-app');
  await expect(page.locator('[data-recommended="true"]')).toHaveCount(0);
  const qr = page.locator('[data-qr]');
  await expect(qr).toHaveAttribute('data-qr', /^http:\/\/127\.0\.0\.1:\d+\/ja\/mobile-app$/);
  await expect(qr.getByRole('img', { name: 'このページへのリンクの QR コード' })).toBeVisible();
  await expect(
    page
      .locator('section[data-channel="android"]')
      .getByRole('link', { name: 'APK をダウンロード' }),
  ).toBeVisible();

  // Nothing is published for Windows: the desktop page offers the web app first.
  await page.goto('/desktop-app?locale=en-US');
  await expect(page.locator('section[data-channel="windows"]')).toContainText(
    'Not offered on this server yet',
  );
  await expect(page.locator('[data-web-app]')).toHaveAttribute('data-web-app', 'primary');
  await expect(page.getByRole('link', { name: 'Open my drive' })).toHaveAttribute(
    'href',
    '/drive/all',
  );
  await desktop.close();
});

test('the blog lists the posts of the language, newest first, each leading to its page', async ({
  page,
}) => {
  await page.goto('/blog');
  const posts = page.locator('article[data-post]');
  await expect(posts).toHaveCount(2);
  await expect(posts.nth(0)).toHaveAttribute('data-post', 'offline-downloads');
  await expect(posts.nth(1)).toHaveAttribute('data-post', 'save-shared-links');

  const first = posts.nth(0);
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(
    'Let Nimbus fetch it: offline downloads',
  );
  await expect(first.locator('time')).toHaveAttribute('datetime', '2026-11-24');
  await expect(first.locator('[data-reading-time]')).toHaveText(/^\d+ min read$/);
  await first.getByRole('link', { name: 'Let Nimbus fetch it: offline downloads' }).click();
  await expect(page).toHaveURL(/\/blog\/offline-downloads$/);
  const body = page.locator('[data-post-body]');
  await expect(body.getByRole('heading', { name: 'Check first, then save' })).toBeVisible();
  await expect(body.getByRole('link', { name: 'link checker' })).toHaveAttribute(
    'href',
    '/url-checker',
  );

  // Other languages have their own posts; the old in-place permalink opens the post's page.
  await page.goto('/ko/blog?post=save-shared-links#save-shared-links');
  await expect(page).toHaveURL(/\/ko\/blog\/save-shared-links(#save-shared-links)?$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    '공유 링크를 바로 내 드라이브에 저장하기',
  );
  await expect(body.getByRole('heading', { name: '저장하면 일어나는 일' })).toBeVisible();
  // An unknown post in the old permalink leaves the list as it is.
  await page.goto('/ko/blog?post=no-such-post');
  await expect(page).toHaveURL(/\/ko\/blog\?post=no-such-post$/);
  await expect(page.locator('article[data-post]')).toHaveCount(2);
});

test('the widget and the links hub show a member their own storage, transfers and links', async ({
  page,
}) => {
  await page.goto('/inapp/widget');
  await expect(
    page.locator('[data-widget="signed-out"]').getByRole('link', { name: 'Sign in to Nimbus' }),
  ).toBeVisible();
  await page.goto('/favorite-links-hub');
  await expect(page.locator('[data-hub="signed-out"]')).toBeVisible();
  await expect(page.getByRole('link', { name: /Check a link/ })).toHaveAttribute(
    'href',
    '/url-checker',
  );

  await signUpInEnglish(page, newEmail(), 'widget horse 42');
  await page.goto('/inapp/widget');
  const widget = page.locator('[data-widget="signed-in"]');
  await expect(widget.getByRole('meter', { name: 'Storage' })).toHaveAttribute(
    'aria-valuenow',
    '0',
  );
  await expect(widget).toContainText(/0 B of [\d.]+ [GT]B used/);
  await expect(widget).toContainText('No offline downloads yet.');
  await expect(widget.getByRole('link', { name: 'Open Nimbus' })).toHaveAttribute('target', '_top');

  await page.goto('/favorite-links-hub');
  const hub = page.locator('[data-hub="signed-in"]');
  await expect(hub).toContainText('You have not shared anything yet.');
  await expect(hub.getByRole('link', { name: 'All my links' })).toHaveAttribute(
    'href',
    '/drive/shares',
  );
});
