import type { Container } from '../container';
import { startPeriodicJob, type JobLogger, type PeriodicJob } from './periodic-job';

/** How often a node looks for members to remind. */
const intervalMs = 3_600_000;

/**
 * Starts the membership expiry reminders (`MEMBERSHIP_REMINDER_DAYS`): at start and hourly, in
 * batches until no member is left to remind. Safe on every node at once: each reminder is
 * claimed by one node before its mail is sent, and a pass runs once per fleet by its lease. Nothing starts when the reminders are off (0).
 */
export function startMembershipReminders(
  container: Pick<Container, 'membershipReminders' | 'jobLeases'>,
  logger: JobLogger,
): PeriodicJob | undefined {
  if (!container.membershipReminders.isEnabled) {
    return undefined;
  }
  return startPeriodicJob({
    lease: { name: 'membership.reminders', leases: container.jobLeases },
    batch: () => container.membershipReminders.remindBatch(),
    intervalMs,
    logger,
    done: 'membership reminders handled',
    failed: 'membership reminders failed',
  });
}
