import {
  activityWindowSchema,
  compensationOfferSchema,
  compensationTypePattern,
  type ActivityOperation,
} from '@nimbus/contracts';

/** The schedule configuration gives (`ACTIVITY_ENDS`, `COMPENSATIONS`), in the published shape. */
export function activityOperationOf(
  ends: Readonly<Record<string, string>>,
  compensations: ActivityOperation['compensations'],
): ActivityOperation {
  return {
    activities: Object.fromEntries(
      Object.entries(ends).map(([name, endsAt]) => [name, { ends_at: endsAt }]),
    ),
    compensations: { ...compensations },
  };
}

function entriesOf(value: unknown): [string, unknown][] {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.entries(value)
    : [];
}

/**
 * The schedule after the operator's stored settings of scope `activity_operation`: an
 * `activities` setting (`{"christmas":{"ends_at":"..."}}`) and a `compensations` setting
 * (`{"<type>":{"days","joined_before","ends_at"}}`) replace configured entries name by name and
 * add new ones. Entries that do not fit the shape are ignored (a typo in a setting must not take
 * the site down), so the configured entry stays in force.
 */
export function mergeActivityOperation(
  configured: ActivityOperation,
  stored: Readonly<Record<string, unknown>>,
): ActivityOperation {
  const activities = { ...configured.activities };
  for (const [name, value] of entriesOf(stored.activities)) {
    const parsed = activityWindowSchema.safeParse(value);
    if (parsed.success) {
      activities[name] = parsed.data;
    }
  }
  const compensations = { ...configured.compensations };
  for (const [type, value] of entriesOf(stored.compensations)) {
    const parsed = compensationOfferSchema.safeParse(value);
    if (parsed.success && compensationTypePattern.test(type)) {
      compensations[type] = parsed.data;
    }
  }
  return { activities, compensations };
}
