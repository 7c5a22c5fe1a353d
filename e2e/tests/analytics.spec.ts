import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { dataDir } from '../support/outbox';

/*
 * Analytics in a real browser against the real server: a click on an app's download button is
 * an `app-download` event that leaves with the page (a beacon) and that the server stores; the
 * visitor's switch in the footer stops the events and is remembered; a browser that sends Global
 * Privacy Control sends nothing and the switch says why. Each test tags its visitor with its own
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
