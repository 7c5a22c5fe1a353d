#!/usr/bin/env node
// Writes packages/contracts/src/api/routes.generated.ts, the API catalogue's route table for the
// browser: each entry's method and path, typed by the entry (a type-only link, so no zod ships).
// `--check` writes nothing and fails when the file differs from what the catalogue gives, which
// `npm test` runs so the table never drifts from the catalogue.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import prettier from 'prettier';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const target = path.join(root, 'packages/contracts/src/api/routes.generated.ts');

const bundle = await build({
  entryPoints: [path.join(root, 'packages/contracts/src/api/catalogue.ts')],
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  write: false,
  logLevel: 'error',
});
const { apiCatalogue } = await import(
  `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
);

const lines = [
  '// Written by `npm run api:routes` from the API catalogue (catalogue.ts): do not edit by hand.',
  "import type { apiCatalogue } from './catalogue';",
  "import type { ApiRoute } from './route';",
  '',
  "export type { ApiRoute, EndpointOfRoute } from './route';",
  '',
  'type Catalogue = typeof apiCatalogue;',
  '',
];
const areas = Object.keys(apiCatalogue);
for (const area of areas) {
  lines.push(
    `/** The method and path of each \`apiCatalogue.${area}\` entry, for calls from the browser. */`,
    `export const ${area}Routes = {`,
  );
  const entries = `Catalogue[${JSON.stringify(area)}]`;
  for (const [name, endpoint] of Object.entries(apiCatalogue[area])) {
    lines.push(
      `  ${name}: { method: ${JSON.stringify(endpoint.method)}, path: ${JSON.stringify(endpoint.path)} } as ApiRoute<${entries}[${JSON.stringify(name)}]>,`,
    );
  }
  lines.push('};', '');
}
lines.push(
  '/** The route table by area, like `apiCatalogue`. */',
  'export const apiRoutes = {',
  ...areas.map((area) => `  ${area}: ${area}Routes,`),
  '};',
  '',
);
const source = await prettier.format(lines.join('\n'), {
  ...(await prettier.resolveConfig(target)),
  filepath: target,
});

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {
    // A missing file differs like any other.
  }
  if (current !== source) {
    console.error(
      'packages/contracts/src/api/routes.generated.ts does not match the API catalogue.\n' +
        'Regenerate it with `npm run api:routes` and commit the result.',
    );
    process.exit(1);
  }
  console.log('The route table matches the API catalogue.');
} else {
  writeFileSync(target, source);
  console.log(`Wrote ${path.relative(root, target)}.`);
}
