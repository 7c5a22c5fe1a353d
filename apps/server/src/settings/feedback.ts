import { z } from 'zod';

/**
 * Where members' feedback goes and how much of it, and how long analytics events are kept. Each
 * variable is described in its schema (`.describe()`), which docs/configuration.md is generated
 * from (`npm run docs:config`).
 */
export const feedbackSettings = {
  FEEDBACK_EMAIL: z
    .union([z.literal(''), z.email().max(254)])
    .default('')
    .describe(
      "Where a plain-text copy of each member's feedback (`POST /drive/v1/feedback`) is mailed; empty: no copy (operators read feedback with `npm run feedback`).",
    ),
  FEEDBACK_MAX_PER_MEMBER: z.coerce
    .number()
    .int()
    .min(1)
    .max(1000)
    .default(10)
    .describe('Feedback one member may send per 24 hours.'),
  FEEDBACK_MAX_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(30)
    .describe('Feedback one client address may send per 24 hours, over all members.'),
  ANALYTICS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(90)
    .describe(
      'Days an analytics event (`POST /statistics/pub/event`) is kept before the sweep deletes it.',
    ),
  ANALYTICS_MAX_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(100_000)
    .default(60)
    .describe('Calls of `POST /statistics/pub/event` one client address may make per minute.'),
};
