import { createHash } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';

/** What a `captcha_sign` covers (docs/api.md#user-service). */
export interface CaptchaSignInput {
  clientId: string;
  clientVersion: string;
  packageName: string;
  deviceId: string;
  /** Milliseconds since the epoch, as the client sent it. */
  timestamp: string;
}

/** The prefix of the signature's version. */
export const captchaSignPrefix = '1.';

/**
 * `captcha_sign` of docs/api.md#user-service: start from `clientId + clientVersion + packageName + deviceId +
 * timestamp`, then for each salt of the client's list in order replace the value by
 * `md5hex(value + salt)`; the signature is `"1."` followed by the last hex digest. The same chain
 * is `createCaptchaSign` in `@nimbus/client`, so apps can sign.
 */
export function computeCaptchaSign(input: CaptchaSignInput, salts: readonly string[]): string {
  let value = `${input.clientId}${input.clientVersion}${input.packageName}${input.deviceId}${input.timestamp}`;
  for (const salt of salts) {
    value = createHash('md5').update(`${value}${salt}`, 'utf8').digest('hex');
  }
  return `${captchaSignPrefix}${value}`;
}

/** Why a signature was refused. */
export type CaptchaSignProblem = 'no_salts' | 'bad_timestamp' | 'stale' | 'mismatch';

/**
 * Checks a `captcha_sign` against the client's salts and a time window around `now`; compares
 * in constant time. Undefined means the signature is good.
 */
export function checkCaptchaSign(
  sign: string,
  input: CaptchaSignInput,
  salts: readonly string[] | undefined,
  options: { now: Date; windowSeconds: number },
): CaptchaSignProblem | undefined {
  if (!salts || salts.length === 0) {
    return 'no_salts';
  }
  if (!/^\d{10,16}$/.test(input.timestamp)) {
    return 'bad_timestamp';
  }
  if (Math.abs(options.now.getTime() - Number(input.timestamp)) > options.windowSeconds * 1000) {
    return 'stale';
  }
  return safeEqual(computeCaptchaSign(input, salts), sign) ? undefined : 'mismatch';
}
