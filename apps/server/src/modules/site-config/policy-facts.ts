import type { Config } from '../../config';

/*
 * The figures the policy pages quote (docs/site.md#policy-pages), given by the config host's
 * `basic` values as `policy_periods`: each is what this server is configured with, so the privacy
 * policy's retention periods and the membership agreement's reminders and grace are true of it.
 */

/** The periods and limits of the policies, in the units the texts use. */
export interface PolicyPeriods {
  trash_days: number;
  deletion_grace_days: number;
  upload_expiry_hours: number;
  content_link_hours: number;
  export_link_days: number;
  session_days: number;
  analytics_days: number;
  membership_reminder_days: number;
  subscription_reminder_days: number;
  payment_grace_days: number;
  reports_per_hour: number;
}

type PolicyConfig = Pick<
  Config,
  | 'TRASH_RETENTION_DAYS'
  | 'ACCOUNT_DELETION_GRACE_DAYS'
  | 'UPLOAD_EXPIRY_HOURS'
  | 'CONTENT_LINK_TTL_SECONDS'
  | 'REFRESH_TOKEN_TTL_SECONDS'
  | 'ANALYTICS_RETENTION_DAYS'
  | 'MEMBERSHIP_REMINDER_DAYS'
  | 'SUBSCRIPTION_REMINDER_DAYS'
  | 'PAYMENT_GRACE_DAYS'
>;

/** A figure rounded to at most two decimals (hours of a few minutes stay readable). */
function rounded(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * The policies' figures from configuration and the fixed lifetimes of the code (the data export's
 * link, the share report limit), which the caller passes so this module imports neither.
 */
export function policyPeriodsOf(
  config: PolicyConfig,
  fixed: { exportTtlMs: number; reportLimit: { max: number; windowMs: number } },
): PolicyPeriods {
  return {
    trash_days: config.TRASH_RETENTION_DAYS,
    deletion_grace_days: config.ACCOUNT_DELETION_GRACE_DAYS,
    upload_expiry_hours: rounded(config.UPLOAD_EXPIRY_HOURS),
    content_link_hours: rounded(config.CONTENT_LINK_TTL_SECONDS / 3600),
    export_link_days: rounded(fixed.exportTtlMs / 86_400_000),
    session_days: rounded(config.REFRESH_TOKEN_TTL_SECONDS / 86_400),
    analytics_days: config.ANALYTICS_RETENTION_DAYS,
    membership_reminder_days: config.MEMBERSHIP_REMINDER_DAYS,
    subscription_reminder_days: config.SUBSCRIPTION_REMINDER_DAYS,
    payment_grace_days: config.PAYMENT_GRACE_DAYS,
    reports_per_hour: Math.floor((fixed.reportLimit.max * 3_600_000) / fixed.reportLimit.windowMs),
  };
}
