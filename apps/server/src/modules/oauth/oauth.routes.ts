import { parseForm } from '../../http/form-body';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberSecurity, requireActor } from '../auth/require-actor';
import { requestContextOf } from '../user/request-context';
import { toAuthorization, toDeviceAuthorization, toPendingDevice } from './oauth.dto';
import {
  authorizationSchema,
  authorizeQuerySchema,
  authorizeRequestSchema,
  deviceAuthorizationSchema,
  deviceCodeRequestSchema,
  deviceDecisionRequestSchema,
  deviceDecisionSchema,
  discoverySchema,
  pendingDeviceSchema,
  userCodeQuerySchema,
} from './oauth.schemas';
import type { AuthorizeInput, OAuthService } from './oauth.service';

export interface OAuthRoutesDeps {
  oauth: OAuthService;
  authenticator: Authenticator;
}

function authorizeInputOf(params: {
  client_id?: string | undefined;
  response_type?: string | undefined;
  redirect_uri?: string | undefined;
  scope?: string | undefined;
  state?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}): AuthorizeInput {
  return {
    clientId: params.client_id,
    responseType: params.response_type,
    redirectUri: params.redirect_uri,
    scope: params.scope,
    state: params.state,
    codeChallenge: params.code_challenge,
    codeChallengeMethod: params.code_challenge_method,
  };
}

function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

/**
 * The OAuth endpoints of docs/api.md#user-service besides the token endpoint (which the user routes own):
 * the authorization endpoint, device authorization, the member's device decision, discovery.
 */
export function oauthRoutes(deps: OAuthRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, parseForm);
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/.well-known/openid-configuration',
      {
        schema: {
          tags: ['oauth'],
          summary: 'Discovery document of the OAuth endpoints (issuer = PUBLIC_URL)',
          response: { 200: discoverySchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return deps.oauth.discovery();
      },
    );

    // RFC 8414 names this one; OAuth-only client libraries look here rather than at OpenID's.
    routes.get(
      '/.well-known/oauth-authorization-server',
      {
        schema: {
          tags: ['oauth'],
          summary: 'OAuth authorization server metadata (RFC 8414): the same document',
          response: { 200: discoverySchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=300');
        return deps.oauth.discovery();
      },
    );

    routes.post(
      '/v1/user/authorize',
      {
        onRequest: requireActor(deps.authenticator),
        schema: {
          tags: ['oauth'],
          summary:
            'Issue an authorization code (PKCE S256) to a registered client for the signed-in member',
          security: memberSecurity,
          body: authorizeRequestSchema,
          response: { 200: authorizationSchema },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return toAuthorization(
          await deps.oauth.authorize(actorOf(request), authorizeInputOf(request.body)),
        );
      },
    );

    routes.get(
      '/v1/user/authorize',
      {
        schema: {
          tags: ['oauth'],
          summary:
            'Browser form of the authorization endpoint: 302 to redirect_uri with code and state (or error), ' +
            'or to the sign-in page /auth?return_to=... when not signed in',
          security: memberSecurity,
          querystring: authorizeQuerySchema,
        },
      },
      async (request, reply) => {
        const actor = await deps.authenticator.authenticate(request);
        const location = await deps.oauth.authorizeRedirect(actor, authorizeInputOf(request.query));
        noStore(reply);
        return reply.redirect(location, 302);
      },
    );

    routes.post(
      '/v1/auth/device/code',
      {
        schema: {
          tags: ['oauth'],
          summary:
            'Start a device authorization (RFC 8628): a TV shows user_code and polls with device_code',
          body: deviceCodeRequestSchema,
          response: { 200: deviceAuthorizationSchema },
        },
      },
      async (request, reply) => {
        const { body } = request;
        noStore(reply);
        const device = await deps.oauth.startDeviceAuthorization(
          { clientId: body.client_id, clientSecret: body.client_secret, scope: body.scope },
          requestContextOf(request),
        );
        return toDeviceAuthorization(device);
      },
    );

    routes.get(
      '/v1/user/device',
      {
        onRequest: requireActor(deps.authenticator),
        schema: {
          tags: ['oauth'],
          summary: 'Look up the TV waiting for a user code (the activation page)',
          security: memberSecurity,
          querystring: userCodeQuerySchema,
          response: { 200: pendingDeviceSchema },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const device = await deps.oauth.describeUserCode(
          actorOf(request),
          request.query.user_code,
          requestContextOf(request),
        );
        return toPendingDevice(device);
      },
    );

    routes.post(
      '/v1/user/device',
      {
        onRequest: requireActor(deps.authenticator),
        schema: {
          tags: ['oauth'],
          summary: 'Approve or deny the TV waiting for a user code',
          security: memberSecurity,
          body: deviceDecisionRequestSchema,
          response: { 200: deviceDecisionSchema },
        },
      },
      async (request, reply) => {
        const { body } = request;
        noStore(reply);
        const decision = await deps.oauth.decideUserCode(
          actorOf(request),
          body.user_code,
          body.approve,
          requestContextOf(request),
        );
        return { user_code: decision.userCode, status: decision.status };
      },
    );
  };
}
