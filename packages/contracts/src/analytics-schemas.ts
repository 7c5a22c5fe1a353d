import { z } from 'zod';
import { analyticsEventNames, analyticsLimits, appDownloadPlatforms } from './analytics';
import type { AppDownloadPlatform } from './analytics';
import { appChannels } from './app-channels';
import { analyticsClientTypeSchema } from './enum-schemas';

/* The schemas of analytics events and download counts (names and limits: analytics.ts). */

/** Text without control characters (C0, DEL, C1) and without line or paragraph separators. */
const printable = /^[^\p{Cc}\u2028\u2029]*$/u;

function text(max: number) {
  return z.string().max(max).regex(printable, 'must not hold control characters');
}

/** A BCP 47 language tag as browsers report it (`en-US`, `zh-Hant-TW`), or `''`. */
const languageTagSchema = z
  .string()
  .max(analyticsLimits.languageMaxChars)
  .regex(/^([A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)?$/, 'must be a language tag');

/** A host, with a port when it has one. */
const hostPattern = '[A-Za-z0-9](?:[A-Za-z0-9.-]{0,252})(?::[0-9]{1,5})?';

/** The comma-joined referring hosts, at most 10. */
const refererListSchema = z
  .string()
  .max(analyticsLimits.refererListMaxChars)
  .regex(
    new RegExp(`^(${hostPattern}(,${hostPattern}){0,${analyticsLimits.maxReferers - 1}})?$`),
    'must be up to 10 comma-joined hosts',
  );

/**
 * A page path: `/` then no query, fragment, whitespace or control character. The web app sends
 * the route (`pageRouteOf`), not the address with ids in it.
 */
const pageSchema = z
  .string()
  .min(1)
  .max(analyticsLimits.pageMaxChars)
  .regex(/^\/[^?#\s\p{Cc}]*$/u, 'must be a path without query or fragment');

/** The small properties of an event: names in snake_case, text or finite numbers. */
const propsSchema = z
  .record(
    z
      .string()
      .max(analyticsLimits.propKeyMaxChars)
      .regex(/^[a-z][a-z0-9_]*$/, 'property names are a-z, 0-9 and _'),
    z.union([text(analyticsLimits.propValueMaxChars), z.number().finite().min(-1e12).max(1e12)]),
  )
  .refine((props) => Object.keys(props).length <= analyticsLimits.maxProps, {
    message: `at most ${analyticsLimits.maxProps} properties`,
  });
export type AnalyticsProps = z.infer<typeof propsSchema>;

/** One analytics event: its name, page, the analytics context of docs/product.md#entities and its properties. */
export const analyticsEventSchema = z
  .object({
    event: z.enum(analyticsEventNames),
    page: pageSchema,
    client_type: analyticsClientTypeSchema,
    language_system: languageTagSchema,
    language_web: languageTagSchema,
    /** 2 for a premium member, else 1. */
    userType: z.union([z.literal(1), z.literal(2)]),
    source: text(analyticsLimits.textMaxChars),
    scene: text(analyticsLimits.textMaxChars),
    referer_list: refererListSchema,
    deviceid: z
      .string()
      .max(analyticsLimits.deviceIdMaxChars)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be a device id'),
    /** Sent by the web app for completeness; the server takes the member from the credential. */
    userid: z
      .string()
      .max(analyticsLimits.userIdMaxChars)
      .regex(/^[A-Za-z0-9_-]*$/, 'must be a user id'),
    /** ISO alpha-2, or `''`. */
    country: z.string().regex(/^([A-Za-z]{2})?$/, 'must be an ISO alpha-2 country'),
    props: propsSchema.optional(),
  })
  .strict()
  .superRefine((event, context) => {
    if (event.event !== 'app-download') {
      return;
    }
    const platform = event.props?.platform;
    if (
      typeof platform !== 'string' ||
      !(appDownloadPlatforms as readonly string[]).includes(platform)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['props', 'platform'],
        message: `app-download needs props.platform: ${appDownloadPlatforms.join(', ')}`,
      });
    }
    const channel = event.props?.channel;
    if (channel !== undefined && !(appChannels as readonly unknown[]).includes(channel)) {
      context.addIssue({
        code: 'custom',
        path: ['props', 'channel'],
        message: 'is not a download channel',
      });
    }
  });
export type AnalyticsEvent = z.infer<typeof analyticsEventSchema>;

/** A batch of events, as the web app sends them. */
export const analyticsBatchSchema = z
  .object({ events: z.array(analyticsEventSchema).min(1).max(analyticsLimits.maxBatch) })
  .strict();
export type AnalyticsBatch = z.infer<typeof analyticsBatchSchema>;

/** The body of `POST /statistics/pub/event`: one event, or a batch. */
export const analyticsBodySchema = z.union([analyticsBatchSchema, analyticsEventSchema]);
export type AnalyticsBody = z.infer<typeof analyticsBodySchema>;

/** The events of a body, one or many. */
export function analyticsEventsOf(body: AnalyticsBody): AnalyticsEvent[] {
  return 'events' in body ? body.events : [body];
}

/** `GET /statistics/pub/download`: the app downloads counted per platform, as decimal strings. */
export const appDownloadCountsSchema = z.object({
  kind: z.literal('statistics#downloads'),
  downloads: z.object(
    Object.fromEntries(appDownloadPlatforms.map((platform) => [platform, z.string()])) as Record<
      AppDownloadPlatform,
      z.ZodString
    >,
  ),
  total: z.string(),
  /** When the counts were read (they are cached for a minute). */
  updated_time: z.string(),
});
export type AppDownloadCounts = z.infer<typeof appDownloadCountsSchema>;
