#!/usr/bin/env node
// Writes docs/configuration.md from the server's settings schemas (apps/server/src/settings/).
// `--check` writes nothing and fails when the file differs from what the schemas give, which
// `npm test` runs so the reference never drifts from the code.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'docs/configuration.md');

// The schemas are TypeScript: bundle them (with their dependencies) in memory and load the result.
const bundle = await build({
  entryPoints: [path.join(root, 'apps/server/src/config-reference.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'error',
});
const source = bundle.outputFiles[0].text;
const { renderConfigReference } = await import(
  `data:text/javascript;base64,${Buffer.from(source).toString('base64')}`
);
const reference = renderConfigReference();

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file differs like any other.
  }
  if (current !== reference) {
    console.error(
      'docs/configuration.md does not match the settings schemas (apps/server/src/settings/).\n' +
        'Regenerate it with `npm run docs:config` and commit the result.',
    );
    process.exit(1);
  }
  console.log('docs/configuration.md matches the settings schemas.');
} else {
  writeFileSync(target, reference);
  console.log(`Wrote ${path.relative(root, target)}.`);
}
