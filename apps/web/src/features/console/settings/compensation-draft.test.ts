import { siteSettingSchemas } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { blankCompensation, checkCompensation, instantOf } from './compensation-draft';

const current = {
  outage_2026_01: {
    days: 7,
    joined_before: '2026-01-10T00:00:00.000Z',
    ends_at: '2026-02-10T00:00:00.000Z',
  },
};

describe('the console’s compensation form', () => {
  it('names each field that the server’s schema would refuse', () => {
    expect(checkCompensation(blankCompensation, current)).toEqual({
      problems: { type: 'type', joinedBefore: 'date', endsAt: 'date' },
    });
    expect(
      checkCompensation(
        {
          type: 'Outage March',
          days: '367',
          joinedBefore: '2026-03-01T12:00',
          endsAt: 'soon',
        },
        current,
      ),
    ).toEqual({ problems: { type: 'type', days: 'days', endsAt: 'date' } });
    expect(checkCompensation({ ...blankCompensation, days: '1.5' }, current)).toMatchObject({
      problems: { days: 'days' },
    });
  });

  it('adds the compensation to those in force, as the setting’s schema takes it', () => {
    const checked = checkCompensation(
      {
        type: ' outage_2026_03 ',
        days: '14',
        joinedBefore: '2026-03-01T12:00',
        endsAt: '2026-04-01T00:00',
      },
      current,
    );
    expect(checked).toMatchObject({
      type: 'outage_2026_03',
      offer: {
        days: 14,
        joined_before: instantOf('2026-03-01T12:00'),
        ends_at: instantOf('2026-04-01T00:00'),
      },
    });
    if (!('value' in checked)) {
      throw new Error('refused');
    }
    expect(Object.keys(checked.value)).toEqual(['outage_2026_01', 'outage_2026_03']);
    expect(siteSettingSchemas['activity_operation.compensations'].parse(checked.value)).toEqual(
      checked.value,
    );
  });

  it('reads a local date and time as the instant it is in the operator’s time zone', () => {
    expect(instantOf('2026-03-01T12:00')).toBe(new Date(2026, 2, 1, 12, 0).toISOString());
    expect(instantOf('')).toBeUndefined();
    expect(instantOf('2026-13-45T99:00')).toBeUndefined();
  });
});
