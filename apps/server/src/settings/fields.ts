import ipaddr from 'ipaddr.js';
import { z } from 'zod';

/* The value shapes several settings share. */

/*
 * `settingType` (zod's global metadata) names, for the configuration reference, a value shape whose
 * zod type alone would read as a bare string: a comma-separated list, JSON, an on/off flag, an origin.
 */

export const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  )
  .register(z.globalRegistry, { settingType: 'comma-separated list' });

export const flag = z
  .enum(['true', 'false', '1', '0', 'on', 'off'])
  .transform((value) => value === 'true' || value === '1' || value === 'on')
  .register(z.globalRegistry, { settingType: 'boolean' });

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
    .register(z.globalRegistry, { settingType: 'JSON' });
}

export const originSchema = z
  .url()
  .transform((value) => new URL(value).origin)
  .register(z.globalRegistry, { settingType: 'URL (its origin is kept)' });
