#!/usr/bin/env node
// Writes packages/contracts/src/api/routes.generated.ts, the API catalogue's route table for the
// browser: each entry's method and path, typed by the entry (a type-only link, so no zod ships).
// `--check` writes nothing and fails when the file differs from what the catalogue gives, which
// `npm test` runs so the table never drifts from the catalogue.
import path from 'node:path';
import prettier from 'prettier';
import { importTypeScript, root, writeOrCheck } from './generated-file.mjs';

const file = 'packages/contracts/src/api/routes.generated.ts';
const target = path.join(root, file);
const { apiCatalogue } = await importTypeScript('packages/contracts/src/api/catalogue.ts');

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

writeOrCheck(file, source, {
  stale: `${file} does not match the API catalogue.`,
  fresh: 'The route table matches the API catalogue.',
  command: 'npm run api:routes',
});
