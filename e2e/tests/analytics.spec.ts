import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { dataDir } from '../support/outbox';
import { newEmail, signUpInEnglish } from '../support/sign-up';

/*
 * Analytics in a real browser against the real server: a click on an app's download button is
 * an `app-download` event that leaves with the page (a beacon) and that the server stores; the
 * visitor's switch in the footer stops the events and is remembered; a browser that sends Global
 * Privacy Control sends nothing and the switch says why. Statistics are off until the visitor
 * says yes to the prompt, asked once (the other specs start with that yes given). Each test tags its visitor with its own
 * attribution source (`?source=`), which every event carries, and reads its events from the
 * server's database: beacons sent as a page goes are not reported to the test by the browser.
 */

const androidAgent =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

interface StoredEvent {
  event: string;
  page: string;
  client_type: string;
  user_id: string | null;
  address_hash: string;
  props: string;
}

/** The events the server stored for visitors tagged `source`, oldest first. */
function storedEvents(source: string): StoredEvent[] {
  const database = new Database(path.join(dataDir(), 'nimbus.db'), { readonly: true });
  try {
    return database
      .prepare(
        'SELECT event, page, client_type, user_id, address_hash, props FROM analytics_events WHERE source = ? ORDER BY created_at',
      )
      .all(source) as StoredEvent[];
  } finally {
    database.close();
  }
}

function newSource(): string {
  return `e2e-${randomBytes(6).toString('hex')}`;
}

/** Follows a link to the premium page from the page shown, and comes back to `back`. */
async function followPremiumLink(page: Page, back: string): Promise<void> {
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '/drive/payment';
    link.textContent = 'premium';
    document.body.append(link);
  });
  await page.getByRole('link', { name: 'premium' }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/drive/'));
  await page.goto(back);
}

test('a download button sends app-download as the page goes, and the server stores it', async ({
  browser,
}) => {
  const source = newSource();
  const context = await browser.newContext({
    userAgent: androidAgent,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  await context.route('https://downloads.nimbus.example/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/plain', body: 'apk' }),
  );
  const page = await context.newPage();
  await page.goto(`/ja/mobile-app?source=${source}`);
  await page.locator('section[data-channel="android"] a[data-app-download]').click();
  await page.waitForURL('https://downloads.nimbus.example/**');
  await expect
    .poll(() => storedEvents(source).map((event) => event.event))
    .toEqual(['app-download']);
  const [stored] = storedEvents(source);
  expect(stored).toMatchObject({ page: '/mobile-app', client_type: 'android', user_id: null });
  expect(JSON.parse(stored?.props ?? '')).toEqual({ platform: 'android', channel: 'android' });
  // No raw address is kept.
  expect(stored?.address_hash).toMatch(/^[0-9a-f]{32}$/);
  await context.close();
});

test('the footer switch stops the events and is remembered', async ({ browser }) => {
  const source = newSource();
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/desktop-app?source=${source}`);
  const toggle = page.getByRole('checkbox', { name: 'Share usage statistics' });
  await expect(toggle).toBeChecked();
  await followPremiumLink(page, '/desktop-app');
  await expect
    .poll(() => storedEvents(source).map((event) => event.event))
    .toEqual(['jump-to-vip']);
  expect(JSON.parse(storedEvents(source)[0]?.props ?? '')).toEqual({
    from: '/desktop-app',
    to: '/drive/payment',
  });

  // Off: remembered across a reload, and the next jump sends nothing.
  await page.getByRole('checkbox', { name: 'Share usage statistics' }).uncheck();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Share usage statistics' })).not.toBeChecked();
  await followPremiumLink(page, '/desktop-app?from=off');
  // On again: the jump after it arrives, and the one made while off never came before it.
  await page.getByRole('checkbox', { name: 'Share usage statistics' }).check();
  await followPremiumLink(page, '/desktop-app');
  await expect.poll(() => storedEvents(source).length).toBe(2);
  expect(storedEvents(source).map((event) => event.event)).toEqual(['jump-to-vip', 'jump-to-vip']);
  await context.close();
});

test('Global Privacy Control turns analysis off and the switch tells why', async ({ browser }) => {
  const source = newSource();
  const context = await browser.newContext();
  await context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true });
  });
  const page = await context.newPage();
  await page.goto(`/help?source=${source}`);
  const toggle = page.getByRole('checkbox', { name: 'Share usage statistics' });
  await expect(toggle).toBeDisabled();
  await expect(toggle).not.toBeChecked();
  await expect(
    page.getByText('Your browser asks sites not to track you, so nothing is sent.'),
  ).toBeVisible();
  await context.close();
});

/** A browser that has answered nothing yet: no statistics choice (and no language suggestion). */
async function unaskedPage(
  browser: Browser,
  baseURL: string,
  options: { viewport?: { width: number; height: number }; initScript?: () => void } = {},
): Promise<Page> {
  const context = await browser.newContext({
    ...(options.viewport ? { viewport: options.viewport } : {}),
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [{ name: 'nimbus.i18n.hide_language_change', value: '["en-US"]' }],
        },
      ],
    },
  });
  if (options.initScript) {
    await context.addInitScript(options.initScript);
  }
  return context.newPage();
}

test('statistics are off until the visitor says yes to the prompt, asked once; yes is remembered', async ({
  browser,
  baseURL,
}) => {
  const source = newSource();
  const page = await unaskedPage(browser, baseURL ?? '');
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/statistics/pub/event')) {
      sent.push(request.url());
    }
  });
  await page.goto(`/desktop-app?source=${source}`);
  const prompt = page.getByRole('region', { name: 'Usage statistics' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText('Your files and their names are never sent.');
  const toggle = page.getByRole('checkbox', { name: 'Share usage statistics' });
  await expect(toggle).not.toBeChecked();
  // Unanswered: a jump to the premium pages sends nothing, and the prompt asks again.
  await followPremiumLink(page, '/desktop-app');
  await expect(prompt).toBeVisible();
  expect(sent).toEqual([]);
  expect(storedEvents(source)).toEqual([]);

  await prompt.getByRole('button', { name: 'Yes' }).click();
  await expect(prompt).toHaveCount(0);
  await expect(toggle).toBeChecked();
  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Share usage statistics' })).toBeChecked();
  await expect(page.getByTestId('analysis-prompt')).toHaveCount(0);
  await followPremiumLink(page, '/desktop-app');
  await expect
    .poll(() => storedEvents(source).map((event) => event.event))
    .toEqual(['jump-to-vip']);
  await page.context().close();
});

test('no keeps statistics off and the prompt away; the footer switch still turns them on', async ({
  browser,
  baseURL,
}) => {
  const page = await unaskedPage(browser, baseURL ?? '');
  await page.goto('/help');
  await page.getByTestId('analysis-prompt').getByRole('button', { name: 'No, thanks' }).click();
  await expect(page.getByTestId('analysis-prompt')).toHaveCount(0);
  await page.reload();
  const toggle = page.getByRole('checkbox', { name: 'Share usage statistics' });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  await expect(page.getByTestId('analysis-prompt')).toHaveCount(0);
  await toggle.check();
  expect(await page.evaluate(() => localStorage.getItem('nimbus_allow_analysis'))).toBe('1');
  await page.context().close();
});

test('a browser that sends Do Not Track or Global Privacy Control is not asked', async ({
  browser,
  baseURL,
}) => {
  for (const initScript of [
    () => Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' }),
    () => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }),
  ]) {
    const page = await unaskedPage(browser, baseURL ?? '', { initScript });
    await page.goto('/help');
    // The switch is read after hydration: once it is disabled the prompt would have shown.
    await expect(page.getByRole('checkbox', { name: 'Share usage statistics' })).toBeDisabled();
    await expect(page.getByTestId('analysis-prompt')).toHaveCount(0);
    await page.context().close();
  }
});

test('on a phone the prompt covers nothing: sign-up goes through beside it, and it leaves the header, the drive’s heading and its upload button free', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const page = await unaskedPage(browser, baseURL ?? '', {
    viewport: { width: 390, height: 844 },
  });
  await page.goto('/auth');
  await expect(page.getByTestId('analysis-prompt')).toBeVisible();
  await signUpInEnglish(page, newEmail(), 'prompt horse 42');
  const prompt = page.getByTestId('analysis-prompt');
  await expect(prompt).toBeVisible();
  const card = await prompt.boundingBox();
  for (const control of [
    page.locator('#pc_header'),
    page.getByTestId('breadcrumbs').locator('h1'),
    page.getByRole('button', { name: 'Upload files' }).last(),
  ]) {
    await expect(control).toBeVisible();
    const box = await control.boundingBox();
    expect(card && box).toBeTruthy();
    if (card && box) {
      const apart =
        card.x + card.width <= box.x ||
        box.x + box.width <= card.x ||
        card.y + card.height <= box.y ||
        box.y + box.height <= card.y;
      expect(apart, `${control.toString()} is clear of the prompt`).toBe(true);
    }
  }
  await page.context().close();
});
