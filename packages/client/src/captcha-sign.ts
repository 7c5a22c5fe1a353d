import { md5 } from '@noble/hashes/legacy.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** What a `captcha_sign` covers (docs/api.md#user-service). */
export interface CaptchaSignInput {
  readonly clientId: string;
  readonly clientVersion: string;
  readonly packageName: string;
  readonly deviceId: string;
  /** Milliseconds since the epoch, as text. */
  readonly timestamp: string;
}

/**
 * `captcha_sign` of docs/api.md#user-service: start from `clientId + clientVersion + packageName + deviceId +
 * timestamp`, then for each of the client's salts in order replace the value by
 * `md5hex(value + salt)`; the signature is `"1."` followed by the last digest. The server checks
 * the same chain with the salt list configured for the client, within a time window.
 */
export function createCaptchaSign(input: CaptchaSignInput, salts: readonly string[]): string {
  let value = `${input.clientId}${input.clientVersion}${input.packageName}${input.deviceId}${input.timestamp}`;
  for (const salt of salts) {
    value = bytesToHex(md5(utf8ToBytes(`${value}${salt}`)));
  }
  return `1.${value}`;
}

/** The signed captcha meta of a signed-in app: `{captcha_sign, client_version, package_name, user_id, timestamp}`. */
export function createSignedCaptchaMeta(
  input: Omit<CaptchaSignInput, 'timestamp'> & { readonly userId: string; readonly now: number },
  salts: readonly string[],
): Readonly<Record<string, string>> {
  const timestamp = String(Math.floor(input.now));
  return {
    captcha_sign: createCaptchaSign({ ...input, timestamp }, salts),
    client_version: input.clientVersion,
    package_name: input.packageName,
    user_id: input.userId,
    timestamp,
  };
}
