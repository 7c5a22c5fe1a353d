import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './module-graph';

const server = fileURLToPath(new URL('../apps/server/', import.meta.url));

/** Tests and the servers they start run from the sources, never from the bundle. */
const testOnly = /(\.test|-test-server)\.ts$/;

/** The package an import names: `@scope/name` or `name`, without a subpath. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

const importPattern =
  /(?:\bfrom\s+|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;

describe('the server bundle', () => {
  // The bundle keeps every declared dependency external and compiles in whatever else it
  // imports; a package that is not declared is bundled, and many (iconv-lite, anything with a
  // dynamic require) then fail when the server starts.
  it('declares every package its sources import', () => {
    const manifest = JSON.parse(readFileSync(join(server, 'package.json'), 'utf8')) as {
      dependencies: Record<string, string>;
    };
    const undeclared = new Set<string>();
    const files = sourceFiles(join(server, 'src')).filter((file) => !testOnly.test(file));
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(importPattern)) {
        if (specifier === undefined || specifier.startsWith('.') || isBuiltin(specifier)) {
          continue;
        }
        const name = packageOf(specifier);
        if (!name.startsWith('@nimbus/') && manifest.dependencies[name] === undefined) {
          undeclared.add(`${name} (${file.slice(server.length)})`);
        }
      }
    }
    expect([...undeclared]).toEqual([]);
  });
});
