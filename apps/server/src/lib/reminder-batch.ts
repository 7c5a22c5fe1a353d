/** The reminders a batch asks its repository for: ends in `(now, horizon]`, unclaimed since `leaseCutoff`. */
export interface ReminderWindow {
  now: string;
  horizon: string;
  leaseCutoff: string;
  limit: number;
}

/** The settings of a reminder job (membership expiry, subscription renewal). */
export interface ReminderBatchOptions {
  /** Days before the date the reminder goes out; 0: never. */
  days: number;
  now: () => Date;
  /** Candidates looked at per batch. */
  batchSize?: number;
  /** How long a claim holds before another node may take it over (a node died, a mail failed). */
  leaseMs?: number;
}

const dayMs = 24 * 60 * 60 * 1000;
const defaultBatchSize = 50;
const defaultLeaseMs = 30 * 60_000;

/**
 * One batch of a reminder job: reads up to `batchSize` candidates whose date falls within `days`
 * and that no node claimed within the lease, and hands each to `remind`, one after the other,
 * which claims it before it mails. Answers how many it looked at (0 when none is left, or when
 * the reminders are off).
 */
export async function runReminderBatch<Candidate>(
  options: ReminderBatchOptions,
  source: { candidates(window: ReminderWindow): Promise<Candidate[]> },
  remind: (candidate: Candidate, at: Date, leaseCutoff: string) => Promise<void>,
): Promise<number> {
  if (options.days <= 0) {
    return 0;
  }
  const at = options.now();
  const leaseCutoff = new Date(at.getTime() - (options.leaseMs ?? defaultLeaseMs)).toISOString();
  const candidates = await source.candidates({
    now: at.toISOString(),
    horizon: new Date(at.getTime() + options.days * dayMs).toISOString(),
    leaseCutoff,
    limit: options.batchSize ?? defaultBatchSize,
  });
  for (const candidate of candidates) {
    await remind(candidate, at, leaseCutoff);
  }
  return candidates.length;
}

/**
 * Sends one reminder mail, composed only now. A failure is logged and answers false: the claim
 * stays, and the reminder is tried again once its lease has run out.
 */
export async function sendReminderMail<Message>(
  deps: {
    mailer: { send(message: Message): Promise<unknown> };
    logger: { error(object: object, message: string): void };
  },
  userId: string,
  failure: string,
  compose: () => Message,
): Promise<boolean> {
  try {
    await deps.mailer.send(compose());
    return true;
  } catch (error) {
    deps.logger.error({ err: error, userId }, failure);
    return false;
  }
}
