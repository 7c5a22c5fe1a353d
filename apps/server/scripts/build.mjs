// Bundles the server into dist/main.js, the standalone offline download worker into
// dist/worker.js (`worker`) and the operators' commands into dist/verify.js (`verify`),
// dist/membership.js (`membership`), dist/feedback.js (`feedback`), dist/admin.js
// (`admin`) and dist/backup.js (`backup`, `restore`). The workspace packages (@nimbus/*) are compiled in; every other dependency stays external and is loaded from node_modules at run
// time. The server and the worker run each torrent in a thread of its own, whose script is
// torrent-thread.js next to them. `--outfile <file>` writes one bundle elsewhere (the process
// tests build their own copy), of src/main.ts or of `--entry <file>`.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const flag = (name) => {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : path.resolve(process.argv[index + 1]);
};
const outfile = flag('--outfile');
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@nimbus/'));
const bundles =
  outfile === undefined
    ? [
        [path.join(root, 'src/main.ts'), path.join(root, 'dist/main.js')],
        [path.join(root, 'src/worker.ts'), path.join(root, 'dist/worker.js')],
        [path.join(root, 'src/cli/verify.ts'), path.join(root, 'dist/verify.js')],
        [path.join(root, 'src/cli/membership.ts'), path.join(root, 'dist/membership.js')],
        [path.join(root, 'src/cli/feedback.ts'), path.join(root, 'dist/feedback.js')],
        [path.join(root, 'src/cli/admin.ts'), path.join(root, 'dist/admin.js')],
        [path.join(root, 'src/cli/backup.ts'), path.join(root, 'dist/backup.js')],
      ]
    : [[flag('--entry') ?? path.join(root, 'src/main.ts'), outfile]];

const options = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external,
  logLevel: 'warning',
};
const serverEntries = new Set([path.join(root, 'src/main.ts'), path.join(root, 'src/worker.ts')]);
const threadEntry = path.join(root, 'src/modules/offline/torrent/torrent-thread.ts');
const threadDirs = new Set();

for (const [entry, out] of bundles) {
  await build({ ...options, entryPoints: [entry], outfile: out });
  if (serverEntries.has(path.resolve(entry))) {
    threadDirs.add(path.dirname(out));
  }
}

// Written whole and then renamed: a server starting a thread meanwhile (a parallel test run
// rebuilding the same folder) reads the old script or the new one, never half of one.
for (const dir of threadDirs) {
  const result = await build({
    ...options,
    entryPoints: [threadEntry],
    outfile: path.join(dir, 'torrent-thread.js'),
    write: false,
  });
  for (const file of result.outputFiles) {
    const temporary = `${file.path}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, file.contents);
    fs.renameSync(temporary, file.path);
  }
}
