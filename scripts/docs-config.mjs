#!/usr/bin/env node
// Writes docs/configuration.md from the settings schemas of the server (apps/server/src/settings/)
// and of the web app (apps/web/src/config.ts).
// `--check` writes nothing and fails when the file differs from what the schemas give, which
// `npm test` runs so the reference never drifts from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs/configuration.md');

// The schemas are TypeScript: bundle the server's reference and the web app's schema together (one
// copy of zod and its metadata) in memory and load the result.
const bundle = await build({
  stdin: {
    contents: [
      "export { renderConfigReference } from './apps/server/src/config-reference.ts';",
      "export { envSchema } from './apps/web/src/config.ts';",
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'error',
});
const source = bundle.outputFiles[0].text;
const { renderConfigReference, envSchema } = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
);
const reference = renderConfigReference([
  { title: 'The web app (apps/web)', settings: envSchema.shape },
]);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file differs like any other.
  }
  if (current !== reference) {
    console.error(
      'docs/configuration.md does not match the settings schemas (apps/server/src/settings/,\n' +
        'apps/web/src/config.ts).\n' +
        'Regenerate it with `npm run docs:config` and commit the result.',
    );
    process.exit(1);
  }
  console.log('docs/configuration.md matches the settings schemas.');
} else {
  writeFileSync(target, reference);
  console.log(`Wrote ${path.relative(root, target)}.`);
}
