import { describe, expect, it } from 'vitest';
import { startMembershipReminders } from './membership-reminders';

const quiet = { info: () => undefined, error: () => undefined };

/** Leases of a node alone: every lease is granted (the fleet's leases have medium tests). */
const jobLeases = {
  holder: 'node',
  take: () => Promise.resolve(true),
  extend: () => Promise.resolve(true),
  release: () => Promise.resolve(),
};

describe('membership reminders job', () => {
  it('starts nothing when the reminders are off', () => {
    let calls = 0;
    const job = startMembershipReminders(
      {
        jobLeases,
        membershipReminders: {
          isEnabled: false,
          remindBatch: () => {
            calls += 1;
            return Promise.resolve(0);
          },
        },
      },
      quiet,
    );
    expect(job).toBeUndefined();
    expect(calls).toBe(0);
  });

  it('runs batches at start until none is left, and logs how many members it handled', async () => {
    const batches = [50, 7, 0];
    const logged: Array<{ object: object; message: string }> = [];
    const job = startMembershipReminders(
      {
        jobLeases,
        membershipReminders: {
          isEnabled: true,
          remindBatch: () => Promise.resolve(batches.shift() ?? 0),
        },
      },
      { info: (object, message) => logged.push({ object, message }), error: quiet.error },
    );
    await job?.stop();
    expect(batches).toEqual([]);
    expect(logged).toEqual([{ object: { handled: 57 }, message: 'membership reminders handled' }]);
  });
});
