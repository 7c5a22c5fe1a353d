import { accountApi, type AppPasswordSummary } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import type { AppPasswordRow } from './app-password.repository';
import type { AppPasswordService } from './app-password.service';
import { maskAddress } from './user.dto';

/** An app password as the member sees it: never the password or its hash. */
function toSummary(row: AppPasswordRow): AppPasswordSummary {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope === 'read' ? 'read' : 'write',
    created_time: row.created_at,
    last_used_time: row.last_used_at ?? '',
    last_used_ip: row.last_used_ip === '' ? '' : maskAddress(row.last_used_ip),
  };
}

/** The member's app passwords: `/v1/user/app-passwords` (docs/accounts.md#app-passwords). */
export function appPasswordRoutes(deps: {
  appPasswords: AppPasswordService;
  authenticator: Authenticator;
}) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const onRequest = requireActor(deps.authenticator);

    catalogueRoute(app, accountApi.appPasswords, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const rows = await deps.appPasswords.list(actorOf(request).userId);
      return { app_passwords: rows.map(toSummary) };
    });

    catalogueRoute(app, accountApi.createAppPassword, { onRequest }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const { row, password } = await deps.appPasswords.create(actorOf(request).userId, {
        name: request.body.name,
        scope: request.body.scope,
      });
      return { app_password: toSummary(row), password };
    });

    catalogueRoute(app, accountApi.revokeAppPassword, { onRequest }, async (request) => {
      await deps.appPasswords.revoke(actorOf(request).userId, request.params.id);
      return {};
    });
  };
}
