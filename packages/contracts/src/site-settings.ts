import { z } from 'zod';
import { activityOperationSchema } from './activity-operation';
import { appDownloadSchema, appLinkSchemeSchema } from './app-downloads';
import { appChannels } from './app-channels';
import { locales } from './locales';
import { maxProducts, productInputSchema } from './products';
import { siteRedirectsSettingSchema } from './site-redirects';

/*
 * The site settings an admin edits in the operator console (docs/api.md#operator-console): each
 * is one stored setting of the config host (`scope` and `key` of the `setting` table), written
 * only after its value passed the schema below, which the console's form checks first too. A
 * setting takes effect on the next config call of every node: nothing caches it.
 */

/** `""` or an e-mail address. */
const emailOrNone = z.union([z.literal(''), z.email().max(254)]);

/** `""` or an https address without credentials. */
const httpsUrlOrNone = z.union([
  z.literal(''),
  z
    .url({ protocol: /^https$/ })
    .max(2048)
    .refine((value) => {
      const url = new URL(value);
      return url.username === '' && url.password === '';
    }, 'an https URL without credentials'),
]);

/** The purchase pages' products: a list of at most `maxProducts`, each id once. */
const productsSetting = z
  .array(productInputSchema)
  .max(maxProducts)
  .superRefine((products, context) => {
    const seen = new Set<string>();
    products.forEach((product, index) => {
      if (seen.has(product.id)) {
        context.addIssue({ code: 'custom', path: [index, 'id'], message: 'the id is used twice' });
      }
      seen.add(product.id);
    });
  });

/** A byte count as the catalogue publishes it: a decimal string, at most 2^53 - 1. */
const byteCount = z
  .string()
  .regex(/^\d{1,16}$/, 'a whole number of bytes, in digits')
  .refine((value) => Number(value) <= Number.MAX_SAFE_INTEGER, 'at most 9007199254740991');

/**
 * The limits of one plan the console sets (the catalogue's names, docs/configuration.md's
 * `PLAN_*` variables): each one given replaces configuration's, the others stay as configured.
 */
export const planLimitsSettingSchema = z
  .object({
    storage_bytes: byteCount,
    cloud_downloads: z.number().int().min(0).max(1_000_000),
    download_traffic_bytes: byteCount,
    offline_running: z.number().int().min(1).max(64),
    offline_traffic_bytes: byteCount,
  })
  .partial()
  .strict();

/** The free and premium plans' limits the console sets; a plan left out stays as configured. */
export const plansSettingSchema = z
  .object({ free: planLimitsSettingSchema, premium: planLimitsSettingSchema })
  .partial()
  .strict();
export type PlansSetting = z.output<typeof plansSettingSchema>;

/** The tones of the announcement banner. */
export const announcementTones = ['info', 'warning'] as const;

/**
 * The announcement banner of the site's pages and the drive: a text per language (a language
 * without one shows none), plain text. No text at all: no banner.
 */
export const announcementSchema = z.object({
  tone: z.enum(announcementTones).default('info'),
  text: z.partialRecord(z.enum(locales), z.string().trim().max(300)),
});
export type Announcement = z.output<typeof announcementSchema>;

/** Each setting the console edits, by name (`scope.key`), with the schema its value must pass. */
export const siteSettingSchemas = {
  'external_products.products': productsSetting,
  /** The plans' limits: quotas of every member and the purchase pages' comparison. */
  'external_products.plans': plansSettingSchema,
  'activity_operation.activities': activityOperationSchema.shape.activities,
  'activity_operation.compensations': activityOperationSchema.shape.compensations,
  /** A channel's entry replaces the configured one; `null` withdraws the channel. */
  'resources.app_downloads': z.partialRecord(z.enum(appChannels), appDownloadSchema.nullable()),
  'resources.app_link_scheme': z.union([z.literal(''), appLinkSchemeSchema]),
  'basic.support_email': emailOrNone,
  'basic.business_email': emailOrNone,
  'basic.support_url': httpsUrlOrNone,
  /** The operator the policies name (docs/site.md#policy-pages); `""`: the pages say it is not set. */
  'basic.operator_name': z.string().trim().max(200),
  'basic.operator_address': z.string().trim().max(500),
  'basic.operator_email': emailOrNone,
  /** The law the policies are governed by, such as a country or state. */
  'basic.jurisdiction': z.string().trim().max(200),
  'basic.announcement': announcementSchema,
  /** Checked before the web app's `SITE_REDIRECTS`, by every page request (global guard 7). */
  'basic.site_redirects': siteRedirectsSettingSchema,
  'debug_options.allow_vconsole': z.boolean(),
} as const;

export type SiteSettingName = keyof typeof siteSettingSchemas;

export const siteSettingNames = Object.keys(siteSettingSchemas) as SiteSettingName[];

/** A setting's value as its schema gives it (throws when the value does not pass). */
export function parseSiteSetting(name: SiteSettingName, value: unknown): unknown {
  return siteSettingSchemas[name].parse(value);
}

/** The config scope and setting key of a setting's name. */
export function settingPlaceOf(name: SiteSettingName): { scope: string; key: string } {
  const dot = name.indexOf('.');
  return { scope: name.slice(0, dot), key: name.slice(dot + 1) };
}

/** The announcement in a config `basic` answer, read leniently: undefined when none is valid. */
export function announcementOf(basic: unknown): Announcement | undefined {
  const value = (basic as { announcement?: unknown } | null | undefined)?.announcement;
  const parsed = announcementSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
