import {
  compensationOfferSchema,
  compensationTypePattern,
  siteSettingSchemas,
  type CompensationOffer,
} from '@nimbus/contracts';

/*
 * The console's form of a new compensation: its fields as typed (the times in the operator's
 * time zone, as `datetime-local` gives them), checked field by field against the schema the
 * server runs, and the setting `activity_operation.compensations` with it added.
 */

export interface CompensationDraft {
  type: string;
  days: string;
  joinedBefore: string;
  endsAt: string;
}

export const blankCompensation: CompensationDraft = {
  type: '',
  days: '30',
  joinedBefore: '',
  endsAt: '',
};

/** What is wrong with a field, by the message that says so. */
export type CompensationProblem = 'type' | 'days' | 'date';
export type CompensationProblems = Partial<Record<keyof CompensationDraft, CompensationProblem>>;

/** A `datetime-local` value (local time) as an RFC 3339 instant; undefined when it is none. */
export function instantOf(local: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(local)) {
    return undefined;
  }
  const at = new Date(local);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/**
 * The setting's new value, every compensation in force (`current`) and the draft's under its type
 * (an existing type is rescheduled), or what is wrong with each field.
 */
export function checkCompensation(
  draft: CompensationDraft,
  current: unknown,
):
  | { type: string; offer: CompensationOffer; value: Record<string, CompensationOffer> }
  | { problems: CompensationProblems } {
  const problems: CompensationProblems = {};
  const type = draft.type.trim();
  if (!compensationTypePattern.test(type)) {
    problems.type = 'type';
  }
  const days = /^\d+$/.test(draft.days.trim()) ? Number(draft.days) : Number.NaN;
  if (!compensationOfferSchema.shape.days.safeParse(days).success) {
    problems.days = 'days';
  }
  const joinedBefore = instantOf(draft.joinedBefore);
  if (!compensationOfferSchema.shape.joined_before.safeParse(joinedBefore).success) {
    problems.joinedBefore = 'date';
  }
  const endsAt = instantOf(draft.endsAt);
  if (!compensationOfferSchema.shape.ends_at.safeParse(endsAt).success) {
    problems.endsAt = 'date';
  }
  const offer = compensationOfferSchema.safeParse({
    days,
    joined_before: joinedBefore,
    ends_at: endsAt,
  });
  if (Object.keys(problems).length > 0 || !offer.success) {
    return { problems };
  }
  const inForce = siteSettingSchemas['activity_operation.compensations'].safeParse(current);
  const value = { ...(inForce.success ? inForce.data : {}), [type]: offer.data };
  return { type, offer: offer.data, value };
}
