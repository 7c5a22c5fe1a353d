import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Keys derived from the one auth secret, each for a single purpose. */
export interface AuthKeys {
  /** HS256 key of access tokens. */
  accessToken: Uint8Array;
  /** HMAC key of stored verification codes. */
  verificationCode: Uint8Array;
  /** AES-256-GCM key of stored TOTP secrets. */
  twoFactorSecret: Uint8Array;
  /** HMAC key of stored recovery codes. */
  recoveryCode: Uint8Array;
  /** HMAC key that signs the captcha shield's proof-of-work challenges. */
  shieldChallenge: Uint8Array;
  /** HMAC key of share pass-code tokens. */
  sharePassCode: Uint8Array;
  /** HMAC key of signed content links (downloads, thumbnails, zips). */
  contentLink: Uint8Array;
  /** HMAC key of signed media-track links (subtitles, storyboards). */
  mediaTrackLink: Uint8Array;
  /** HMAC key of the signed addresses of unsubscribe links (`/mail/v1/unsubscribe?d=`). */
  mailUnsubscribe: Uint8Array;
  /** HMAC key of the hashes analytics keep in place of addresses and device ids. */
  analyticsHash: Uint8Array;
}

const secretFileName = 'auth-secret';

/**
 * The auth secret: `AUTH_SECRET` when configured; otherwise the one kept in
 * `DATA_DIR/auth-secret`, generated (256 random bits, mode 0600) on the first start so a laptop
 * install works with no setup and keeps its sessions across restarts.
 */
export function loadAuthSecret(configured: string | undefined, dataDir: string): string {
  if (configured !== undefined) {
    return configured;
  }
  const file = path.join(dataDir, secretFileName);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, {
      flag: 'wx',
      mode: 0o600,
    });
  } catch (error) {
    // Another process (or an earlier start) wrote it first: use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  const secret = fs.readFileSync(file, 'utf8').trim();
  if (secret.length < 32) {
    throw new Error(`${file} holds fewer than 32 characters; delete it to generate a new secret`);
  }
  return secret;
}

/** Derives one key per purpose with HKDF, so no key is ever used for two things. */
export function deriveAuthKeys(secret: string): AuthKeys {
  const derive = (purpose: string) =>
    new Uint8Array(hkdfSync('sha256', secret, 'nimbus-auth', purpose, 32));
  return {
    accessToken: derive('access-token'),
    verificationCode: derive('verification-code'),
    twoFactorSecret: derive('two-factor-secret'),
    recoveryCode: derive('recovery-code'),
    shieldChallenge: derive('shield-challenge'),
    sharePassCode: derive('share-pass-code'),
    contentLink: derive('content-link'),
    mediaTrackLink: derive('media-track-link'),
    mailUnsubscribe: derive('mail-unsubscribe'),
    analyticsHash: derive('analytics-hash'),
  };
}
