import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** The packages that run in browsers and in Node alike. */
const isomorphicPackages = ['contracts', 'client'];

/** Node built-ins and globals that would break the package in a browser. */
const nodeOnly = [
  /from\s+['"]node:/,
  /from\s+['"](fs|path|http|https|crypto|os|url|util|stream|buffer|child_process)['"]/,
  /\brequire\(/,
  /\bprocess\./,
  /\bBuffer\./,
  /\b__dirname\b/,
];

/** Tests and the servers they start (`*-test-server.ts`) run only in Node. */
const testOnly = /(\.test|-test-server)\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return sourceFiles(path);
    }
    return entry.name.endsWith('.ts') && !testOnly.test(entry.name) ? [path] : [];
  });
}

describe.each(isomorphicPackages)('packages/%s', (name) => {
  it('uses nothing from Node outside its tests', () => {
    const files = sourceFiles(fileURLToPath(new URL(`../packages/${name}/src`, import.meta.url)));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const pattern of nodeOnly) {
        expect({ file, match: pattern.test(text) }).toEqual({ file, match: false });
      }
    }
  });
});
