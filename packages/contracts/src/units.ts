/** Storage units from bytes to petabytes; each is 1024 of the one before (docs/product.md#limits). */
export const storageUnits = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;
export type StorageUnit = (typeof storageUnits)[number];

/** The factor between neighbouring storage units. */
export const storageUnitBase = 1024;

export interface FormatBytesOptions {
  /** A BCP 47 locale for the number part (`1.5 GB`, `1,5 GB`); the runtime's default if unset. */
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
 * Accepts the decimal strings the API sends for 64-bit sizes and bigints. The number part follows
 * the locale's digits and separators. Throws a RangeError for a value that is not a number.
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
  const unit = storageUnits[index] ?? 'B';
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
