import type { Locale } from '@nimbus/contracts';

/** What the user service knows about the caller of a request, besides its body. */
export interface RequestContext {
  /** The client address (after trusted proxies). */
  address: string;
  /** `x-device-id` when it is 32 lower-case hex digits, else `""`. */
  deviceId: string;
  userAgent: string;
  /** The language of `Accept-Language`. */
  locale: Locale;
  /** `captcha_token` of the body or the `x-captcha-token` header. */
  captchaToken: string | undefined;
}
