import type { Endpoint } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import {
  catalogueRoute,
  type CatalogueHandler,
  type CatalogueRequest,
} from '../../http/catalogue-route';
import type { DatabaseHandle } from '../../db/database';
import type { AuditLogService } from './audit-log.service';
import type { ConsoleAccess, ConsoleCaller } from './console-access';

/** A console call's handler: the request and the operator the guard admitted. */
export type ConsoleHandler<E extends Endpoint> = (
  request: CatalogueRequest<E>,
  caller: ConsoleCaller,
  reply: Parameters<CatalogueHandler<E>>[1],
) => ReturnType<CatalogueHandler<E>>;

export interface ConsoleRouteDeps {
  access: Pick<ConsoleAccess, 'guard' | 'callerOf'>;
  audit: Pick<AuditLogService, 'commit' | 'record'>;
  /** Runs work in one database transaction (`DatabaseHandle.transaction`). */
  transaction: DatabaseHandle['transaction'];
}

/**
 * Registers an operator console call (docs/api.md#operator-console) from its catalogue entry:
 * the guard of console-access.ts with the entry's `roles` runs first, and once the handler has
 * succeeded exactly one audit row is written (what the handler gave `audit.record(request,
 * {action, target, before, after, reason})`, else a row naming the route). An action's handler
 * and its row share one database transaction: an action whose row cannot be written is rolled
 * back, so nothing is done unaudited (a read's row is written after it, outside any). Every `/audit.admin/v1` call but the public share report is
 * registered here.
 *
 * ```ts
 * const route = consoleRoute(deps);
 * route(app, moderationApi.decide, async (request, caller) => {
 *   const result = await moderation.decide(caller, request.body);
 *   deps.audit.record(request, { action: 'shares.decide', target: { kind: 'share', id },
 *     before, after, reason: request.body.reason });
 *   return result;
 * });
 * ```
 */
export function consoleRoute(deps: ConsoleRouteDeps) {
  return <E extends Endpoint>(app: FastifyInstance, endpoint: E, handler: ConsoleHandler<E>) => {
    if (endpoint.roles === undefined) {
      throw new Error(`${endpoint.method} ${endpoint.path} is not a console call (no roles)`);
    }
    catalogueRoute(
      app,
      endpoint,
      { onRequest: deps.access.guard(endpoint.roles) },
      async (request, reply) => {
        const caller = deps.access.callerOf(request);
        const audited = async () => {
          const answer = await handler(request, caller, reply);
          await deps.audit.commit(request, caller, endpoint.path);
          return answer;
        };
        // A read changes nothing to roll back: it holds no transaction, which on SQLite would
        // keep every other writer waiting while a long search or export runs.
        return endpoint.method === 'GET' ? audited() : deps.transaction(audited);
      },
    );
  };
}

export type ConsoleRouteRegistrar = ReturnType<typeof consoleRoute>;
