import { adminMembersApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { memberPlugin } from '../auth/require-actor';
import type { AuditLogService } from './audit-log.service';
import type { ConsoleAccess } from './console-access';
import { consoleRoute, type ConsoleRouteDeps } from './console-route';
import {
  resendVerificationAction,
  type ActingOperator,
  type MemberChange,
  type MembersService,
} from './members.service';

export interface MembersRoutesDeps {
  authenticator: Authenticator;
  access: ConsoleAccess;
  audit: AuditLogService;
  transaction: ConsoleRouteDeps['transaction'];
  members: MembersService;
}

/** The console's members: search, a member's page, and the actions (docs/api.md#operator-console). */
export function membersRoutes(deps: MembersRoutesDeps) {
  return async (instance: FastifyInstance) => {
    const { routes: app } = memberPlugin(instance, deps.authenticator);
    const route = consoleRoute(deps);

    route(app, adminMembersApi.search, async (request) => {
      const query = request.query;
      return deps.members.search(
        {
          emailPrefix: query.email,
          id: query.id,
          namePrefix: query.name,
          createdFrom: query.created_from,
          createdTo: query.created_to,
          plan: query.plan,
          status: query.status,
        },
        query.limit,
        query.page_token,
      );
    });

    route(app, adminMembersApi.detail, async (request) => {
      const detail = await deps.members.detail(request.params.user_id);
      deps.audit.record(request, {
        action: 'members.view',
        target: { kind: 'user', id: request.params.user_id },
      });
      return detail;
    });

    const actions = [
      [adminMembersApi.block, 'members.block', (c, u) => deps.members.block(c, u)],
      [adminMembersApi.unblock, 'members.unblock', (c, u) => deps.members.unblock(c, u)],
      [adminMembersApi.signOut, 'members.sign_out', (c, u) => deps.members.signOut(c, u)],
      [
        adminMembersApi.resetTwoFactor,
        'members.reset_two_factor',
        (c, u) => deps.members.resetTwoFactor(c, u),
      ],
      [
        adminMembersApi.resendVerification,
        resendVerificationAction,
        (c, u) => deps.members.resendVerification(c, u),
      ],
      [
        adminMembersApi.requestDeletion,
        'members.delete',
        (c, u) => deps.members.requestDeletion(c, u),
      ],
    ] as const satisfies readonly (readonly [
      unknown,
      string,
      (caller: ActingOperator, userId: string) => Promise<MemberChange>,
    ])[];
    for (const [endpoint, action, run] of actions) {
      route(app, endpoint, async (request, caller) => {
        const userId = request.params.user_id;
        const change = await run(caller, userId);
        deps.audit.record(request, {
          action,
          target: { kind: 'user', id: userId },
          before: change.before,
          after: change.after,
          reason: request.body.reason,
        });
        return change.answer;
      });
    }

    route(app, adminMembersApi.premium, async (request, caller) => {
      const userId = request.params.user_id;
      const change = await deps.members.premium(caller, userId, request.body.days);
      deps.audit.record(request, {
        action: 'members.premium',
        target: { kind: 'user', id: userId },
        before: change.before,
        after: change.after,
        reason: request.body.reason,
      });
      return change.answer;
    });
  };
}
