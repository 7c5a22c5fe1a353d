#!/usr/bin/env node
// Writes docs/configuration.md from the settings schemas of the server (apps/server/src/settings/)
// and of the web app (apps/web/src/config.ts).
// `--check` writes nothing and fails when the file differs from what the schemas give, which
// `npm test` runs so the reference never drifts from the code.
import { importTypeScript, writeOrCheck } from './generated-file.mjs';

const file = 'docs/configuration.md';

// The schemas are TypeScript: bundle the server's reference and the web app's schema together (one
// copy of zod and its metadata) in memory and load the result.
const { renderConfigReference, envSchema } = await importTypeScript({
  contents: [
    "export { renderConfigReference } from './apps/server/src/config-reference.ts';",
    "export { envSchema } from './apps/web/src/config.ts';",
  ].join('\n'),
});
const reference = renderConfigReference([
  { title: 'The web app (apps/web)', settings: envSchema.shape },
]);

writeOrCheck(file, reference, {
  stale:
    'docs/configuration.md does not match the settings schemas (apps/server/src/settings/,\n' +
    'apps/web/src/config.ts).',
  fresh: 'docs/configuration.md matches the settings schemas.',
  command: 'npm run docs:config',
});
