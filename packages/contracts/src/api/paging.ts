import { z } from 'zod';

/**
 * A page size (`limit`) as a query gives it: a whole number from `min`, `fallback` when absent,
 * and read as `max` when above it (clients of the original service ask for more than a page
 * holds and expect the largest page, docs/api.md#conventions).
 */
export function pageLimitSchema(options: { max: number; fallback: number; min?: number }) {
  const { max, fallback, min = 1 } = options;
  return z.coerce
    .number()
    .int()
    .min(min)
    .default(fallback)
    .transform((value) => Math.min(value, max))
    .describe(`At most ${max} (a larger value is read as ${max}); ${fallback} when absent`);
}

/** The `limit` of the drive's lists: 100 by default, at most 1000. */
export const listLimitSchema = pageLimitSchema({ max: 1000, fallback: 100 });
