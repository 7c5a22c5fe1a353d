import { shieldApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import { challengeAssets, renderChallengePage } from './challenge-page';
import { toCaptchaInit, toCaptchaToken } from './shield.dto';
import type { ShieldService } from './shield.service';

export interface ShieldRoutesDeps {
  shield: ShieldService;
  /** Origins whose `/loading` page may receive a solved challenge, and may frame the page. */
  allowedOrigins: readonly string[];
}

/** The challenge page's CSP: the server's strict policy, except that our own site may frame it. */
function challengeCsp(allowedOrigins: readonly string[]): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'unsafe-inline'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors 'self' ${allowedOrigins.join(' ')}`,
  ].join('; ');
}

/** The return address of a challenge, when it is an allowed origin's `/loading` page. */
function loadingPage(redirectUri: string, allowedOrigins: ReadonlySet<string>): string | undefined {
  if (!URL.canParse(redirectUri)) {
    return undefined;
  }
  const url = new URL(redirectUri);
  if (
    !allowedOrigins.has(url.origin) ||
    url.pathname !== '/loading' ||
    url.username !== '' ||
    url.password !== ''
  ) {
    return undefined;
  }
  return url.toString();
}

/** `/v1/shield`: captcha init, the proof-of-work challenge page and its solution. */
export function shieldRoutes(deps: ShieldRoutesDeps) {
  const allowedOrigins = new Set(deps.allowedOrigins);
  return async (app: FastifyInstance) => {
    catalogueRoute(app, shieldApi.captchaInit, {}, async (request, reply) => {
      const { body } = request;
      void reply.header('cache-control', 'no-store');
      const answer = await deps.shield.init(
        {
          clientId: body.client_id,
          action: body.action,
          deviceId: body.device_id,
          previousToken: body.captcha_token,
          meta: body.meta,
        },
        { address: request.ip },
      );
      return toCaptchaInit(answer);
    });

    catalogueRoute(app, shieldApi.challenge, {}, async (request, reply) => {
      const { query } = request;
      const redirectUri = loadingPage(query.redirect_uri, allowedOrigins);
      if (redirectUri === undefined) {
        throw new AppError('invalid_argument', {
          description: "redirect_uri must be an allowed origin's /loading page",
        });
      }
      const view = await deps.shield.challenge(query.id);
      void reply.removeHeader('x-frame-options');
      return reply
        .header('content-security-policy', challengeCsp(deps.allowedOrigins))
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8')
        .send(
          renderChallengePage({
            locale: requestLocale(request),
            id: view.id,
            challenge: view.challenge,
            redirectUri,
            state: query.state,
          }),
        );
    });

    catalogueRoute(
      app,
      shieldApi.challengeAsset,
      { schema: { hide: true } },
      async (request, reply) => {
        const file = challengeAssets().get(request.params['*']);
        if (file === undefined) {
          throw new AppError('not_found');
        }
        return reply
          .type('text/javascript; charset=utf-8')
          .header('cache-control', 'public, max-age=3600')
          .header('cross-origin-resource-policy', 'same-origin')
          .send(file);
      },
    );

    catalogueRoute(app, shieldApi.solveChallenge, {}, async (request, reply) => {
      const { body } = request;
      void reply.header('cache-control', 'no-store');
      const token = await deps.shield.solve(
        { challengeId: body.challenge_id, counter: body.counter, derivedKey: body.derived_key },
        { address: request.ip },
      );
      return toCaptchaToken(token);
    });
  };
}
