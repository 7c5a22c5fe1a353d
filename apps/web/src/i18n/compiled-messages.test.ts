import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { TYPE, parse } from '@formatjs/icu-messageformat-parser';
import { locales } from '@nimbus/contracts';
import compile from 'icu-minify/compile';
import { _createCache, _createIntlFormatters, createTranslator } from 'use-intl/core';
import formatCompiled from 'use-intl/format-message/format-only';
import { describe, expect, it } from 'vitest';

/*
 * The site's messages are compiled at build time and formatted by next-intl's small formatter
 * (next.config.ts). These tests hold it to what the ICU text says: every message, in every
 * locale, formats to exactly what next-intl's translator made of the text (with its ICU parser),
 * for a range of values.
 */

const messagesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../messages');

type Sample = 'text' | 'number' | 'date' | readonly string[];

/** Every leaf of a message tree as `dotted.key` and text. */
function leaves(tree: unknown, prefix = ''): [string, string][] {
  if (typeof tree === 'string') {
    return [[prefix, tree]];
  }
  return Object.entries(tree as Record<string, unknown>).flatMap(([key, value]) =>
    leaves(value, prefix ? `${prefix}.${key}` : key),
  );
}

/** The arguments of a message and what kind of value each takes. */
function argumentsOf(elements: MessageFormatElement[], found: Map<string, Sample>) {
  for (const element of elements) {
    if (element.type === TYPE.argument && !found.has(element.value)) {
      found.set(element.value, 'text');
    } else if (element.type === TYPE.number || element.type === TYPE.plural) {
      found.set(element.value, 'number');
    } else if (element.type === TYPE.date || element.type === TYPE.time) {
      found.set(element.value, 'date');
    } else if (element.type === TYPE.select) {
      found.set(element.value, Object.keys(element.options));
    }
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) {
        argumentsOf(option.value, found);
      }
    }
    if (element.type === TYPE.tag) {
      argumentsOf(element.children, found);
    }
  }
  return found;
}

const numbers = [0, 1, 2, 3, 5, 11, 21, 22, 101, 1234.5];
const cache = _createCache();
const formatters = _createIntlFormatters(cache);
const timeZone = 'UTC';

function valuesFor(samples: Map<string, Sample>, round: number) {
  const values: Record<string, string | number | Date> = {};
  for (const [name, sample] of samples) {
    values[name] =
      sample === 'number'
        ? (numbers[round] ?? 0)
        : sample === 'date'
          ? new Date(Date.UTC(2031, 0, 31, 19, 5))
          : sample === 'text'
            ? 'Ada'
            : (sample[round % sample.length] ?? 'other');
  }
  return values;
}

describe('compiled messages', () => {
  it.each(locales)('format in %s exactly as their ICU text says', (locale) => {
    for (const file of readdirSync(path.join(messagesDir, locale))) {
      const tree = JSON.parse(readFileSync(path.join(messagesDir, locale, file), 'utf8')) as Record<
        string,
        unknown
      >;
      // Keys and values are checked here at run time, not against the English files' types.
      const translate = createTranslator({ locale, messages: tree, timeZone }) as unknown as (
        key: string,
        values?: Record<string, string | number | Date>,
      ) => string;
      for (const [key, text] of leaves(tree)) {
        const samples = argumentsOf(parse(text), new Map());
        const compiled = compile(text);
        const rounds = samples.size === 0 ? 1 : numbers.length;
        for (let round = 0; round < rounds; round += 1) {
          const values = samples.size === 0 ? undefined : valuesFor(samples, round);
          const expected = translate(key, values);
          const actual = formatCompiled(key, compiled, values, {
            cache,
            formatters,
            locale,
            timeZone,
          });
          expect(actual, `${locale}/${file}:${key} ${JSON.stringify(values)}`).toEqual(expected);
        }
      }
    }
  });
});
