// Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G and a 4x slower CPU)
// on three pages of the built app, in Debian's Chromium: the home page, a share page (a folder of
// 20 files shared without a pass code) and the signed-in drive `/drive/all` of a member with 60
// files. For each page it prints the four category scores (performance, accessibility, best
// practices, SEO), the total blocking time, the script boot-up time and the JavaScript the page
// loads, and checks the targets: performance >= 95 on home and share and >= 90 on the drive,
// accessibility 100 everywhere, SEO 100 on the public pages (on a share page, every SEO audit but
// `is-crawlable`: share links are kept out of search engines on purpose). Each page is run
// `BENCH_LIGHTHOUSE_RUNS` times (default 3) and the run with the median performance score is
// printed. `BENCH_LIGHTHOUSE_PAGES` (default `home,share,drive`) picks pages; `BENCH_LIGHTHOUSE_DIR`
// keeps the reports. Needs the built web app (`npm run build`).
//
// Chromium is started by playwright-core with a profile of its own and a DevTools port that
// Lighthouse attaches to; the member's session is the web app's own (the `nimbus_session` cookie
// of a sign-in with the `web` client and the stored credentials in local storage), set in that
// profile before the drive is measured. Lighthouse clears the browser cache before each run, not
// cookies nor local storage.
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  api,
  freePort,
  line,
  median,
  NotMeasured,
  root,
  runBench,
  seedFolder,
  signUp,
  startNimbus,
  target,
  tempDir,
} from './lib.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const categories = ['performance', 'accessibility', 'best-practices', 'seo'];
const pages = (process.env.BENCH_LIGHTHOUSE_PAGES ?? 'home,share,drive').split(',');
const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
/**
 * Share links are kept out of search engines on purpose (`robots.txt` disallows `/s/`, the page
 * says `noindex`): the share page's SEO target is every other SEO audit passed.
 */
const shareSeoExempt = ['is-crawlable'];

/** Signs the member in with the web app's client: answers the session cookie's value. */
async function webSession(nimbus, email, password) {
  const response = await fetch(`${nimbus.origin}/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ client_id: 'web', username: email, password }),
  });
  const answer = await response.json();
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith('nimbus_session='));
  if (!response.ok || !cookie) {
    throw new Error(`the web sign-in answered ${response.status}: ${JSON.stringify(answer)}`);
  }
  return { value: cookie.slice('nimbus_session='.length).split(';')[0], token: answer };
}

/** The figures of one Lighthouse run. */
function figuresOf(lhr, seoExempt = []) {
  const scores = Object.fromEntries(
    categories.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
  );
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    scores,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? NaN,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? NaN,
    bootup: lhr.audits['bootup-time']?.numericValue ?? NaN,
    mainThread: lhr.audits['mainthread-work-breakdown']?.numericValue ?? NaN,
    jsTransfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    jsSize: scripts.reduce((sum, item) => sum + (item.resourceSize ?? 0), 0),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
    seoOthersPassed: (lhr.categories.seo?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && !seoExempt.includes(ref.id))
      .every((ref) => (lhr.audits[ref.id]?.score ?? 1) === 1),
    // The failed audits that cost points outside performance (whose figures are printed).
    failed: categories
      .filter((id) => id !== 'performance')
      .flatMap((id) =>
        (lhr.categories[id]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${id}: ${ref.id}`),
      ),
    runtimeError: lhr.runtimeError?.message,
  };
}

/**
 * Runs Lighthouse `runs` times on a URL; answers the run with the median performance score.
 * `BENCH_LIGHTHOUSE_DIR` keeps each run's report there (JSON, for Lighthouse's viewer).
 */
async function measure(name, url, port, seoExempt) {
  const results = [];
  // A run Lighthouse itself could not record (its trace missed the navigation's start, which a
  // busy machine causes now and then) is tried again, up to `retries` times in all.
  let retries = 3;
  for (let run = 0; run < runs; run += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: categories,
    });
    const figures = figuresOf(result.lhr, seoExempt);
    if (reportDir) {
      fs.mkdirSync(reportDir, { recursive: true });
      fs.writeFileSync(path.join(reportDir, `${name}-${run + 1}.json`), result.report);
    }
    if (figures.runtimeError) {
      retries -= 1;
      if (retries < 0) {
        throw new Error(`Lighthouse could not measure ${url}: ${figures.runtimeError}`);
      }
      process.stdout.write(`(${name}: Lighthouse could not record run ${run + 1}, trying again)\n`);
      run -= 1;
      continue;
    }
    results.push(figures);
  }
  const middle = median(results.map((figures) => figures.scores.performance));
  return {
    ...results.find((figures) => figures.scores.performance === middle),
    all: results.map((figures) => figures.scores.performance),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const msText = (value) => `${Math.round(value)} ms`;

function report(name, figures, goals) {
  const { scores } = figures;
  line(
    name,
    `performance ${scores.performance} (runs ${figures.all.join(', ')}), accessibility ${scores.accessibility}, best practices ${scores['best-practices']}, SEO ${scores.seo}`,
  );
  line(
    `  ${name}: main thread`,
    `TBT ${msText(figures.tbt)}, script boot-up ${msText(figures.bootup)}, main-thread work ${msText(figures.mainThread)}, LCP ${msText(figures.lcp)} (CPU benchmark index ${Math.round(figures.benchmarkIndex)})`,
  );
  line(
    `  ${name}: JavaScript`,
    `${kb(figures.jsTransfer)} transferred, ${kb(figures.jsSize)} uncompressed`,
  );
  for (const audit of figures.failed) {
    process.stdout.write(`  not passed: ${audit}\n`);
  }
  target(
    `${name} performance >= ${goals.performance}`,
    scores.performance >= goals.performance,
    String(scores.performance),
  );
  target(`${name} accessibility 100`, scores.accessibility === 100, String(scores.accessibility));
  if (goals.seo === 'all') {
    target(`${name} SEO 100`, scores.seo === 100, String(scores.seo));
  } else if (goals.seo === 'indexing-exempt') {
    target(
      `${name} SEO 100 but ${shareSeoExempt.join(', ')} (kept out of search engines)`,
      figures.seoOthersPassed,
      figures.seoOthersPassed ? 'every other SEO audit passed' : 'an SEO audit failed',
    );
  }
}

await runBench(async () => {
  if (!fs.existsSync(path.join(root, 'apps/web/.next/BUILD_ID'))) {
    throw new NotMeasured('the web app is not built (npm run build)');
  }
  if (!fs.existsSync(chromiumPath)) {
    throw new NotMeasured(`no Chromium at ${chromiumPath} (CHROMIUM_PATH)`);
  }
  const nimbus = await startNimbus({ WEB: 'true', NODE_ENV: 'production' });
  const debuggingPort = await freePort();
  const context = await chromium.launchPersistentContext(tempDir('nimbus-bench-chromium-'), {
    executablePath: chromiumPath,
    headless: true,
    locale: 'en-US',
    args: [
      `--remote-debugging-port=${debuggingPort}`,
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const password = 'Bench-password-1';
    const owner = await signUp(nimbus);
    const folder = (
      await api(nimbus, owner, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'Holiday photos',
        parent_id: '',
      })
    ).file;
    await seedFolder(nimbus, owner.userId, folder.id, 20);
    const shared = await api(nimbus, owner, 'POST', '/drive/v1/share', {
      file_ids: [folder.id],
      pass_code_option: 'NOT_REQUIRED',
    });

    const email = `bench-drive-${Date.now()}@example.com`;
    const member = await signUp(nimbus, email);
    await seedFolder(nimbus, member.userId, '', 60);
    const session = await webSession(nimbus, email, password);

    if (pages.includes('home')) {
      const home = await measure('home', `${nimbus.origin}/`, debuggingPort);
      report('home /', home, { performance: 95, seo: 'all' });
    }
    if (pages.includes('share')) {
      const share = await measure(
        'share',
        `${nimbus.origin}/s/${shared.share_id}`,
        debuggingPort,
        shareSeoExempt,
      );
      report('share page /s/…', share, { performance: 95, seo: 'indexing-exempt' });
    }
    if (!pages.includes('drive')) {
      return;
    }

    // The web app's own session: the cookie, and the stored credentials its pages read.
    await context.addCookies([
      { name: 'nimbus_session', value: session.value, url: nimbus.origin, httpOnly: true },
      { name: 'userid', value: member.userId, url: nimbus.origin },
    ]);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${nimbus.origin}/robots.txt`);
    await page.evaluate(
      ({ userId, expiresIn }) =>
        localStorage.setItem(
          'nimbus_credentials',
          JSON.stringify({ sub: userId, user_id: userId, expires_at: Date.now() + expiresIn }),
        ),
      { userId: member.userId, expiresIn: session.token.expires_in * 1000 },
    );
    // The session works: the drive lists the member's files. A member's first visit asks for
    // the free trial and welcomes them with a dialog; the measured visit is a returning member's.
    await page.goto(`${nimbus.origin}/drive/all`);
    await page.locator('[data-testid=drive-item]').first().waitFor({ timeout: 60_000 });
    const welcome = page.getByRole('dialog');
    await welcome.waitFor({ timeout: 30_000 });
    await page.keyboard.press('Escape');
    await welcome.waitFor({ state: 'detached' });
    await page.goto('about:blank');
    const drive = await measure('drive', `${nimbus.origin}/drive/all`, debuggingPort);
    report('signed-in drive /drive/all', drive, { performance: 90, seo: 'none' });
  } finally {
    await context.close();
    await nimbus.stop();
  }
});
