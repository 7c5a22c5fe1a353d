// Bundles the server into dist/main.js. The workspace packages (@nimbus/*) are compiled in;
// every other dependency stays external and is loaded from node_modules at run time.
// `--outfile <file>` writes the bundle elsewhere (the process tests build their own copy).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const outfileFlag = process.argv.indexOf('--outfile');
const outfile =
  outfileFlag === -1 ? path.join(root, 'dist/main.js') : path.resolve(process.argv[outfileFlag + 1]);
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@nimbus/'));

await build({
  entryPoints: [path.join(root, 'src/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
