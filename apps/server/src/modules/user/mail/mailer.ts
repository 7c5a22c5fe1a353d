import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import { newId } from '../../../lib/secrets';

/** One plain-text message to one recipient. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /**
   * The https address that unsubscribes the recipient from this kind of mail with one POST
   * (RFC 8058), for mail that is not transactional: sent as `List-Unsubscribe: <url>` (RFC 2369)
   * with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`, so mail programs offer their own
   * unsubscribe button.
   */
  listUnsubscribe?: string;
  /**
   * A one-line summary for the operator of a server without SMTP (it carries the verification
   * code, so a local member can sign up); never sent and never logged when SMTP is configured.
   */
  note: string;
}

/** Sends mail; SMTP in production, `.eml` files in an outbox on a laptop. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

type MailLogger = Pick<Logger, 'info'>;

/** The nodemailer fields of a message's list headers, if it has any. */
function listFields(message: MailMessage) {
  if (message.listUnsubscribe === undefined) {
    return {};
  }
  return {
    list: { unsubscribe: message.listUnsubscribe },
    headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/** Sends over SMTP (`smtp://` with STARTTLS when offered, `smtps://` for implicit TLS). */
export function createSmtpMailer(deps: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(deps.url, { from: deps.from });
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...listFields(message),
      });
    },
    async close() {
      transport.close();
    },
  };
}

/**
 * Writes each message as an `.eml` file under `dir` (written to a temp name, then renamed, so a
 * reader never sees half a message) and logs its note at info level.
 */
export function createOutboxMailer(deps: {
  dir: string;
  from: string;
  logger: MailLogger;
}): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: deps.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...listFields(message),
      });
      await fs.mkdir(deps.dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${newId()}.eml`;
      const file = path.join(deps.dir, name);
      await fs.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      deps.logger.info(
        { to: message.to, subject: message.subject, file },
        `mail written to the outbox: ${message.note}`,
      );
    },
    async close() {
      transport.close();
    },
  };
}
