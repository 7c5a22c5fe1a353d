import { oauthApi } from '@nimbus/contracts';
import { catalogueRoute, memberSecurity } from '../../http/catalogue-route';
import { parseForm } from '../../http/form-body';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import { requestContextOf } from '../user/request-context';
import { toAuthorization, toDeviceAuthorization, toPendingDevice } from './oauth.dto';
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

    catalogueRoute(app, oauthApi.openIdConfiguration, {}, async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return deps.oauth.discovery();
    });

    // RFC 8414 names this one; OAuth-only client libraries look here rather than at OpenID's.
    catalogueRoute(app, oauthApi.authorizationServer, {}, async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=300');
      return deps.oauth.discovery();
    });

    catalogueRoute(
      app,
      oauthApi.authorize,
      { onRequest: requireActor(deps.authenticator) },
      async (request, reply) => {
        noStore(reply);
        return toAuthorization(
          await deps.oauth.authorize(actorOf(request), authorizeInputOf(request.body)),
        );
      },
    );

    // Open to visitors (they are sent to sign in), yet a member's credentials are read when sent.
    catalogueRoute(
      app,
      oauthApi.authorizeRedirect,
      { schema: { security: memberSecurity } },
      async (request, reply) => {
        const actor = await deps.authenticator.authenticate(request);
        const location = await deps.oauth.authorizeRedirect(actor, authorizeInputOf(request.query));
        noStore(reply);
        return reply.redirect(location, 302);
      },
    );

    catalogueRoute(app, oauthApi.deviceCode, {}, async (request, reply) => {
      const { body } = request;
      noStore(reply);
      const device = await deps.oauth.startDeviceAuthorization(
        { clientId: body.client_id, clientSecret: body.client_secret, scope: body.scope },
        requestContextOf(request),
      );
      return toDeviceAuthorization(device);
    });

    catalogueRoute(
      app,
      oauthApi.pendingDevice,
      { onRequest: requireActor(deps.authenticator) },
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

    catalogueRoute(
      app,
      oauthApi.decideDevice,
      { onRequest: requireActor(deps.authenticator) },
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
