import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message received by the test SMTP server. */
export interface CapturedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  /** Every header as it arrived (names lower-cased, folded lines joined), e.g. `list-unsubscribe`. */
  headers: Record<string, string>;
}

/** The raw header lines of a parsed message, by lower-cased name, unfolded. */
function headersOf(lines: readonly { key: string; line: string }[]): Record<string, string> {
  return Object.fromEntries(
    lines.map(({ key, line }) => [
      key,
      line
        .slice(line.indexOf(':') + 1)
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim(),
    ]),
  );
}

/**
 * A real SMTP server (smtp-server) on loopback that keeps every message it receives, so tests
 * read mail the way a member's mailbox would.
 */
export async function startMailCatcher() {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          mails.push({
            to: session.envelope.rcptTo.map((recipient) => recipient.address).join(','),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            headers: headersOf(parsed.headerLines),
          });
          callback();
        })
        .catch((error: unknown) =>
          callback(error instanceof Error ? error : new Error(String(error))),
        );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    /** The next message to an address that arrived after `since` messages were already there. */
    async waitFor(to: string, since = 0, timeoutMs = 5000): Promise<CapturedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = mails.slice(since).find((each) => each.to === to);
        if (mail) {
          return mail;
        }
        if (Date.now() > deadline) {
          throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type MailCatcher = Awaited<ReturnType<typeof startMailCatcher>>;

/** The 6-digit code of a verification mail. */
export function codeIn(mail: CapturedMail): string {
  const match = /\b(\d{6})\b/.exec(mail.text);
  if (!match?.[1]) {
    throw new Error(`no code in mail "${mail.subject}"`);
  }
  return match[1];
}
