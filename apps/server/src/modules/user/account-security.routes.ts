import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberSecurity, requireActor } from '../auth/require-actor';
import {
  passwordChangeSchema,
  sessionListSchema,
  sessionParamsSchema,
} from './account-security.schemas';
import type { AccountSecurityService } from './account-security.service';
import { toSessionSummary } from './user.dto';
import { emptySchema } from './user.schemas';

/** The member's signed-in devices and password: `/v1/user/sessions`, `/v1/user/password`. */
export function accountSecurityRoutes(deps: {
  accountSecurity: AccountSecurityService;
  authenticator: Authenticator;
}) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireActor(deps.authenticator);

    routes.get(
      '/v1/user/sessions',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Where the member is signed in',
          security: memberSecurity,
          response: { 200: sessionListSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const sessions = await deps.accountSecurity.listSessions(actorOf(request));
        return { sessions: sessions.map(toSessionSummary) };
      },
    );

    routes.delete(
      '/v1/user/sessions/:id',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Sign out one device',
          security: memberSecurity,
          params: sessionParamsSchema,
          response: { 200: emptySchema },
        },
      },
      async (request) => {
        await deps.accountSecurity.revokeSession(actorOf(request), request.params.id);
        return {};
      },
    );

    routes.post(
      '/v1/user/password',
      {
        onRequest,
        schema: {
          tags: ['user'],
          summary: 'Change the password; every other session ends',
          security: memberSecurity,
          body: passwordChangeSchema,
          response: { 200: emptySchema },
        },
      },
      async (request) => {
        await deps.accountSecurity.changePassword(actorOf(request), {
          oldPassword: request.body.old_password,
          newPassword: request.body.new_password,
        });
        return {};
      },
    );
  };
}
