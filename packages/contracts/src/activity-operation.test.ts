import { describe, expect, it } from 'vitest';
import { activityOperationSchema, isActivityOver } from './activity-operation';

const operation = activityOperationSchema.parse({
  activities: { christmas: { ends_at: '2027-01-01T00:00:00Z' } },
  compensations: {
    outage_1: {
      days: 3,
      joined_before: '2026-01-01T00:00:00Z',
      ends_at: '2026-12-01T00:00:00+01:00',
    },
  },
});

describe('activity schedule', () => {
  it('closes a promotion from its end on, and never one the schedule does not name', () => {
    expect(isActivityOver(operation, 'christmas', Date.parse('2026-12-31T23:59:59.999Z'))).toBe(
      false,
    );
    expect(isActivityOver(operation, 'christmas', Date.parse('2027-01-01T00:00:00Z'))).toBe(true);
    expect(isActivityOver(operation, 'black-friday', Date.parse('2099-01-01T00:00:00Z'))).toBe(
      false,
    );
  });

  it("closes the compensation page when the link's compensation is over, not for an unknown one", () => {
    expect(
      isActivityOver(operation, 'compensation', Date.parse('2026-11-30T22:59:59Z'), 'outage_1'),
    ).toBe(false);
    expect(
      isActivityOver(operation, 'compensation', Date.parse('2026-11-30T23:00:00Z'), 'outage_1'),
    ).toBe(true);
    expect(
      isActivityOver(operation, 'compensation', Date.parse('2099-01-01T00:00:00Z'), 'other'),
    ).toBe(false);
    expect(isActivityOver(operation, 'compensation', Date.parse('2099-01-01T00:00:00Z'))).toBe(
      false,
    );
  });

  it('refuses a schedule of another shape', () => {
    for (const bad of [
      {},
      { activities: { christmas: { ends_at: 'soon' } }, compensations: {} },
      {
        activities: {},
        compensations: {
          'Bad Type': {
            days: 1,
            joined_before: '2026-01-01T00:00:00Z',
            ends_at: '2026-01-01T00:00:00Z',
          },
        },
      },
      {
        activities: {},
        compensations: {
          ok: { days: 0, joined_before: '2026-01-01T00:00:00Z', ends_at: '2026-01-01T00:00:00Z' },
        },
      },
    ]) {
      expect(activityOperationSchema.safeParse(bad).success).toBe(false);
    }
  });
});
