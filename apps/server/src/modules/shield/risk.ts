/**
 * The counters the shield judges an attempt by: the account it is about, its device and address,
 * and for a request of a mailed code the codes asked for that e-mail address (`mail`).
 */
export type RiskScope = 'account' | 'address' | 'device' | 'mail';

/** Failures in the current window after which a scope needs a solved challenge. */
export type RiskThresholds = Readonly<Record<RiskScope, number>>;

/** A failure counter as the shield reads it. */
export interface FailureCount {
  failures: number;
  window_started_at: string;
  locked_until: string | null;
}

/**
 * Whether an attempt needs a solved challenge: true when the account, the device or the address
 * has reached its threshold of failures within the counting window, or is held (a client past
 * its limit of wrong pass codes: it may still get through, but only with a solved challenge). A
 * counter whose window ended counts as zero.
 */
export function isChallengeNeeded(
  counts: Partial<Record<RiskScope, FailureCount | undefined>>,
  thresholds: RiskThresholds,
  options: { now: Date; windowMs: number },
): boolean {
  const now = options.now.toISOString();
  const windowStart = new Date(options.now.getTime() - options.windowMs).toISOString();
  return (Object.keys(thresholds) as RiskScope[]).some((scope) => {
    const count = counts[scope];
    if (count === undefined) {
      return false;
    }
    const isHeld = count.locked_until !== null && count.locked_until > now;
    return (
      isHeld || (count.window_started_at >= windowStart && count.failures >= thresholds[scope])
    );
  });
}
