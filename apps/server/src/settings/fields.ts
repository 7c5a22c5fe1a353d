import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/* The value shapes several settings share. */

/**
 * How the configuration reference names a shared value shape whose zod type alone would read as a
 * bare string (a comma-separated list, a JSON document, an on/off flag, an origin).
 */
export const settingFormats = z.registry<{ format: string }>();

export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .register(settingFormats, { format: 'comma-separated list' });

export const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on')
  .register(settingFormats, { format: 'boolean' });

export function isCidrOrAddress(value: string): boolean {
  return value.includes('/') ? ipaddr.isValidCIDR(value) : ipaddr.isValid(value);
}

/** A JSON setting: parsed, or one readable issue when the text is not JSON. */
export function jsonSetting(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, context): unknown => {
      try {
        return JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be JSON' });
        return z.NEVER;
      }
    })
    .register(settingFormats, { format: 'JSON' });
}

export const originSchema = z
  .url()
  .transform((value) => new URL(value).origin)
  .register(settingFormats, { format: 'URL (its origin is kept)' });
