import { describe, expect, it } from 'vitest';
import { isActivityOver, openActivities } from './activity-schedule';

describe('activity schedule', () => {
  it('closes an activity at its end date', () => {
    expect(isActivityOver('black-friday', Date.parse('2026-11-30T23:59:59Z'))).toBe(false);
    expect(isActivityOver('black-friday', Date.parse('2026-12-01T00:00:00Z'))).toBe(true);
    expect(isActivityOver('compensation', Date.parse('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('lists the open activities', () => {
    expect(openActivities(Date.parse('2026-11-26T00:00:00Z'))).toEqual([
      'christmas',
      'black-friday',
    ]);
    expect(openActivities(Date.parse('2027-02-01T00:00:00Z'))).toEqual([]);
  });
});
