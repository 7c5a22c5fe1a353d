import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
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
 * are not exposed to CSRF and pass.
 */
export function registerOriginGuard(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  const allowed = new Set(allowedOrigins);
  // A plain hook, not an async one: it runs on every request and never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method) || !isCookieAuthenticated(request)) {
      done();
      return;
    }
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    done(
      origin === undefined || !allowed.has(origin) ? new AppError('origin_not_allowed') : undefined,
    );
  });
}
