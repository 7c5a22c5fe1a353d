import type { Locale } from '@nimbus/contracts';
import type { Logger } from 'pino';
import { keyedHash } from '../../lib/secrets';
import type { Mailer } from './mail/mailer';
import { composeUserMail, type UserMailKind } from './mail/user-mail';

/** What a verification code is stored as: keyed to its verification, so no code is kept. */
export function verificationCodeHash(
  codeKey: Uint8Array,
  verificationId: string,
  code: string,
): string {
  return keyedHash(codeKey, `${verificationId}:${code}`);
}

/**
 * Sends a member's mail after the answer, in their language: its timing (and whether or which
 * mail went out) reveals nothing, and a failed send is logged, never thrown.
 */
export function backgroundUserMail(deps: { mailer: Mailer; logger: Pick<Logger, 'error'> }) {
  return (to: string, kind: UserMailKind, locale: Locale, args: Record<string, string>): void => {
    const { subject, text } = composeUserMail(kind, locale, args);
    const note = args.code ? `${kind} code ${args.code} for ${to}` : `${kind} notice for ${to}`;
    deps.mailer.send({ to, subject, text, note }).catch((error: unknown) => {
      deps.logger.error({ err: error, kind }, 'sending mail failed');
    });
  };
}
