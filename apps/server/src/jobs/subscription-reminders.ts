import type { Container } from '../container';
import { startPeriodicJob, type JobLogger, type PeriodicJob } from './periodic-job';

/** How often a node looks for renewals to remind of. */
const intervalMs = 3_600_000;

/**
 * Starts the renewal reminders (`SUBSCRIPTION_REMINDER_DAYS`): at start and hourly, in batches
 * until no renewal is left to remind of. Safe on every node at once: a pass runs once per fleet
 * by its lease, and each reminder is claimed by one node before its mail is sent. Nothing starts
 * when the reminders are off (0).
 */
export function startSubscriptionReminders(
  container: Pick<Container, 'subscriptionReminders' | 'jobLeases'>,
  logger: JobLogger,
): PeriodicJob | undefined {
  if (!container.subscriptionReminders.isEnabled) {
    return undefined;
  }
  return startPeriodicJob({
    lease: { name: 'payment.renewal-reminders', leases: container.jobLeases },
    batch: () => container.subscriptionReminders.remindBatch(),
    intervalMs,
    logger,
    done: 'renewal reminders handled',
    failed: 'renewal reminders failed',
  });
}
