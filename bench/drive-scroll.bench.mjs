/* global document, requestAnimationFrame -- the functions handed to page.evaluate run in the page */
// Scrolling /drive/all through a folder of 100,000 files in Chromium (playwright-core, Debian's
// chromium): the list is scrolled to its end one step per animation frame while it fetches its
// keyset pages, and the bench prints the frame times (p50/p95 of requestAnimationFrame
// intervals) and the pages fetched. The baseline, in the same run and the same browser, scrolls
// a static page of the same height holding the same number of DOM rows as the virtual window
// (copies of the real rows with the site's CSS, kept in view), so the ratio shows what the
// virtual list and its page fetches add to the browser's own cost. Needs the built web app
// (`npm run build`). `BENCH_SCROLL_FILES` changes the 100,000.
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { line, NotMeasured, root, runBench, seedFolder, signUp, startNimbus } from './lib.mjs';

const fileCount = Number(process.env.BENCH_SCROLL_FILES ?? 100_000);
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Pixels scrolled per frame: 40 list rows. */
const stepPx = 40 * 48;
const pageSize = 300;

const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

/**
 * Scrolls `selector` one step a frame until its end stays put (no page left to fetch), and
 * returns the frame intervals. Runs in the page.
 */
function scrollToEnd({ selector, step, idleFrames }) {
  return new Promise((resolve, reject) => {
    const scroller = document.querySelector(selector);
    if (!scroller) {
      reject(new Error(`no ${selector}`));
      return;
    }
    const frames = [];
    // Main-thread tasks over 50 ms: what actually blocks scrolling. A frame interval may also
    // be long while nothing changes on screen (waiting for a page), which is no jank.
    const longTasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longTasks.push(entry.duration);
      }
    });
    observer.observe({ type: 'longtask' });
    let last;
    let still = 0;
    const started = performance.now();
    const tick = (now) => {
      if (last !== undefined) {
        frames.push(now - last);
      }
      last = now;
      const before = scroller.scrollTop;
      scroller.scrollTop = before + step;
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1;
      const loading =
        scroller.getAttribute('aria-busy') === 'true' || scroller.querySelector('.animate-pulse');
      still = atEnd && !loading ? still + 1 : 0;
      if (still >= idleFrames) {
        observer.disconnect();
        resolve({ frames, longTasks, seconds: (performance.now() - started) / 1000 });
        return;
      }
      if (performance.now() - started > 10 * 60 * 1000) {
        reject(new Error('the list did not reach its end in 10 minutes'));
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

function percentileOf(values, p) {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

await runBench(async () => {
  if (!fs.existsSync(path.join(root, 'apps/web/.next/BUILD_ID'))) {
    throw new NotMeasured('the web app is not built (npm run build)');
  }
  if (!fs.existsSync(chromiumPath)) {
    throw new NotMeasured(`no Chromium at ${chromiumPath} (CHROMIUM_PATH)`);
  }
  const nimbus = await startNimbus({ WEB: 'true', NODE_ENV: 'production' });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const member = await signUp(nimbus);
    const seeded = Date.now();
    await seedFolder(nimbus, member.userId, '', fileCount);
    process.stdout.write(
      `seeded ${fileCount} files in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`,
    );

    // The member's bearer token on every request; the stored credentials tell the drive pages
    // that someone is signed in.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      locale: 'en-US',
      extraHTTPHeaders: { authorization: member.headers.authorization },
    });
    await context.addInitScript((userId) => {
      localStorage.setItem(
        'nimbus_credentials',
        JSON.stringify({ sub: userId, user_id: userId, expires_at: Date.now() + 86_400_000 }),
      );
      document.cookie = `userid=${userId}; path=/`;
    }, member.userId);
    const page = await context.newPage();
    const pages = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/drive/v1/files' && request.method() === 'GET') {
        pages.push(url.searchParams.get('page_token') ?? '');
      }
    });
    await page.goto(`${nimbus.origin}/drive/all`);
    const listing = page.locator('[data-testid=drive-listing]');
    await listing.locator('[data-testid=drive-item]').first().waitFor({ timeout: 60_000 });
    if ((await listing.getAttribute('data-view')) !== 'list') {
      await page.getByRole('button', { name: 'Layout' }).click();
      await page.getByRole('menuitemradio', { name: 'List' }).click();
      await listing.locator('[data-testid=drive-item]').first().waitFor();
    }
    await listing.evaluate((element) => element.scrollTo(0, 0));
    const windowRows = await listing.locator('[data-testid=drive-item]').count();
    pages.length = 0;

    const drive = await page.evaluate(scrollToEnd, {
      selector: '[data-testid=drive-listing]',
      step: stepPx,
      idleFrames: 30,
    });
    const listed = await listing.evaluate((element) => element.scrollHeight);
    const lastName = await listing
      .locator('[data-testid=drive-item]')
      .last()
      .getAttribute('data-name');
    const rowHtml = await listing
      .locator('[data-testid=drive-item]')
      .first()
      .evaluate((element) => element.outerHTML);
    const styles = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel=stylesheet]')].map((link) => link.href),
    );

    // Baseline: a static page of the same height with the same number of rows, no script.
    const baselinePage = await context.newPage();
    await baselinePage.goto(`${nimbus.origin}/robots.txt`);
    await baselinePage.setContent(
      `<!doctype html><html><head>${styles
        .map((href) => `<link rel="stylesheet" href="${href}">`)
        .join('')}</head><body style="margin:0">
        <div id="static" style="height:${await listing.evaluate((element) => element.clientHeight)}px;overflow-y:auto">
          <div style="height:${listed}px;position:relative">
            ${Array.from(
              { length: windowRows },
              (_, index) =>
                `<div style="position:sticky;top:${index * 48}px;height:48px">${rowHtml}</div>`,
            ).join('')}
          </div>
        </div></body></html>`,
      { waitUntil: 'load' },
    );
    const baseline = await baselinePage.evaluate(scrollToEnd, {
      selector: '#static',
      step: stepPx,
      idleFrames: 30,
    });

    const report = (name, result, against) => {
      const p50 = percentileOf(result.frames, 50);
      const p95 = percentileOf(result.frames, 95);
      line(
        name,
        `frames p50 ${ms(p50)}  p95 ${ms(p95)}  (${result.frames.length} frames, ${result.frames.filter((frame) => frame > 50).length} over 50 ms, ${result.seconds.toFixed(1)} s)`,
        against ? p95 / percentileOf(against.frames, 95) : undefined,
      );
      const longest = Math.max(0, ...result.longTasks);
      const blocked = result.longTasks.reduce((sum, duration) => sum + duration, 0);
      line(
        `  main-thread tasks over 50 ms`,
        `${String(result.longTasks.length).padStart(5)}, longest ${ms(longest)}, ${(blocked / 1000).toFixed(1)} s in all`,
      );
    };
    report(`static page, ${windowRows} rows (baseline)`, baseline);
    report(`/drive/all, ${fileCount} files`, drive, baseline);
    const expectedPages = Math.ceil(fileCount / pageSize) - 1;
    process.stdout.write(
      `pages fetched while scrolling: ${pages.length} (after the first; ${expectedPages} expected at ${pageSize} a page), last row "${lastName}"\n`,
    );
    if (new Set(pages).size !== pages.length) {
      throw new Error('a page was fetched twice');
    }
  } finally {
    await browser.close();
    await nimbus.stop();
  }
});
