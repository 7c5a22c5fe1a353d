import type { Mailer } from './mailer';
import type { MailDeliveryRepository } from './mail-delivery.repository';
import { newId } from '../../../lib/secrets';

const dayMs = 86_400_000;
/** Days a delivery's row is kept. */
export const mailDeliveryRetentionDays = 30;

/**
 * A mailer that records each message in the mail outbox's record (`mail_deliveries`): `sending`
 * before it goes, then `sent`, or `failed` with the error (the error is still thrown to the
 * caller), and a line is logged for each message sent. Recording never keeps a message from going: a failed write is logged and the message
 * is sent all the same. `sweep` deletes rows past the retention (housekeeping).
 */
export function createRecordedMailer(deps: {
  mailer: Mailer;
  deliveries: MailDeliveryRepository;
  now: () => Date;
  logger: {
    info(object: object, message: string): void;
    warn(object: object, message: string): void;
  };
}): Mailer & { sweep(): Promise<number> } {
  const record = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (error) {
      deps.logger.warn({ err: error }, 'the mail outbox record could not be written');
    }
  };
  return {
    async send(message) {
      const id = newId();
      await record(() => deps.deliveries.begin(id, deps.now().toISOString()));
      try {
        await deps.mailer.send(message);
      } catch (error) {
        const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
        await record(() => deps.deliveries.end(id, 'failed', reason, deps.now().toISOString()));
        throw error;
      }
      await record(() => deps.deliveries.end(id, 'sent', '', deps.now().toISOString()));
      // Named by the request (or the job it queued) the mail was sent for, as the logger adds it.
      deps.logger.info({ deliveryId: id }, 'mail sent');
    },
    close: () => deps.mailer.close(),
    sweep() {
      const before = new Date(deps.now().getTime() - mailDeliveryRetentionDays * dayMs);
      return deps.deliveries.sweep(before.toISOString(), 5000);
    },
  };
}
