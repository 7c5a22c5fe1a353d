import type { FailureScope } from '../../db/schema';

/** Failures in the current window after which a scope needs a solved challenge. */
export type RiskThresholds = Readonly<Record<FailureScope, number>>;

/** A failure counter as the shield reads it. */
export interface FailureCount {
  failures: number;
  window_started_at: string;
}

/**
 * Whether an attempt needs a solved challenge: true when the account, the device or the address
 * has reached its threshold of failed sign-ins within the counting window. A counter whose
 * window ended counts as zero.
 */
export function isChallengeNeeded(
  counts: Partial<Record<FailureScope, FailureCount | undefined>>,
  thresholds: RiskThresholds,
  options: { now: Date; windowMs: number },
): boolean {
  const windowStart = new Date(options.now.getTime() - options.windowMs).toISOString();
  return (Object.keys(thresholds) as FailureScope[]).some((scope) => {
    const count = counts[scope];
    return count !== undefined && count.window_started_at >= windowStart && count.failures >= thresholds[scope];
  });
}
