import { adminApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { memberPlugin } from '../auth/require-actor';
import type { Authenticator } from '../auth/authenticator';
import type { AuditLogService } from './audit-log.service';
import type { ConsoleAccess } from './console-access';
import type { DashboardService } from './dashboard.service';
import { consoleRoute, type ConsoleRouteDeps } from './console-route';
import type { RolesService } from './roles.service';
import type { SystemService } from './system.service';

export interface AdminRoutesDeps {
  authenticator: Authenticator;
  access: ConsoleAccess;
  audit: AuditLogService;
  transaction: ConsoleRouteDeps['transaction'];
  roles: RolesService;
  dashboard: DashboardService;
  system: SystemService;
}

function auditFilter(query: {
  actor_id?: string | undefined;
  action?: string | undefined;
  target_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}) {
  return {
    actorId: query.actor_id,
    action: query.action,
    targetId: query.target_id,
    from: query.from,
    to: query.to,
  };
}

/** The console's own calls: the caller, roles, and the audit log (docs/api.md#operator-console). */
export function adminRoutes(deps: AdminRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps);

    route(app, adminApi.me, async (_request, caller) => ({
      user_id: caller.userId,
      email: caller.email,
      role: caller.role,
      step_up_until: caller.stepUpUntil,
    }));

    route(app, adminApi.dashboard, async (request) =>
      deps.dashboard.figures(request.query.from, request.query.to),
    );

    route(app, adminApi.system, async () => deps.system.state());

    route(app, adminApi.listRoles, async () => ({ data: await deps.roles.holders() }));

    route(app, adminApi.grantRole, async (request, caller) => {
      const change = await deps.roles.grant(request.body.email, request.body.role, caller.userId);
      deps.audit.record(request, {
        action: 'roles.grant',
        target: { kind: 'user', id: change.userId },
        before: { role: change.before },
        after: { role: change.after },
        reason: request.body.reason,
      });
      return change.holder;
    });

    route(app, adminApi.revokeRole, async (request, caller) => {
      const change = await deps.roles.revoke(request.body.email, caller.userId);
      deps.audit.record(request, {
        action: 'roles.revoke',
        target: { kind: 'user', id: change.userId },
        before: { role: change.before },
        after: { role: change.after },
        reason: request.body.reason,
      });
      return {};
    });

    route(app, adminApi.searchAudit, async (request) =>
      deps.audit.search(auditFilter(request.query), request.query.limit, request.query.page_token),
    );

    route(app, adminApi.exportAudit, async (request, _caller, reply) => {
      const csv = await deps.audit.exportCsv(auditFilter(request.query));
      void reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"');
      return csv;
    });
  };
}
