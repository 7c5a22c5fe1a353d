import { AppError } from '../../http/app-error';
import type { GateCheck } from '../../http/request-gate';
import { isCookieAuthenticated } from './authenticator';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

function originOf(value: string | undefined): string | undefined {
  if (!value) {
    return undefined;
  }
  try {
    return new URL(value).origin;
  } catch {
    return undefined;
  }
}

/**
 * CSRF defence for the web app's cookie sessions: a request that changes state and is
 * authenticated by the session cookie must come from an allowed origin. Bearer-token requests
 * are not exposed to CSRF and pass. A check of the request gate.
 */
export function originGuard(allowedOrigins: readonly string[]): GateCheck {
  const allowed = new Set(allowedOrigins);
  return (request) => {
    if (safeMethods.has(request.method) || !isCookieAuthenticated(request)) {
      return undefined;
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    return origin === undefined || !allowed.has(origin)
      ? new AppError('origin_not_allowed')
      : undefined;
  };
}
