import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { locales } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { fileNamespaces, loadMessages } from './messages';

const messagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../messages');

function readNamespace(locale: string, namespace: string): unknown {
  return JSON.parse(
    readFileSync(path.join(messagesDir, locale, `${namespace}.json`), 'utf8'),
  ) as unknown;
}

/** Every leaf of a message tree as `dotted.key` and value. */
function leaves(tree: unknown, prefix = ''): [string, unknown][] {
  if (typeof tree !== 'object' || tree === null) {
    return [[prefix, tree]];
  }
  return Object.entries(tree).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

describe('messages', () => {
  it('has every namespace in every locale with the keys of the English file', () => {
    for (const namespace of fileNamespaces) {
      const englishKeys = leaves(readNamespace('en-US', namespace)).map(([key]) => key);
      for (const locale of locales) {
        expect(
          leaves(readNamespace(locale, namespace)).map(([key]) => key),
          `${locale}/${namespace}`,
        ).toEqual(englishKeys);
      }
    }
  });

  it('holds only non-empty strings in valid ICU syntax', () => {
    // One assertion over every message: an expect per message made this the slowest small test.
    const problems: string[] = [];
    for (const locale of locales) {
      for (const namespace of fileNamespaces) {
        for (const [key, value] of leaves(readNamespace(locale, namespace))) {
          const where = `${locale}/${namespace}:${key}`;
          if (typeof value !== 'string' || value.trim() === '') {
            problems.push(`${where}: not a non-empty string`);
            continue;
          }
          try {
            parse(value);
          } catch (error) {
            problems.push(`${where}: ${(error as Error).message}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('contains no filler text', () => {
    for (const namespace of fileNamespaces) {
      for (const [key, value] of leaves(readNamespace('en-US', namespace))) {
        expect(String(value), `${namespace}:${key}`).not.toMatch(
          /lorem|ipsum|coming soon|placeholder/i,
        );
      }
    }
  });

  it('merges the shared error catalogue in as the errors namespace', async () => {
    const messages = await loadMessages('ja');
    expect(messages.errors.captcha_invalid).toEqual(expect.any(String));
    expect(messages.common['not-found-page-tip']).toEqual(expect.any(String));
  });
});
