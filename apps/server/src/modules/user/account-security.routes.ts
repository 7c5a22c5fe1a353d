import { accountApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { catalogueRoute } from '../../http/catalogue-route';
import { actorOf, requireActor } from '../auth/require-actor';
import type { AccountSecurityService } from './account-security.service';
import type { EmailChangeService } from './email-change.service';
import { requestContextOf } from './request-context';
import { toProfile, toSessionSummary } from './user.dto';

/**
 * The member's signed-in devices, password and e-mail address: `/v1/user/sessions`,
 * `/v1/user/password`, `/v1/user/email`.
 */
export function accountSecurityRoutes(deps: {
  accountSecurity: AccountSecurityService;
  emailChanges: EmailChangeService;
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

    catalogueRoute(app, accountApi.requestEmailChange, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const result = await deps.emailChanges.request(
        actorOf(request),
        { newEmail: request.body.new_email, password: request.body.password },
        requestContextOf(request).locale,
      );
      return { verification_id: result.verificationId, expires_in: result.expiresIn };
    });

    catalogueRoute(app, accountApi.confirmEmailChange, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const member = await deps.emailChanges.confirm(
        actorOf(request),
        { verificationId: request.body.verification_id, code: request.body.verification_code },
        requestContextOf(request).locale,
      );
      return toProfile(member);
    });
  };
}
