import { z } from 'zod';

/**
 * A page size (`limit`) as a query gives it: a whole number from `min` (0 or 1), `fallback` when absent,
 * and read as `max` when above it (clients of the original service ask for more than a page
 * holds and expect the largest page, docs/api.md#conventions). Where a page cannot be empty
 * (`min` 1), `0` is read as absent: clients that send every field of their request send an unset
 * size as `0`.
 */
export function pageLimitSchema(options: { max: number; fallback: number; min?: 0 | 1 }) {
  const { max, fallback, min = 1 } = options;
  const zeroIsAbsent = min === 1;
  return z.coerce
    .number()
    .int()
    .min(0)
    .default(fallback)
    .transform((value) => (zeroIsAbsent && value === 0 ? fallback : Math.min(value, max)))
    .describe(
      `At most ${max} (a larger value is read as ${max}); ${fallback} when absent` +
        (zeroIsAbsent ? ' or 0' : ''),
    );
}

/** The `limit` of the drive's lists: 100 by default, at most 1000. */
export const listLimitSchema = pageLimitSchema({ max: 1000, fallback: 100 });
