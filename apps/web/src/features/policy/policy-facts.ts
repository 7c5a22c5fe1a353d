/*
 * What the policy texts name (docs/site.md#policy-pages): the operator's name, postal address,
 * contact email and jurisdiction (stored settings `basic.operator_*` and `basic.jurisdiction`,
 * edited in the console), and the periods and limits this server is configured with
 * (`basic.policy_periods` of the config host). Read leniently: a value that is missing or not
 * what it claims to be is "not set", a period falls back to the server's default.
 */

/** The operator's details; each undefined when not set. */
export interface PolicyOperator {
  name?: string;
  address?: string;
  email?: string;
  jurisdiction?: string;
}

/** The figures the texts quote, named as the ICU arguments of the `policy-texts` messages. */
// A type, not an interface: the texts take it as a record of ICU arguments.
export type PolicyPeriods = {
  trashDays: number;
  deletionGraceDays: number;
  uploadExpiryHours: number;
  contentLinkHours: number;
  exportLinkDays: number;
  sessionDays: number;
  analyticsDays: number;
  expiryReminderDays: number;
  renewalReminderDays: number;
  paymentGraceDays: number;
  reportsPerHour: number;
};

export interface PolicyFacts {
  operator: PolicyOperator;
  periods: PolicyPeriods;
}

/**
 * The server's defaults (apps/server/src/settings), used only when the config host does not
 * answer; a test keeps them equal to the server's.
 */
export const defaultPolicyPeriods: PolicyPeriods = {
  trashDays: 30,
  deletionGraceDays: 15,
  uploadExpiryHours: 24,
  contentLinkHours: 6,
  exportLinkDays: 7,
  sessionDays: 30,
  analyticsDays: 90,
  expiryReminderDays: 3,
  renewalReminderDays: 7,
  paymentGraceDays: 7,
  reportsPerHour: 20,
};

/** The config host's name of each figure. */
const periodFields: Readonly<Record<keyof PolicyPeriods, string>> = {
  trashDays: 'trash_days',
  deletionGraceDays: 'deletion_grace_days',
  uploadExpiryHours: 'upload_expiry_hours',
  contentLinkHours: 'content_link_hours',
  exportLinkDays: 'export_link_days',
  sessionDays: 'session_days',
  analyticsDays: 'analytics_days',
  expiryReminderDays: 'membership_reminder_days',
  renewalReminderDays: 'subscription_reminder_days',
  paymentGraceDays: 'payment_grace_days',
  reportsPerHour: 'reports_per_hour',
};

const emailPattern = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]+$/;

function textOf(value: unknown, max: number): string | undefined {
  if (typeof value !== 'string') {
    return undefined;
  }
  const text = value.replace(/\s+/g, ' ').trim();
  return text !== '' && text.length <= max ? text : undefined;
}

function emailOf(value: unknown): string | undefined {
  const text = textOf(value, 254);
  return text !== undefined && emailPattern.test(text) ? text : undefined;
}

function periodsOf(value: unknown): PolicyPeriods {
  const given =
    value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const periods = { ...defaultPolicyPeriods };
  for (const key of Object.keys(periodFields) as (keyof PolicyPeriods)[]) {
    const figure = given[periodFields[key]];
    if (typeof figure === 'number' && Number.isFinite(figure) && figure >= 0) {
      periods[key] = figure;
    }
  }
  return periods;
}

/** The facts in the config host's `basic` values. */
export function policyFactsOf(basic: unknown): PolicyFacts {
  const values =
    basic !== null && typeof basic === 'object' ? (basic as Record<string, unknown>) : {};
  const operator: PolicyOperator = {};
  const name = textOf(values.operator_name, 200);
  const address = textOf(values.operator_address, 500);
  const email = emailOf(values.operator_email);
  const jurisdiction = textOf(values.jurisdiction, 200);
  if (name !== undefined) operator.name = name;
  if (address !== undefined) operator.address = address;
  if (email !== undefined) operator.email = email;
  if (jurisdiction !== undefined) operator.jurisdiction = jurisdiction;
  return { operator, periods: periodsOf(values.policy_periods) };
}

/** The texts' "not set" words for each detail of the operator. */
export interface NotSetTexts {
  name: string;
  address: string;
  email: string;
  jurisdiction: string;
}

/** The ICU arguments every policy text is formatted with. */
export type PolicyArguments = PolicyPeriods & {
  operatorName: string;
  operatorAddress: string;
  operatorEmail: string;
  jurisdiction: string;
};

/** The arguments of the texts: the operator's details, or "not set" for each one missing. */
export function policyArgumentsOf(facts: PolicyFacts, notSet: NotSetTexts): PolicyArguments {
  return {
    ...facts.periods,
    operatorName: facts.operator.name ?? notSet.name,
    operatorAddress: facts.operator.address ?? notSet.address,
    operatorEmail: facts.operator.email ?? notSet.email,
    jurisdiction: facts.operator.jurisdiction ?? notSet.jurisdiction,
  };
}

/** A `policy-texts` translator with keys built at run time (sections, versions, notices). */
export type PolicyTranslator = (
  key: string,
  values?: Record<string, string | number | Date>,
) => string;
