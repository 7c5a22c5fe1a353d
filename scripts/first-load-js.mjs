#!/usr/bin/env node
/**
 * The first-load JavaScript budgets of the web app: for each budgeted page, the gzipped size of
 * every `<script src>` its server-rendered HTML references, summed. Next 16 no longer prints this
 * after a build. Scripts marked `nomodule` (the legacy polyfills) are listed but not counted:
 * browsers with module support never download them. Chunks a page imports later (dialogs, the
 * viewer, the upload client) are not in its HTML and not counted.
 *
 *   node scripts/first-load-js.mjs                        # every page of `pageBudgets`
 *   node scripts/first-load-js.mjs --path / --budget 170  # one page
 *   options: --dir apps/web (the built app), --url http://host:port (a running server)
 *
 * Without --url it starts `next start` for the built app in --dir on a free 127.0.0.1 port and
 * stops it afterwards. Prints each page's scripts and total in kB (1000 bytes); a page over its
 * budget lists its chunks, largest first, each with the components and packages it defines (read
 * from the build's client reference manifests), and the run exits with 1; 2 when the
 * measurement itself fails. `npm test` runs it after the build.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { freePort } from './local-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The budgeted pages (kB gzipped). A share page is any well-formed share id: its scripts are the
 * route's, whatever the share holds. The drive page's scripts are the same for a signed-in member
 * (whose first listing page the server renders into it) and a visitor, so its figure is the
 * signed-in first load.
 * `target` is where a page is headed while its budget still holds it at today's size: the check
 * fails on `budget`, and prints the target beside it.
 */
export const pageBudgets = [
  { name: 'home', path: '/', budget: 170 },
  { name: 'share page', path: '/s/budgetProbe', budget: 200 },
  { name: 'drive', path: '/drive/all', budget: 250 },
];

function parseArgs(argv) {
  const options = { path: undefined, budget: undefined, dir: 'apps/web', url: undefined };
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
  if (options.budget !== undefined && (!Number.isFinite(options.budget) || options.budget <= 0)) {
    throw new Error('--budget must be a positive number of kB');
  }
  return options;
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function startNext(appDir) {
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
export function scriptSources(html, pageUrl) {
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

/**
 * The client modules of the build (components and the packages they bring, from every
 * `*_client-reference-manifest.js`), by module id: the names a chunk is known by.
 */
export function clientModuleNames(manifests) {
  const names = new Map();
  for (const manifest of manifests) {
    for (const [key, entry] of Object.entries(manifest.clientModules ?? {})) {
      const name = key
        .replace(/ <module evaluation>$/, '')
        .replace(/^\[project\]\//, '')
        .replace(/^apps\/web\/src\//, '')
        .replace(/^node_modules\/((?:@[^/]+\/)?[^/]+)\/.*$/, '$1');
      names.set(String(entry.id), name);
    }
  }
  return names;
}

/** The names of the client modules a Turbopack chunk defines (`…,<id>,<factory>` entries). */
export function chunkModules(source, names) {
  const found = new Set();
  for (const match of source.matchAll(/[[,](\d+)(?=,(?:\d+,)*(?:\(|[a-z]=>))/g)) {
    const name = names.get(match[1]);
    if (name !== undefined) {
      found.add(name);
    }
  }
  return [...found];
}

/**
 * A page's verdict: its counted total and whether it holds its budget, and when it does not, its
 * chunks largest first with what each defines.
 */
export function judgePage(page, scripts) {
  const counted = scripts.filter((script) => !script.noModule);
  const total = counted.reduce((sum, script) => sum + script.gzip, 0);
  const over = total > page.budget * 1000;
  const lines = [
    `${over ? 'OVER' : 'ok  '} ${page.name} ${page.path}: ${kb(total)} kB gzipped in ${counted.length} module scripts (budget ${page.budget} kB${page.target === undefined ? '' : `, target ${page.target} kB`})`,
  ];
  if (over) {
    lines.push(`  over by ${kb(total - page.budget * 1000)} kB; the chunks, largest first:`);
    for (const script of [...counted].sort((a, b) => b.gzip - a.gzip)) {
      const modules = script.modules ?? [];
      const shown = modules.slice(0, 8).join(', ');
      const more = modules.length > 8 ? `, and ${modules.length - 8} more` : '';
      lines.push(
        `  ${kb(script.gzip).padStart(7)} kB  ${new URL(script.src).pathname}${shown ? `  (${shown}${more})` : ''}`,
      );
    }
  }
  return { total, over, lines };
}

function kb(bytes) {
  return (bytes / 1000).toFixed(1);
}

function loadManifests(appDir) {
  const manifests = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
      } else if (entry.name.endsWith('_client-reference-manifest.js')) {
        // Each file assigns `globalThis.__RSC_MANIFEST[route]`; read it without running it.
        const text = fs.readFileSync(full, 'utf8');
        const start = text.indexOf('= {', text.indexOf('__RSC_MANIFEST['));
        if (start !== -1) {
          manifests.push(JSON.parse(text.slice(start + 2).replace(/;\s*$/, '')));
        }
      }
    }
  };
  const serverApp = path.join(appDir, '.next', 'server', 'app');
  if (fs.existsSync(serverApp)) {
    walk(serverApp);
  }
  return manifests;
}

async function measure(baseUrl, pagePath, names) {
  const pageUrl = new URL(pagePath, baseUrl).toString();
  const response = await fetch(pageUrl, {
    headers: { 'accept-language': 'en-US', accept: 'text/html' },
  });
  if (!response.ok) {
    throw new Error(`${pageUrl} answered ${response.status}`);
  }
  const html = await response.text();
  return Promise.all(
    scriptSources(html, response.url).map(async ({ src, noModule }) => {
      const script = await fetch(src);
      if (!script.ok) {
        throw new Error(`${src} answered ${script.status}`);
      }
      const bytes = Buffer.from(await script.arrayBuffer());
      const modules = chunkModules(bytes.toString('utf8'), names);
      return { src, noModule, raw: bytes.length, gzip: gzipSync(bytes).length, modules };
    }),
  );
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const appDir = path.resolve(root, options.dir);
  const pages =
    options.path === undefined
      ? pageBudgets
      : [{ name: options.path, path: options.path, budget: options.budget ?? 170 }];
  const names = clientModuleNames(loadManifests(appDir));
  const server = options.url
    ? { baseUrl: options.url, stop: () => undefined }
    : await startNext(appDir);
  try {
    for (const page of pages) {
      const verdict = judgePage(page, await measure(server.baseUrl, page.path, names));
      console.log(verdict.lines.join('\n'));
      if (verdict.over) {
        process.exitCode = 1;
      }
    }
  } finally {
    server.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
