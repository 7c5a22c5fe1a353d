import { parseForm } from '../../http/form-body';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import { sessionCookieName, type Authenticator } from '../auth/authenticator';
import { actorOf, memberSecurity, requireActor } from '../auth/require-actor';
import { deviceCodeGrantType } from '../../lib/oauth-client-schema';
import type { AccountService } from './account.service';
import type { ProfileService } from './profile.service';
import { requestContextOf } from './request-context';
import { headerOf } from '../../http/request-headers';
import type { SessionService, TokenGrant } from './session.service';
import { toProfile, toToken } from './user.dto';
import type { OAuthGrants } from './user.ports';
import {
  emptySchema,
  profilePatchSchema,
  profileSchema,
  resetRequestSchema,
  revokeRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
  tokenRequestSchema,
  tokenSchema,
  verificationRequestSchema,
  verificationSchema,
  verificationTokenSchema,
  verifyRequestSchema,
} from './user.schemas';

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
      void reply.setCookie(sessionCookieName, grant.cookieToken, {
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
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/v1/auth/verification',
      {
        schema: {
          tags: ['user'],
          summary: 'Mail a verification code for sign-up or password reset',
          body: verificationRequestSchema,
          response: { 200: verificationSchema },
        },
      },
      async (request) => {
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
      },
    );

    routes.post(
      '/v1/auth/verification/verify',
      {
        schema: {
          tags: ['user'],
          summary: 'Trade a mailed code for a verification token',
          body: verifyRequestSchema,
          response: { 200: verificationTokenSchema },
        },
      },
      async (request) => {
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
      },
    );

    routes.post(
      '/v1/auth/signup',
      {
        schema: {
          tags: ['user'],
          summary: 'Create an account with a verified e-mail address and sign in',
          body: signUpRequestSchema,
          response: { 200: tokenSchema },
        },
      },
      async (request, reply) => {
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
      },
    );

    routes.post(
      '/v1/auth/signin',
      {
        schema: {
          tags: ['user'],
          summary: 'Sign in with e-mail address and password',
          body: signInRequestSchema,
          response: { 200: tokenSchema },
        },
      },
      async (request, reply) => {
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
      },
    );

    routes.post(
      '/v1/auth/reset',
      {
        schema: {
          tags: ['user'],
          summary: 'Set a new password with a verification token; signs out every session',
          body: resetRequestSchema,
          response: { 200: emptySchema },
        },
      },
      async (request) => {
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
      },
    );

    routes.post(
      '/v1/auth/token',
      {
        schema: {
          tags: ['user'],
          summary:
            'Exchange a grant for tokens (refresh_token, authorization_code, device_code); JSON or form-encoded',
          body: tokenRequestSchema,
          response: { 200: tokenSchema },
        },
      },
      async (request, reply) => {
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
      },
    );

    routes.post(
      '/v1/auth/revoke',
      {
        schema: {
          tags: ['user'],
          summary: 'Sign out: end the session of a token, or of the session cookie',
          body: revokeRequestSchema,
          response: { 200: emptySchema },
        },
      },
      async (request, reply) => {
        await deps.sessions.revoke(request.body.token, request.cookies[sessionCookieName]);
        void reply.clearCookie(sessionCookieName, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: deps.isSecure,
        });
        return {};
      },
    );

    routes.get(
      '/v1/user/me',
      {
        onRequest: requireActor(deps.authenticator),
        schema: {
          tags: ['user'],
          summary: "The member's profile",
          security: memberSecurity,
          response: { 200: profileSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return toProfile(await deps.profiles.get(actorOf(request).userId));
      },
    );

    routes.patch(
      '/v1/user/me',
      {
        onRequest: requireActor(deps.authenticator),
        schema: {
          tags: ['user'],
          summary: "Change the member's name or avatar",
          security: memberSecurity,
          body: profilePatchSchema,
          response: { 200: profileSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return toProfile(await deps.profiles.update(actorOf(request).userId, request.body));
      },
    );
  };
}
