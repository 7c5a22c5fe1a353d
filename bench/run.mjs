// `npm run bench`: runs every *.bench.mjs in this folder, one after another. Each bench measures
// its own baseline in the same run and prints ratios against it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
const benches = fs
  .readdirSync(here)
  .filter((file) => file.endsWith('.bench.mjs') && (!only || file.includes(only)))
  .sort();

let failed = false;
for (const bench of benches) {
  process.stdout.write(`\n# ${bench}\n`);
  const result = spawnSync(process.execPath, [path.join(here, bench)], { stdio: 'inherit' });
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
