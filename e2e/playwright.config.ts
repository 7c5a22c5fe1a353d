import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3217);
const baseURL = `http://127.0.0.1:${port}`;
// Workers load this file again: they inherit the data folder of the main process through the
// environment, so tests can read what the server wrote there (the mail outbox).
const dataDir =
  process.env.NIMBUS_E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'nimbus-e2e-'));
process.env.NIMBUS_E2E_DATA_DIR = dataDir;
// The port of the file server the offline download tests start on loopback; the e2e server may
// fetch from it (ALLOW_PRIVATE_FETCH opens loopback, OFFLINE_FETCH_EXTRA_PORTS this port).
const fetchPort = Number(process.env.NIMBUS_E2E_FETCH_PORT ?? port + 20000);
process.env.NIMBUS_E2E_FETCH_PORT = String(fetchPort);
// A second one, for the link checker's `.torrent` links (the tests run in parallel).
const torrentLinkPort = Number(process.env.NIMBUS_E2E_TORRENT_LINK_PORT ?? port + 20001);
process.env.NIMBUS_E2E_TORRENT_LINK_PORT = String(torrentLinkPort);
// The origin of the page that frames the drive in the embedded-mode test: another origin on the
// same site (loopback, another port), allowed to frame the app (EMBED_ORIGINS).
const embedderOrigin = `http://127.0.0.1:${port + 30000}`;
process.env.NIMBUS_E2E_EMBEDDER_ORIGIN = embedderOrigin;

/**
 * The browser tests run Debian's Chromium against the built app, started exactly as
 * `npm start` starts it, on a fresh SQLite database in a temp folder.
 */
export default defineConfig({
  testDir: 'tests',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  // On the two-core CI machine one retry keeps a timing hiccup from failing the whole run; the
  // report names every test that needed it as flaky, to be made race-free.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  reporter: process.env.CI ? 'line' : 'list',
  timeout: 30_000,
  // A page that answers in a second here may take several on a loaded two-core CI machine: a
  // wait that can never pass fails at the test's timeout all the same.
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    locale: 'en-US',
    // The browser has declined the suggestion of its own language (English) on pages in other
    // languages, and has answered yes to usage statistics (which are off until asked), so
    // neither card sits over the pages the tests read and the analytics tests see events; the
    // language suggestion's and the statistics prompt's own tests start without them.
    storageState: {
      cookies: [],
      origins: [
        {
          origin: baseURL,
          localStorage: [
            { name: 'nimbus.i18n.hide_language_change', value: '["en-US"]' },
            { name: 'nimbus_allow_analysis', value: '1' },
          ],
        },
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    command: 'node --enable-source-maps apps/server/dist/main.js',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    url: `${baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // Every test signs in from 127.0.0.1: per-address limits would make the tests depend on
      // each other. Limits per account and device stay as configured.
      AUTH_RATE_MAX_PER_ADDRESS: '100000',
      SHIELD_INIT_MAX_PER_ADDRESS: '100000',
      SHIELD_CHALLENGE_AFTER_ADDRESS_FAILURES: '100000',
      SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '100000',
      // Every page of every test sends its analytics events from 127.0.0.1.
      ANALYTICS_MAX_PER_MINUTE: '100000',
      // Invitation and trial grants per address: every test's new member calls from 127.0.0.1.
      INVITE_MAX_PER_ADDRESS_PER_DAY: '10000',
      // Every new member makes the free-trial call; here it grants nothing, so the tests of the
      // free plan's limits keep a free member. free-trial.spec.ts starts a server that grants it.
      FREE_TRIAL_DAYS: '0',
      // The server allows the hidden debug console; it still needs the page's debug flag.
      DEBUG_CONSOLE: 'on',
      ALLOW_PRIVATE_FETCH: 'true',
      OFFLINE_FETCH_EXTRA_PORTS: `${fetchPort},${torrentLinkPort}`,
      EMBED_ORIGINS: embedderOrigin,
      // Torrents come from the tracker and seeder the tests run on loopback, not from the DHT.
      OFFLINE_TORRENT_DHT: 'false',
      // The feedback test reads the operator's copy of a member's feedback from the outbox.
      FEEDBACK_EMAIL: 'operator@nimbus.test',
      // The activity tests: one promotion running and one over whatever today's date, and
      // compensations a new member may claim, may not (joined too late) and can no longer claim.
      ACTIVITY_ENDS: JSON.stringify({
        christmas: '2100-01-01T00:00:00Z',
        'black-friday': '2020-12-01T00:00:00Z',
      }),
      // The app pages: the Android package and the iOS store are published, Google Play is not.
      APP_DOWNLOADS: JSON.stringify({
        android: {
          url: 'https://downloads.nimbus.example/nimbus-2.4.1.apk',
          version: '2.4.1',
          size: 48234112,
          notes: 'Android 8 or later.',
          sha256: 'c0ffee'.padEnd(64, '0'),
        },
        ios: { url: 'https://apps.nimbus.example/ios/nimbus', version: '2.4.0' },
      }),
      APP_LINK_SCHEME: 'nimbus',
      COMPENSATIONS: JSON.stringify({
        e2e_outage: {
          days: 5,
          joined_before: '2100-01-01T00:00:00Z',
          ends_at: '2100-01-01T00:00:00Z',
        },
        e2e_before_launch: {
          days: 5,
          joined_before: '2001-01-01T00:00:00Z',
          ends_at: '2100-01-01T00:00:00Z',
        },
        e2e_over: {
          days: 5,
          joined_before: '2100-01-01T00:00:00Z',
          ends_at: '2020-01-01T00:00:00Z',
        },
      }),
    },
  },
});
