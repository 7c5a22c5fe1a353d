import { activityScenes, activityTaskTypes, compensationTypePattern } from '@nimbus/contracts';
import { z } from 'zod';

/** `POST /vip/v1/activity/invite` (docs/product.md#calls: `from=web, rr, tf, rf`). */
export const inviteBodySchema = z
  .object({
    /** The client that calls (`web`, `tv`, ...). */
    from: z.string().min(1).max(32),
    /** The page the member signed up on, host plus path (and query): may carry `invite_code`. */
    rr: z.string().max(2048).default(''),
    /** The task source (add_button, landing_page, ...), for statistics; not stored. */
    tf: z.string().max(64).default(''),
    /** The referring sites, comma-joined; not stored. */
    rf: z.string().max(4096).default(''),
    /** An invite code typed or carried by the app; wins over one in `rr`. */
    invite_code: z.string().max(32).optional(),
  })
  .strict();

/** `GET /vip/v1/task/status?scene=`. */
export const taskStatusQuerySchema = z.object({
  scene: z
    .string()
    .max(32)
    .describe(`One of ${activityScenes.join(', ')}`),
});

/** `POST /vip/v1/activity/rewardVip` (docs/product.md#calls: `type, data`). */
export const rewardBodySchema = z
  .object({
    type: z
      .string()
      .max(64)
      .describe(`The task: one of ${activityTaskTypes.join(', ')}`),
    /** Client context the web app sends along; accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** `GET /vip/v1/activity/inviteExtActivityPage?limit=`. */
export const invitePageQuerySchema = z.object({
  limit: z.coerce.number().int().min(0).max(100).default(20),
});

const compensationTypeSchema = z
  .string()
  .regex(compensationTypePattern, 'lower-case letters, digits and _ (at most 64)');

/** `POST /vip/v1/activity/compensate` by an admin: grants `days` to each of `user_ids`. */
export const compensateBodySchema = z
  .object({
    /** The compensation, e.g. `aliyun_accident_202409`: each member receives one of a type once. */
    type: compensationTypeSchema,
    days: z.number().int().min(1).max(366),
    /** Member ids: opaque URL-safe strings (docs/api.md#conventions); an unknown one comes back in `skipped`. */
    user_ids: z
      .array(z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'a member id'))
      .min(1)
      .max(1000),
  })
  .strict();

/** `POST /vip/v1/activity/compensate` by a member: claims the configured compensation `type`. */
export const compensationClaimBodySchema = z
  .object({
    type: compensationTypeSchema,
    /** Client context (as `rewardVip`'s); accepted and not stored. */
    data: z.union([z.string().max(4096), z.record(z.string(), z.unknown())]).optional(),
  })
  .strict();

/** Either form of `POST /vip/v1/activity/compensate`. */
export const compensateAnyBodySchema = z.union([compensateBodySchema, compensationClaimBodySchema]);

/** `POST /vip/v1/verifyRecaptchaToken`. */
export const verifyCaptchaBodySchema = z
  .object({
    /** A `captcha_token` of `POST /v1/shield/captcha/init`. */
    token: z.string().min(1).max(512),
    /** The action the token was asked for (`METHOD:/path`). */
    action: z.string().min(1).max(200).default('POST:/vip/v1/verifyRecaptchaToken'),
  })
  .strict();

/** `GET /mail/v1/unsubscribe?d=`. */
export const unsubscribeQuerySchema = z.object({
  d: z.string().min(1).max(1024),
});

/**
 * `POST /mail/v1/unsubscribe?d=`, the one-click unsubscribe of RFC 8058: mail programs post the
 * form `List-Unsubscribe=One-Click` to the address of a mail's `List-Unsubscribe` header.
 */
export const oneClickUnsubscribeBodySchema = z.object({
  'List-Unsubscribe': z.literal('One-Click'),
});

/** `POST /mail/v1/subscribe`: the signed address of the unsubscribe link. */
export const subscribeBodySchema = z.object({ d: z.string().min(1).max(1024) }).strict();
