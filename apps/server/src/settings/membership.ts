import {
  appDownloadsSchema,
  appLinkSchemeSchema,
  compensationOfferSchema,
  compensationTypePattern,
  parseProducts,
  type Product,
} from '@nimbus/contracts';
import { z } from 'zod';
import { jsonSetting } from './fields';

/**
 * What the free and premium plans allow, trials, invitations, rewards, activities and the products
 * sold. Each variable is described in its schema (`.describe()`), which docs/configuration.md is
 * generated from (`npm run docs:config`).
 */
export const membershipSettings = {
  PLAN_FREE_STORAGE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 ** 3)
    .describe('Storage (bytes) of a member on the free plan (no active membership).'),
  PLAN_PREMIUM_STORAGE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(6 * 1024 ** 4)
    .describe('Storage (bytes) of a premium member.'),
  PLAN_FREE_CLOUD_DOWNLOADS: z.coerce
    .number()
    .int()
    .min(0)
    .default(5)
    .describe(
      'Cloud (URL) download tasks a free member may create (`quotas.cloud_download.limit`).',
    ),
  PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(100 * 1024 ** 3)
    .describe('Download traffic (bytes) of a free member (`quotas.download_traffic.limit`).'),
  PLAN_PREMIUM_CLOUD_DOWNLOADS: z.coerce
    .number()
    .int()
    .min(0)
    .default(1000)
    .describe('Cloud (URL) download tasks a premium member may create.'),
  PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(4 * 1024 ** 4)
    .describe('Download traffic (bytes) of a premium member.'),
  PLAN_FREE_OFFLINE_RUNNING: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe('Offline downloads a free member has running at once; the others wait in the queue.'),
  PLAN_PREMIUM_OFFLINE_RUNNING: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(5)
    .describe('Offline downloads a premium member has running at once.'),
  PLAN_FREE_OFFLINE_TRAFFIC_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(50 * 1024 ** 3)
    .describe("Bytes a free member's offline downloads may fetch per UTC month."),
  PLAN_PREMIUM_OFFLINE_TRAFFIC_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 1024 ** 4)
    .describe("Bytes a premium member's offline downloads may fetch per UTC month."),
  ACTIVATION_CODE_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe(
      'Activation-code redemptions one member, and one client address, may try per AUTH_RATE_WINDOW_SECONDS, right or wrong (guessing defence).',
    ),
  FREE_TRIAL_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366)
    .default(3)
    .describe(
      'Premium days a new member receives on the free-trial call without an invitation; 0: none.',
    ),
  INVITE_FREE_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(366)
    .default(7)
    .describe(
      'Premium days an invitation grants each of the two members (the new one and the inviter).',
    ),
  INVITE_CLAIM_WINDOW_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(7)
    .describe(
      "Days after sign-up during which a member may still receive the trial or an invitation's days.",
    ),
  INVITE_MAX_PER_INVITER_PER_MONTH: z.coerce
    .number()
    .int()
    .min(0)
    .max(10000)
    .default(30)
    .describe(
      'Invitations that earn the inviter days per 30 days; later ones grant the new member the trial.',
    ),
  INVITE_MAX_PER_ADDRESS_PER_DAY: z.coerce
    .number()
    .int()
    .min(0)
    .max(10000)
    .default(3)
    .describe(
      'Trial or invitation grants to members calling from one client address per 24 hours.',
    ),
  TASK_REWARD_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(366)
    .default(1)
    .describe(
      "Premium days a membership task's reward grants (`POST /vip/v1/activity/rewardVip`).",
    ),
  MEMBERSHIP_REMINDER_DAYS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60)
    .default(3)
    .describe(
      "Days before the end of a member's premium that the expiry reminder mail goes out (once per end, in the member's language, with a renew link and an unsubscribe link); 0 sends none.",
    ),
  ACTIVITY_ENDS: jsonSetting(
    '{"christmas":"2027-01-01T00:00:00Z","black-friday":"2026-12-01T00:00:00Z"}',
  )
    .pipe(
      z.record(
        z.string().regex(/^[a-z0-9-]{1,64}$/, 'names are a-z, 0-9 and -'),
        z.iso.datetime({ offset: true }),
      ),
    )
    .describe(
      'When each seasonal promotion ends, as JSON `{"christmas":"2027-01-01T00:00:00Z", ...}` (RFC 3339). From then on its page (`/activity/<name>`) leads to /activity-end. Published by `POST /config/v1/activity_operation`; a stored `activities` setting overrides it per name.',
    ),
  COMPENSATIONS: jsonSetting(
    '{"aliyun_accident_202409":{"days":7,"joined_before":"2024-09-11T00:00:00Z","ends_at":"2024-12-31T00:00:00Z"}}',
  )
    .pipe(
      z.record(
        z.string().regex(compensationTypePattern, 'types are a-z, 0-9 and _'),
        compensationOfferSchema,
      ),
    )
    .describe(
      'The compensations members claim on /activity/compensation?type=<type>, as JSON `{"<type>":{"days":7,"joined_before":"<RFC 3339>","ends_at":"<RFC 3339>"}}`: members who signed up before `joined_before` may claim `days` premium days once, until `ends_at`.',
    ),
  APP_DOWNLOADS: jsonSetting('{}')
    .pipe(appDownloadsSchema)
    .describe(
      'The apps the site offers for download, as JSON by channel (`android` package file, `gp` Android app store, `ios`, `tv`, `windows`, `mac_apple_silicon`, `mac_intel`, `extension_chrome`, `extension_edge`, `extension_firefox`): `{"android":{"url":"https://...","version":"2.4.1","size":48234112,"notes":"...","sha256":"..."}}`. Published by `POST /config/v1/resources` as `app_downloads`; a stored `app_downloads` setting overrides it channel by channel. Empty: the app pages point to the web app.',
    ),
  APP_LINK_SCHEME: appLinkSchemeSchema
    .optional()
    .describe(
      "The apps' own URL scheme (`nimbus`): `<scheme>://xpan/<path>` opens the installed app. Empty: none.",
    ),
  EXTERNAL_PRODUCTS: z
    .string()
    .register(z.globalRegistry, { settingType: 'JSON' })
    .default('')
    .transform((value, context): Product[] | undefined => {
      if (value.trim() === '') {
        return undefined;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(value) as unknown;
      } catch {
        context.addIssue({ code: 'custom', message: 'must be a JSON list of products' });
        return z.NEVER;
      }
      const { products, problems } = parseProducts(parsed);
      for (const problem of problems) {
        context.addIssue({
          code: 'custom',
          message: `product ${problem.index}: ${problem.message}`,
        });
      }
      return problems.length > 0 ? z.NEVER : products;
    })
    .describe(
      'The purchase pages\' catalogue (`POST /config/v1/external_products`), as a JSON list of products `{"id","kind":"premium"|"storage"|"traffic","name","days","bytes","price", "currency","checkout_url","highlight"}` sold in the operator\'s own shop (Nimbus holds no card processor; the shop hands out activation codes). Empty: defaults derived from the plan limits in force (those stored in the console over the configured ones), without prices or checkout links. A stored `products` setting of scope `external_products` replaces it.',
    ),
};
