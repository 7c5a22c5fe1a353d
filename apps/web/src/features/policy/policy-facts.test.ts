import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/src/config';
import { exportTtlMs } from '../../../../server/src/modules/data-export/data-export.service';
import { shareReportLimit } from '../../../../server/src/modules/share/share-moderation.service';
import { policyPeriodsOf } from '../../../../server/src/modules/site-config/policy-facts';
import { defaultPolicyPeriods, policyArgumentsOf, policyFactsOf } from './policy-facts';

const notSet = { name: 'N?', address: 'A?', email: 'E?', jurisdiction: 'J?' };

describe('policyFactsOf', () => {
  it('reads what the config host gives for the server’s configuration', () => {
    const config = loadConfig({
      TRASH_RETENTION_DAYS: '45',
      UPLOAD_EXPIRY_HOURS: '0.5',
      MEMBERSHIP_REMINDER_DAYS: '0',
      SUBSCRIPTION_REMINDER_DAYS: '5',
      PAYMENT_GRACE_DAYS: '2',
    });
    const periods = policyPeriodsOf(config, { exportTtlMs, reportLimit: shareReportLimit });
    const facts = policyFactsOf({ policy_periods: periods, operator_name: 'Example Ltd' });
    expect(facts.periods).toMatchObject({
      trashDays: 45,
      uploadExpiryHours: 0.5,
      expiryReminderDays: 0,
      renewalReminderDays: 5,
      paymentGraceDays: 2,
      exportLinkDays: 7,
      reportsPerHour: 20,
    });
    expect(facts.operator).toEqual({ name: 'Example Ltd' });
  });

  it('falls back to exactly the server’s defaults', () => {
    const periods = policyPeriodsOf(loadConfig({}), {
      exportTtlMs,
      reportLimit: shareReportLimit,
    });
    expect(policyFactsOf({ policy_periods: periods }).periods).toEqual(defaultPolicyPeriods);
    expect(policyFactsOf(undefined).periods).toEqual(defaultPolicyPeriods);
    expect(
      policyFactsOf({ policy_periods: { trash_days: -1, analytics_days: 'x' } }).periods,
    ).toEqual(defaultPolicyPeriods);
  });

  it('fills in "not set" for each missing or invalid detail of the operator', () => {
    const facts = policyFactsOf({
      operator_name: '  Example\n Ltd ',
      operator_address: '',
      operator_email: 'not an address',
      jurisdiction: 'England and Wales',
    });
    expect(policyArgumentsOf(facts, notSet)).toMatchObject({
      operatorName: 'Example Ltd',
      operatorAddress: 'A?',
      operatorEmail: 'E?',
      jurisdiction: 'England and Wales',
    });
  });
});
