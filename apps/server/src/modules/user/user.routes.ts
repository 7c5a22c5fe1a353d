import { accountApi, authApi } from '@nimbus/contracts';
import { parseForm } from '../../http/form-body';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { clearCookie, cookieOf, setCookie } from '../../http/cookies';
import { sessionCookieName, type Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import { catalogueRoute } from '../../http/catalogue-route';
import { deviceCodeGrantType } from '../../lib/oauth-client-schema';
import type { AccountService } from './account.service';
import type { ProfileService } from './profile.service';
import { requestContextOf } from './request-context';
import { headerOf } from '../../http/request-headers';
import type { SessionService, TokenGrant } from './session.service';
import { toProfile, toToken } from './user.dto';
import type { OAuthGrants } from './user.ports';

export interface UserRoutesDeps {
  accounts: AccountService;
  sessions: Pick<SessionService, 'refresh' | 'revoke'>;
  /** The authorization code and device code grants of the token endpoint. */
  oauth: OAuthGrants;
  profiles: ProfileService;
  authenticator: Authenticator;
  /** Origins allowed to sign in the web app (its cookie must not be set for anyone else). */
  allowedOrigins: readonly string[];
  /** Lifetime of the session cookie, in seconds. */
  sessionTtlSeconds: number;
  /** Whether the site is served over https, which makes the cookie `Secure`. */
  isSecure: boolean;
}

/**
 * The user service of docs/api.md#user-service: verification codes, sign-up, sign-in, reset, tokens, sign-out
 * and the member's profile.
 */
export function userRoutes(deps: UserRoutesDeps) {
  const allowedOrigins = new Set(deps.allowedOrigins);

  /** A web sign-in from a page we do not serve must not plant our session cookie (login CSRF). */
  function assertWebOrigin(request: FastifyRequest, clientId: string): void {
    const origin = headerOf(request, 'origin');
    if (clientId === 'web' && origin !== undefined && !allowedOrigins.has(origin)) {
      throw new AppError('origin_not_allowed');
    }
  }

  function sendGrant(reply: FastifyReply, grant: TokenGrant) {
    void reply.header('cache-control', 'no-store');
    if (grant.cookieToken !== undefined) {
      setCookie(reply, sessionCookieName, grant.cookieToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.isSecure,
        path: '/',
        maxAge: deps.sessionTtlSeconds,
      });
    }
    return toToken(grant);
  }

  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);

    catalogueRoute(app, authApi.verification, {}, async (request) => {
      const { body } = request;
      const result = await deps.accounts.requestVerification(
        {
          email: body.email,
          target: body.target,
          usage: body.usage,
          locale: body.locale,
          clientId: body.client_id,
        },
        requestContextOf(request, body.captcha_token),
      );
      return { verification_id: result.verificationId, expires_in: result.expiresIn };
    });

    catalogueRoute(app, authApi.verify, {}, async (request) => {
      const { body } = request;
      const token = await deps.accounts.verifyCode(
        {
          verificationId: body.verification_id,
          code: body.verification_code,
          clientId: body.client_id,
        },
        requestContextOf(request),
      );
      return { verification_token: token };
    });

    catalogueRoute(app, authApi.signUp, {}, async (request, reply) => {
      const { body } = request;
      assertWebOrigin(request, body.client_id);
      const grant = await deps.accounts.signUp(
        {
          email: body.email,
          password: body.password,
          verificationToken: body.verification_token,
          name: body.name,
          clientId: body.client_id,
        },
        requestContextOf(request, body.captcha_token),
      );
      return sendGrant(reply, grant);
    });

    catalogueRoute(app, authApi.signIn, {}, async (request, reply) => {
      const { body } = request;
      assertWebOrigin(request, body.client_id);
      const grant = await deps.accounts.signIn(
        {
          username: body.username,
          password: body.password,
          clientId: body.client_id,
          twoFactorCode: body.two_factor_code,
          recoveryCode: body.recovery_code,
          cancelDeletion: body.cancel_deletion === true,
        },
        requestContextOf(request, body.captcha_token),
      );
      return sendGrant(reply, grant);
    });

    catalogueRoute(app, authApi.reset, {}, async (request) => {
      const { body } = request;
      await deps.accounts.resetPassword(
        {
          email: body.email,
          newPassword: body.new_password,
          verificationToken: body.verification_token,
          clientId: body.client_id,
        },
        requestContextOf(request, body.captcha_token),
      );
      return {};
    });

    catalogueRoute(app, authApi.token, {}, async (request, reply) => {
      const { body } = request;
      if (body.grant_type === 'authorization_code') {
        assertWebOrigin(request, body.client_id);
        const grant = await deps.oauth.exchangeCode(
          {
            clientId: body.client_id,
            clientSecret: body.client_secret,
            code: body.code,
            redirectUri: body.redirect_uri,
            codeVerifier: body.code_verifier,
          },
          requestContextOf(request),
        );
        return sendGrant(reply, grant);
      }
      if (body.grant_type === deviceCodeGrantType) {
        const grant = await deps.oauth.pollDeviceAuthorization(
          {
            clientId: body.client_id,
            clientSecret: body.client_secret,
            deviceCode: body.device_code,
          },
          requestContextOf(request),
        );
        return sendGrant(reply, grant);
      }
      if (body.grant_type !== 'refresh_token') {
        throw new AppError('invalid_request', {
          description: 'This grant_type is not supported',
        });
      }
      if (!body.refresh_token) {
        throw new AppError('invalid_request', { description: 'refresh_token is required' });
      }
      deps.oauth.authenticateClient(body.client_id, body.client_secret);
      return sendGrant(reply, await deps.sessions.refresh(body.refresh_token, body.client_id));
    });

    catalogueRoute(app, authApi.revoke, {}, async (request, reply) => {
      await deps.sessions.revoke(request.body.token, cookieOf(request, sessionCookieName));
      clearCookie(reply, sessionCookieName, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: deps.isSecure,
      });
      return {};
    });

    catalogueRoute(
      app,
      accountApi.profile,
      { onRequest: requireActor(deps.authenticator) },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return toProfile(await deps.profiles.current(actorOf(request)));
      },
    );

    catalogueRoute(
      app,
      accountApi.updateProfile,
      { onRequest: requireActor(deps.authenticator) },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return toProfile(await deps.profiles.update(actorOf(request).userId, request.body));
      },
    );
  };
}
