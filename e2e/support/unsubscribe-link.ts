import { createHmac, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './outbox';

/**
 * The `d` of an unsubscribe link as the server's mail senders make it
 * (`MembershipActivityService.unsubscribeToken`): `base64url({e, s}).HMAC-SHA-256`, keyed with
 * the `mail-unsubscribe` key derived from the auth secret the server kept in its data folder.
 */
export function unsubscribeToken(email: string, scene: string): string {
  const secret = readFileSync(path.join(dataDir(), 'auth-secret'), 'utf8').trim();
  const key = new Uint8Array(hkdfSync('sha256', secret, 'nimbus-auth', 'mail-unsubscribe', 32));
  const payload = Buffer.from(
    JSON.stringify({ e: email.toLowerCase(), s: scene }),
    'utf8',
  ).toString('base64url');
  return `${payload}.${createHmac('sha256', key).update(payload, 'utf8').digest('base64url')}`;
}
