import { createAuditLogRepository } from '../modules/admin/audit-log.repository';
import { createAuditLogService } from '../modules/admin/audit-log.service';
import { createConsoleAccessRepository } from '../modules/admin/console-access.repository';
import { createConsoleAccess } from '../modules/admin/console-access';
import { createDashboardRepository } from '../modules/admin/dashboard.repository';
import { createDashboardService } from '../modules/admin/dashboard.service';
import { createStatisticsRollupRepository } from '../modules/admin/statistics-rollup.repository';
import { createStatisticsRollup } from '../modules/admin/statistics-rollup.service';
import { createMailDeliveryRepository } from '../modules/user/mail/mail-delivery.repository';
import { createMemberDetailRepository } from '../modules/admin/member-detail.repository';
import { createMembersRepository } from '../modules/admin/members.repository';
import { createMembersService } from '../modules/admin/members.service';
import { createRolesService } from '../modules/admin/roles.service';
import { createAccountPurgeRepository } from '../modules/user/account-purge.repository';
import { createAccountPurgeService } from '../modules/user/account-purge.service';
import { createNodeHeartbeatRepository } from '../modules/admin/node-heartbeat.repository';
import { createSystemRepository } from '../modules/admin/system.repository';
import { createSystemService } from '../modules/admin/system.service';
import type { MembershipService } from '../modules/membership/membership.service';
import type { SessionRepository } from '../modules/user/session.repository';
import type { Mailer } from '../modules/user/mail/mailer';
import type { Authenticator } from '../modules/auth/authenticator';
import type { UserRepository } from '../modules/user/user.repository';
import type { Wiring } from './container-options';

/**
 * The operator console (docs/api.md#operator-console): the access guard every console call
 * runs, the audit log every console call writes to, console roles and members, and the purge
 * of accounts whose deletion grace period is over.
 */
export function createAdminArea(
  { config, database, now, options }: Wiring,
  deps: {
    authenticator: Authenticator;
    users: UserRepository;
    sessions: SessionRepository;
    memberships: MembershipService;
    mailer: Mailer;
  },
) {
  const roleRecords = createConsoleAccessRepository(database.db);
  const dashboardRecords = createDashboardRepository(database.db);
  const rollups = createStatisticsRollupRepository(database.db);
  const audit = createAuditLogService({ log: createAuditLogRepository(database.db), now });
  const nodes = createNodeHeartbeatRepository(database.db);
  return {
    consoleAccess: createConsoleAccess({
      authenticator: deps.authenticator,
      roles: roleRecords,
      now,
    }),
    audit,
    /** The purge of accounts past their deletion grace (housekeeping runs it). */
    accountPurge: createAccountPurgeService({
      purges: createAccountPurgeRepository(database.db),
      audit,
      transaction: database.transaction,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      logger: options.logger,
      now,
    }),
    roles: createRolesService({ roles: roleRecords, users: deps.users, now }),
    dashboardRecords,
    dashboard: createDashboardService({ dashboard: dashboardRecords, rollups, now }),
    /** The dashboard's daily rows (housekeeping runs it). */
    statisticsRollup: createStatisticsRollup({ rollups, now }),
    nodes,
    system: createSystemService({
      system: createSystemRepository(database.db),
      nodes,
      mail: createMailDeliveryRepository(database.db),
      now,
    }),
    members: createMembersService({
      members: createMembersRepository(database.db),
      details: createMemberDetailRepository(database.db),
      sessions: deps.sessions,
      memberships: deps.memberships,
      graceDays: config.ACCOUNT_DELETION_GRACE_DAYS,
      mailer: deps.mailer,
      publicUrl: config.PUBLIC_URL,
      logger: options.logger,
      now,
    }),
  };
}
