import { describe, expect, it } from 'vitest';
import { locales, type Locale } from './locales';
import { formatBytes, parseBytes, storageUnitNames, storageUnits } from './units';

describe('formatBytes', () => {
  it('uses base 1024 from bytes to petabytes', () => {
    expect(storageUnits).toEqual(['B', 'KB', 'MB', 'GB', 'TB', 'PB']);
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(1023, { locale: 'en-US' })).toBe('1,023 B');
    expect(formatBytes(1024, { locale: 'en-US' })).toBe('1 KB');
    expect(formatBytes(1536, { locale: 'en-US' })).toBe('1.5 KB');
    expect(formatBytes(1.5 * 1024 ** 3, { locale: 'en-US' })).toBe('1.5 GB');
    expect(formatBytes(1024 ** 4, { locale: 'en-US' })).toBe('1 TB');
    expect(formatBytes(3 * 1024 ** 5, { locale: 'en-US' })).toBe('3 PB');
    expect(formatBytes(2048 * 1024 ** 5, { locale: 'en-US' })).toBe('2,048 PB');
  });

  it('accepts the decimal strings and bigints of 64-bit sizes', () => {
    expect(formatBytes('1048576', { locale: 'en-US' })).toBe('1 MB');
    expect(formatBytes(5n * 1024n ** 4n + 1n, { locale: 'en-US' })).toBe('5 TB');
  });

  it('follows the locale and the number of fraction digits', () => {
    expect(formatBytes(1.5 * 1024 ** 3, { locale: 'de-DE' })).toBe('1,5 GB');
    expect(formatBytes(1234567, { locale: 'en-US' })).toBe('1.18 MB');
    expect(formatBytes(1234567, { locale: 'en-US', fractionDigits: 0 })).toBe('1 MB');
    expect(formatBytes(1234567, { locale: 'en-US', fractionDigits: 3 })).toBe('1.177 MB');
  });

  it('writes the number and the units as each language of the site does', () => {
    const sizes = [512, 1536, 40.12 * 1024 ** 2, 6 * 1024 ** 4];
    const expected: Record<Locale, string[]> = {
      'en-US': ['512 B', '1.5 KB', '40.12 MB', '6 TB'],
      es: ['512 B', '1,5 KB', '40,12 MB', '6 TB'],
      id: ['512 B', '1,5 KB', '40,12 MB', '6 TB'],
      ja: ['512 バイト', '1.5 KB', '40.12 MB', '6 TB'],
      ko: ['512 바이트', '1.5 KB', '40.12 MB', '6 TB'],
      ms: ['512 B', '1.5 KB', '40.12 MB', '6 TB'],
      pt: ['512 B', '1,5 KB', '40,12 MB', '6 TB'],
      ru: ['512 Б', '1,5 КБ', '40,12 МБ', '6 ТБ'],
      uk: ['512 Б', '1,5 КБ', '40,12 МБ', '6 ТБ'],
      'zh-CN': ['512 字节', '1.5 KB', '40.12 MB', '6 TB'],
      'zh-TW': ['512 位元組', '1.5 KB', '40.12 MB', '6 TB'],
    };
    for (const locale of locales) {
      expect(
        sizes.map((size) => formatBytes(size, { locale })),
        locale,
      ).toEqual(expected[locale]);
    }
  });

  it('picks the units of a locale by its region, then its language', () => {
    expect(storageUnitNames('ru-RU').GB).toBe('ГБ');
    expect(storageUnitNames('zh-Hant').B).toBe('位元組');
    expect(storageUnitNames('zh-SG').B).toBe('字节');
    expect(storageUnitNames('fr').GB).toBe('GB');
    expect(storageUnitNames(undefined).KB).toBe('KB');
  });

  it('moves to the next unit when rounding reaches 1024', () => {
    expect(formatBytes(1024 * 1024 - 1, { locale: 'en-US' })).toBe('1 MB');
  });

  it('keeps the sign of negative values', () => {
    expect(formatBytes(-2048, { locale: 'en-US' })).toBe('-2 KB');
  });

  it('refuses values that are not numbers', () => {
    expect(() => formatBytes('abc')).toThrow(RangeError);
    expect(() => formatBytes('')).toThrow(RangeError);
    expect(() => formatBytes(Number.NaN)).toThrow(RangeError);
    expect(() => formatBytes(1, { fractionDigits: -1 })).toThrow(RangeError);
  });
});

describe('parseBytes', () => {
  it('reads numbers with an optional unit', () => {
    expect(parseBytes('512')).toBe(512);
    expect(parseBytes('512 B')).toBe(512);
    expect(parseBytes('1.5 GB')).toBe(1.5 * 1024 ** 3);
    expect(parseBytes('10mb')).toBe(10 * 1024 ** 2);
    expect(parseBytes('2 KiB')).toBe(2048);
    expect(parseBytes('3k')).toBe(3072);
    expect(parseBytes('1 PB')).toBe(1024 ** 5);
    expect(parseBytes('.5KB')).toBe(512);
  });

  it('round-trips what formatBytes writes in English', () => {
    expect(parseBytes(formatBytes(1536, { locale: 'en-US' }))).toBe(1536);
  });

  it('rejects anything else', () => {
    for (const text of ['', 'GB', '-1 KB', '1 XB', '1,5 GB', '1 Ki', '1 iB', '1..2 KB']) {
      expect(parseBytes(text)).toBeUndefined();
    }
  });
});
