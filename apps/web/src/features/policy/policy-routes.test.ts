import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const policyRoutes = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../app/[locale]/(policy)',
);

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(path.join(dir, entry.name))
      : entry.name.endsWith('.tsx')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

describe('the policy routes', () => {
  it('load the takedown form’s script only on the copyright policy and its full text', () => {
    const withForm = sourcesUnder(policyRoutes)
      .filter((file) => /takedown-(section|form)/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(policyRoutes, file))
      .sort();
    expect(withForm).toEqual([
      'policy/copyright-Infringement/copyright-Infringement/page.tsx',
      'policy/copyright-Infringement/page.tsx',
    ]);
    const shared = ['policy-document.tsx', 'policy-pages.tsx'].map((file) =>
      readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), file), 'utf8'),
    );
    for (const source of shared) {
      expect(source).not.toMatch(/from '\.\/takedown-(section|form)'/);
    }
  });
});
