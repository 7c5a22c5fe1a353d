import { createFormatter } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { modifiedTextFormatter } from './modified-text';

const now = Date.parse('2026-03-15T12:00:00.000Z');
const offsets = [
  0,
  -400,
  -59_000,
  -61_000,
  -45 * 60_000,
  -3 * 3600_000,
  -23 * 3600_000,
  -26 * 3600_000,
  -6 * 86_400_000,
  -7 * 86_400_000,
  -40 * 86_400_000,
  -800 * 86_400_000,
  90_000,
  5 * 86_400_000,
];

describe('modifiedTextFormatter', () => {
  for (const locale of ['en-US', 'ja', 'ru', 'zh-TW', 'pt'] as const) {
    for (const timeZone of ['UTC', 'America/Sao_Paulo']) {
      it(`tells times as next-intl does (${locale}, ${timeZone})`, () => {
        const format = createFormatter({ locale, timeZone });
        const text = modifiedTextFormatter(locale, timeZone);
        for (const offset of offsets) {
          const date = new Date(now + offset);
          const expected =
            Math.abs(offset) < 7 * 86_400_000
              ? format.relativeTime(date, now)
              : format.dateTime(date, { dateStyle: 'medium' });
          expect(text(date.toISOString(), now)).toBe(expected);
        }
      });
    }
  }

  it('gives nothing for a time it cannot read', () => {
    expect(modifiedTextFormatter('en-US', 'UTC')('not a time', now)).toBe('');
    expect(modifiedTextFormatter('en-US', 'UTC')('', now)).toBe('');
  });

  it('writes a past day as a number of days and a second ago as now', () => {
    const text = modifiedTextFormatter('en-US', 'UTC');
    expect(text(new Date(now - 86_400_000).toISOString(), now)).toBe('1 day ago');
    expect(text(new Date(now).toISOString(), now)).toBe('now');
    expect(text(new Date(now - 10 * 86_400_000).toISOString(), now)).toBe('Mar 5, 2026');
  });
});
