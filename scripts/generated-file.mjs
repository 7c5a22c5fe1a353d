// What the scripts that write a file from the code share (docs:config, docs:api, api:routes):
// loading TypeScript modules in memory, and writing the file or, with `--check`, failing when the
// committed copy differs, which `npm test` runs so no generated file drifts from its source.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles TypeScript (an entry file, or `contents` resolved from the repository's root) with its
 * dependencies, one copy of each, in memory and imports the result.
 */
export async function importTypeScript(entry) {
  const bundle = await build({
    ...(typeof entry === 'string'
      ? { entryPoints: [path.join(root, entry)] }
      : { stdin: { contents: entry.contents, resolveDir: root, loader: 'ts' } }),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    logLevel: 'error',
  });
  return import(
    `data:text/javascript;base64,${Buffer.from(bundle.outputFiles[0].text).toString('base64')}`
  );
}

/** The committed text of a file of the repository, `''` when there is none. */
export function committedText(file) {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch {
    // A missing file differs like any other.
    return '';
  }
}

/**
 * Writes `text` to `file` (relative to the root), or with `--check` exits with 1 when the file
 * holds something else: `stale` says what differs from what, `command` how to regenerate it.
 */
export function writeOrCheck(file, text, { stale, fresh, command, wrote = `Wrote ${file}.` }) {
  if (process.argv.includes('--check')) {
    if (committedText(file) !== text) {
      console.error(`${stale}\nRegenerate it with \`${command}\` and commit the result.`);
      process.exit(1);
    }
    console.log(fresh);
  } else {
    writeFileSync(path.join(root, file), text);
    console.log(wrote);
  }
}
