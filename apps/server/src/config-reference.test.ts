import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { configGroups, configSchema } from './config';
import { defaultOf, renderConfigReference, typeOf, variablesOf } from './config-reference';
import { commaList, flag, jsonSetting, originSchema } from './settings/fields';

describe('the configuration reference', () => {
  it('lists every variable of the schema once, each with a description', () => {
    const listed = configGroups.flatMap(({ settings }) =>
      variablesOf(settings).map((variable) => variable.name),
    );
    expect(listed).toEqual(Object.keys(configSchema.in.shape));
    const reference = renderConfigReference();
    for (const name of listed) {
      expect(reference).toContain(`| \`${name}\` |`);
    }
  });

  it('refuses a variable without a description', () => {
    expect(() => variablesOf({ UNDESCRIBED: z.string().default('') })).toThrow(
      /UNDESCRIBED has no description/,
    );
  });

  it('names what text each kind of variable takes', () => {
    expect(typeOf(flag.default(true))).toBe('boolean');
    expect(typeOf(commaList.pipe(z.array(originSchema)))).toBe('comma-separated list');
    expect(typeOf(jsonSetting('{}').pipe(z.record(z.string(), z.string())))).toBe('JSON');
    expect(typeOf(originSchema.optional())).toBe('URL (its origin is kept)');
    expect(typeOf(z.coerce.number().int().min(0).max(65535).default(3000))).toBe(
      'integer, 0–65535',
    );
    expect(typeOf(z.coerce.number().int().min(1).default(5))).toBe('integer, ≥ 1');
    expect(typeOf(z.enum(['local', 's3']).default('local'))).toBe('`local` \\| `s3`');
    expect(typeOf(z.union([z.literal(''), z.email()]))).toBe('empty or e-mail address');
  });

  it('reads a preprocessed variable by the schema its text goes to', () => {
    const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
    const port = z.preprocess(blankToUndefined, z.coerce.number().int().min(0).default(3000));
    expect(typeOf(port)).toBe('integer, ≥ 0');
    expect(defaultOf(port)).toBe('3000');
    expect(typeOf(z.preprocess(blankToUndefined, flag.default(false)))).toBe('boolean');
  });

  it('reads defaults through wrappers and pipes; none for optional variables', () => {
    expect(defaultOf(flag.default(false))).toBe('false');
    expect(defaultOf(commaList.pipe(z.array(z.string())))).toBe('');
    expect(defaultOf(z.coerce.number().default(30))).toBe('30');
    expect(defaultOf(z.string().optional())).toBeUndefined();
  });
});
