import type { Locale } from '@nimbus/contracts';
import type { FastifyRequest } from 'fastify';
import { deviceIdOf, headerOf } from '../../http/request-headers';
import { requestLocale } from '../../http/request-locale';

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

/** The context of a request: `captchaToken` from its body, else its `x-captcha-token` header. */
export function requestContextOf(request: FastifyRequest, captchaToken?: string): RequestContext {
  return {
    address: request.ip,
    deviceId: deviceIdOf(request),
    userAgent: headerOf(request, 'user-agent') ?? '',
    locale: requestLocale(request),
    captchaToken: captchaToken ?? headerOf(request, 'x-captcha-token'),
  };
}
