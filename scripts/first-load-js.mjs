#!/usr/bin/env node
/**
 * Measures a page's first-load JavaScript: the gzipped size of every `<script src>` the page's
 * HTML references, summed. Next 16 no longer prints this after a build. Scripts marked
 * `nomodule` (the legacy polyfills) are listed but not counted: browsers with module support
 * never download them.
 *
 *   node scripts/first-load-js.mjs [--path /] [--budget 170] [--dir apps/web] [--url http://host:port]
 *
 * Without --url it starts `next start` for the built app in --dir on a free 127.0.0.1 port and
 * stops it afterwards. Prints each script and the total in kB (1000 bytes); exits with 1 when the
 * total is above --budget (kB), 2 when the measurement itself fails.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const options = { path: '/', budget: 170, dir: 'apps/web', url: undefined };
  for (let index = 0; index < argv.length; index += 1) {
    const name = argv[index];
    const value = argv[index + 1];
    if (!name.startsWith('--') || value === undefined) {
      throw new Error(`unexpected argument ${name}`);
    }
    const key = name.slice(2);
    if (!(key in options)) {
      throw new Error(`unknown option ${name}`);
    }
    options[key] = key === 'budget' ? Number(value) : value;
    index += 1;
  }
  if (!Number.isFinite(options.budget) || options.budget <= 0) {
    throw new Error('--budget must be a positive number of kB');
  }
  return options;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function startNext(dir) {
  const appDir = path.resolve(root, dir);
  const nextBin = createRequire(path.join(appDir, 'package.json')).resolve('next/dist/bin/next');
  const port = await freePort();
  const child = spawn(process.execPath, [nextBin, 'start', '-H', '127.0.0.1', '-p', String(port)], {
    cwd: appDir,
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`next start exited with ${child.exitCode}:\n${output}`);
    }
    try {
      await fetch(`${baseUrl}/robots.txt`, { signal: AbortSignal.timeout(2_000) });
      return {
        baseUrl,
        stop: () => {
          try {
            process.kill(-child.pid, 'SIGTERM');
          } catch {
            child.kill('SIGTERM');
          }
        },
      };
    } catch {
      await sleep(250);
    }
  }
  child.kill('SIGTERM');
  throw new Error(`next start did not answer within 60 s:\n${output}`);
}

/**
 * The unique `src` of every `<script>` element of the HTML, resolved against the page URL, with
 * whether the element is `nomodule`.
 */
function scriptSources(html, pageUrl) {
  const sources = new Map();
  for (const match of html.matchAll(/<script\b([^>]*?)\bsrc="([^"]+)"([^>]*)>/gi)) {
    const attributes = `${match[1]} ${match[3]}`;
    sources.set(
      new URL(match[2].replaceAll('&amp;', '&'), pageUrl).toString(),
      /\bnomodule\b/i.test(attributes),
    );
  }
  return [...sources].map(([src, noModule]) => ({ src, noModule }));
}

async function measure(baseUrl, pagePath) {
  const pageUrl = new URL(pagePath, baseUrl).toString();
  const response = await fetch(pageUrl, {
    headers: { 'accept-language': 'en-US', accept: 'text/html' },
  });
  if (!response.ok) {
    throw new Error(`${pageUrl} answered ${response.status}`);
  }
  const html = await response.text();
  const scripts = await Promise.all(
    scriptSources(html, response.url).map(async ({ src, noModule }) => {
      const script = await fetch(src);
      if (!script.ok) {
        throw new Error(`${src} answered ${script.status}`);
      }
      const bytes = Buffer.from(await script.arrayBuffer());
      return { src, noModule, raw: bytes.length, gzip: gzipSync(bytes).length };
    }),
  );
  return { pageUrl, scripts };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const server = options.url
    ? { baseUrl: options.url, stop: () => undefined }
    : await startNext(options.dir);
  try {
    const { pageUrl, scripts } = await measure(server.baseUrl, options.path);
    const kb = (bytes) => (bytes / 1000).toFixed(1);
    for (const script of scripts.sort((a, b) => b.gzip - a.gzip)) {
      const note = script.noModule ? '  (nomodule, not counted)' : '';
      console.log(`${kb(script.gzip).padStart(7)} kB  ${new URL(script.src).pathname}${note}`);
    }
    const counted = scripts.filter((script) => !script.noModule);
    const total = counted.reduce((sum, script) => sum + script.gzip, 0);
    console.log(
      `First-load JS of ${pageUrl}: ${kb(total)} kB gzipped in ${counted.length} module scripts (budget ${options.budget} kB)`,
    );
    if (total / 1000 > options.budget) {
      console.error(`Over budget by ${kb(total - options.budget * 1000)} kB`);
      process.exitCode = 1;
    }
  } finally {
    server.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
});
