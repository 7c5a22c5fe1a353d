import { defaultLocale, locales } from '@nimbus/contracts';
import { createActivationBatchRepository } from '../modules/membership/activation-batch.repository';
import { createActivationBatchService } from '../modules/membership/activation-batch.service';
import { createCompensationClaimsRepository } from '../modules/membership/compensation-claims.repository';
import { createMembershipActivityRepository } from '../modules/membership/membership-activity.repository';
import { createMembershipActivityService } from '../modules/membership/membership-activity.service';
import { createMembershipReminderRepository } from '../modules/membership/membership-reminder.repository';
import { createMembershipReminderService } from '../modules/membership/membership-reminder.service';
import { createMembershipRepository } from '../modules/membership/membership.repository';
import { createMembershipService, planDefaultsOf } from '../modules/membership/membership.service';
import { createSubscriptionReminderRepository } from '../modules/payment/subscription-reminder.repository';
import { exportTtlMs } from '../modules/data-export/data-export.service';
import { shareReportLimit } from '../modules/share/share-moderation.service';
import { policyPeriodsOf } from '../modules/site-config/policy-facts';
import { activityOperationOf } from '../modules/site-config/activity-operation';
import { externalProductsOf } from '../modules/site-config/external-products';
import { createSettingRepository } from '../modules/site-config/setting.repository';
import { createSiteConfigService } from '../modules/site-config/site-config.service';
import { createSettingHistoryRepository } from '../modules/site-config/setting-history.repository';
import { createSettingsConsoleService } from '../modules/site-config/settings-console.service';
import type { AuthKeys } from '../modules/user/auth-keys';
import type { Mailer } from '../modules/user/mail/mailer';
import type { Wiring } from './container-options';

/**
 * Plans and the site's settings: memberships (the plan every other area asks), the site config
 * the clients read, the membership activities (trials, invitations) and their reminder mails.
 */
export function createMembershipArea(
  { config, database, options, now, fleet }: Wiring,
  accounts: { keys: Pick<AuthKeys, 'mailUnsubscribe'>; mailer: Mailer },
) {
  const settings = createSettingRepository(database.db);
  const siteConfig = createSiteConfigService({
    settings,
    defaults: {
      basic: {
        site_name: 'Nimbus',
        site_url: config.PUBLIC_URL,
        default_locale: defaultLocale,
        locales,
        // The operator's details the policies name; an admin stores them in the console.
        operator_name: '',
        operator_address: '',
        operator_email: '',
        jurisdiction: '',
        policy_periods: policyPeriodsOf(config, { exportTtlMs, reportLimit: shareReportLimit }),
      },
      resources: {},
      external_products: {},
      activity_operation: {},
      debug_options: { allow_vconsole: config.DEBUG_CONSOLE },
    },
    activityOperation: activityOperationOf(config.ACTIVITY_ENDS, config.COMPENSATIONS),
    apps: { downloads: config.APP_DOWNLOADS, linkScheme: config.APP_LINK_SCHEME ?? '' },
    externalProducts: {
      ...externalProductsOf(planDefaultsOf(config), config.EXTERNAL_PRODUCTS),
      // The pages sell through the provider when one is configured (container/payment.ts).
      ...(config.STRIPE_SECRET_KEY !== undefined && config.STRIPE_WEBHOOK_SECRET !== undefined
        ? { payment_provider: 'stripe' as const }
        : {}),
    },
    derivedProducts: config.EXTERNAL_PRODUCTS === undefined,
    // A console change of the plans' limits reaches every node's quotas within 5 s.
    planLimitsMaxAgeMs: 5_000,
    now,
  });
  const memberships = createMembershipService({
    memberships: createMembershipRepository(database.db),
    limiter: fleet.guessLimiter(),
    plans: () => siteConfig.planLimits(),
    redeemLimit: {
      max: config.ACTIVATION_CODE_MAX_ATTEMPTS,
      windowMs: config.AUTH_RATE_WINDOW_SECONDS * 1000,
    },
    now,
  });
  const membershipActivities = createMembershipActivityService({
    activities: createMembershipActivityRepository(database.db),
    vipOf: (userId) => memberships.vipOf(userId),
    compensationOf: (type) => siteConfig.compensationOf(type),
    settings: {
      trialDays: config.FREE_TRIAL_DAYS,
      inviteDays: config.INVITE_FREE_DAYS,
      claimWindowDays: config.INVITE_CLAIM_WINDOW_DAYS,
      maxInvitesPerMonth: config.INVITE_MAX_PER_INVITER_PER_MONTH,
      maxGrantsPerAddressPerDay: config.INVITE_MAX_PER_ADDRESS_PER_DAY,
      taskRewardDays: config.TASK_REWARD_DAYS,
    },
    publicUrl: config.PUBLIC_URL,
    unsubscribeKey: accounts.keys.mailUnsubscribe,
    now,
  });
  const membershipReminderRecords = createMembershipReminderRepository(database.db);
  const subscriptionRenewals = createSubscriptionReminderRepository(database.db);
  const membershipReminders = createMembershipReminderService({
    reminders: membershipReminderRecords,
    mailPreferences: membershipActivities,
    mailer: accounts.mailer,
    publicUrl: config.PUBLIC_URL,
    renewalOf: (userId) => subscriptionRenewals.renewalOf(userId),
    days: config.MEMBERSHIP_REMINDER_DAYS,
    now,
    logger: options.logger,
  });
  const activationBatches = createActivationBatchService({
    batches: createActivationBatchRepository(database.db),
    memberships,
    now,
  });
  return {
    settings,
    siteConfig,
    settingsConsole: createSettingsConsoleService({
      settings,
      history: createSettingHistoryRepository(database.db),
      siteConfig,
      now,
    }),
    memberships,
    activationBatches,
    membershipActivities,
    membershipReminders,
    membershipReminderRecords,
    compensationClaims: createCompensationClaimsRepository(database.db),
  };
}
