import { accountApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { catalogueRoute } from '../../http/catalogue-route';
import { actorOf, requireActor } from '../auth/require-actor';
import type { AccountSecurityService } from './account-security.service';
import { toSessionSummary } from './user.dto';

/** The member's signed-in devices and password: `/v1/user/sessions`, `/v1/user/password`. */
export function accountSecurityRoutes(deps: {
  accountSecurity: AccountSecurityService;
  authenticator: Authenticator;
}) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const onRequest = requireActor(deps.authenticator);

    catalogueRoute(app, accountApi.sessions, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const sessions = await deps.accountSecurity.listSessions(actorOf(request));
      return { sessions: sessions.map(toSessionSummary) };
    });

    catalogueRoute(app, accountApi.revokeSession, { onRequest }, async (request) => {
      await deps.accountSecurity.revokeSession(actorOf(request), request.params.id);
      return {};
    });

    catalogueRoute(app, accountApi.changePassword, { onRequest }, async (request) => {
      await deps.accountSecurity.changePassword(actorOf(request), {
        oldPassword: request.body.old_password,
        newPassword: request.body.new_password,
      });
      return {};
    });
  };
}
