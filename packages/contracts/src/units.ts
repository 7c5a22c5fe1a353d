/** Storage units from bytes to petabytes; each is 1024 of the one before (docs/product.md#limits). */
export const storageUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export type StorageUnit = (typeof storageUnits)[number];

/** The factor between neighbouring storage units. */
export const storageUnitBase = 1024;

type UnitNames = Readonly<Record<StorageUnit, string>>;

const latinUnits: UnitNames = { B: 'B', KB: 'KB', MB: 'MB', GB: 'GB', TB: 'TB', PB: 'PB' };
const cyrillicUnits: UnitNames = { B: 'Б', KB: 'КБ', MB: 'МБ', GB: 'ГБ', TB: 'ТБ', PB: 'ПБ' };

/**
 * How each language writes the units, by language subtag (`zh-TW` before `zh`): Russian and
 * Ukrainian write them in Cyrillic; Chinese, Japanese and Korean write the byte as a word and the
 * larger units in Latin, as their systems' file managers do. Written out rather than taken from
 * `Intl.NumberFormat`'s units, whose names differ between runtimes (a page rendered on the server
 * must read the same in the browser) and between the units of one locale (`byte` beside `kB`).
 */
const unitNamesByLanguage: Readonly<Record<string, UnitNames>> = {
  ru: cyrillicUnits,
  uk: cyrillicUnits,
  ja: { ...latinUnits, B: 'バイト' },
  ko: { ...latinUnits, B: '바이트' },
  zh: { ...latinUnits, B: '字节' },
  'zh-TW': { ...latinUnits, B: '位元組' },
  'zh-HK': { ...latinUnits, B: '位元組' },
  'zh-Hant': { ...latinUnits, B: '位元組' },
};

/** The unit names of a BCP 47 locale: its region's, else its language's, else Latin. */
export function storageUnitNames(locale: string | undefined): UnitNames {
  if (!locale) {
    return latinUnits;
  }
  const [language = '', second = ''] = locale.split('-');
  return (
    unitNamesByLanguage[`${language.toLowerCase()}-${second}`] ??
    unitNamesByLanguage[language.toLowerCase()] ??
    latinUnits
  );
}

export interface FormatBytesOptions {
  /**
   * A BCP 47 locale for the number and the unit (`1.5 GB`, `1,5 ГБ`); the runtime's default
   * numbers and Latin units if unset.
   */
  readonly locale?: string;
  /** The most fraction digits shown for units above bytes; 2 unless set. Bytes show none. */
  readonly fractionDigits?: number;
}

function toNumber(bytes: number | bigint | string): number {
  if (typeof bytes === 'number') {
    return bytes;
  }
  if (typeof bytes === 'bigint') {
    return Number(bytes);
  }
  const trimmed = bytes.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/**
 * The number formats formatBytes uses, by locale and fraction digits: building an
 * `Intl.NumberFormat` costs far more than formatting with one, and a listing formats a size for
 * every row it shows while it scrolls.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(
  locale: string | undefined,
  maximumFractionDigits: number,
): Intl.NumberFormat {
  const key = `${locale ?? ''}|${maximumFractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { minimumFractionDigits: 0, maximumFractionDigits });
    // Locales come from a short list, but a caller may pass anything: keep the cache bounded.
    if (numberFormats.size >= 256) {
      numberFormats.clear();
    }
    numberFormats.set(key, format);
  }
  return format;
}

/**
 * Formats a size for people: `0 B`, `512 B`, `1.5 KB`, `1.5 GB`, up to petabytes, base 1024.
 * Accepts the decimal strings the API sends for 64-bit sizes and bigints. The number follows the
 * locale's digits and separators and the unit its script (`1,5 ГБ`, `512 バイト`). Throws a RangeError for a value that is not a number.
 */
export function formatBytes(
  bytes: number | bigint | string,
  options: FormatBytesOptions = {},
): string {
  const value = toNumber(bytes);
  if (!Number.isFinite(value)) {
    throw new RangeError(`not a byte count: ${String(bytes)}`);
  }
  const fractionDigits = options.fractionDigits ?? 2;
  if (!Number.isInteger(fractionDigits) || fractionDigits < 0 || fractionDigits > 20) {
    throw new RangeError('fractionDigits must be an integer from 0 to 20');
  }
  const magnitude = Math.abs(value);
  let index = 0;
  let scaled = magnitude;
  while (scaled >= storageUnitBase && index < storageUnits.length - 1) {
    scaled /= storageUnitBase;
    index += 1;
  }
  const digits = index === 0 ? 0 : fractionDigits;
  // 1023.999 KB rounds to "1024 KB"; show it as the next unit instead.
  const factor = 10 ** digits;
  if (Math.round(scaled * factor) / factor >= storageUnitBase && index < storageUnits.length - 1) {
    scaled /= storageUnitBase;
    index += 1;
  }
  const formatter = numberFormat(options.locale, index === 0 ? 0 : fractionDigits);
  const unit = storageUnitNames(options.locale)[storageUnits[index] ?? 'B'];
  return `${formatter.format(value < 0 ? -scaled : scaled)} ${unit}`;
}

const bytesPattern = /^([+]?\d+(?:\.\d+)?|[+]?\.\d+)\s*([kmgtp]?)(i?b?)$/i;

/**
 * Reads a size written as a number and an optional unit (`512`, `1.5 GB`, `10mb`, `2 KiB`,
 * `3k`), base 1024, rounded to whole bytes. Returns undefined for anything else, including
 * negative sizes and locale-specific separators.
 */
export function parseBytes(text: string): number | undefined {
  const match = bytesPattern.exec(text.trim());
  if (!match) {
    return undefined;
  }
  const [, amount = '', prefix = '', suffix = ''] = match;
  const lowerSuffix = suffix.toLowerCase();
  // "Ki" alone and "iB" without a prefix are not units.
  if (lowerSuffix === 'i' || (prefix === '' && lowerSuffix.startsWith('i'))) {
    return undefined;
  }
  const exponent = prefix === '' ? 0 : 'kmgtp'.indexOf(prefix.toLowerCase()) + 1;
  return Math.round(Number(amount) * storageUnitBase ** exponent);
}
