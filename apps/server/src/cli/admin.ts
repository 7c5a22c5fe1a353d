import { adminUsage, AdminUsageError, runAdminCommand } from '../modules/admin/admin-cli';
import { createAuditLogRepository } from '../modules/admin/audit-log.repository';
import { createAuditLogService } from '../modules/admin/audit-log.service';
import { createConsoleAccessRepository } from '../modules/admin/console-access.repository';
import { createRolesService } from '../modules/admin/roles.service';
import { createUserRepository } from '../modules/user/user.repository';
import { runOperatorCommand } from './operator-command';

/**
 * `npm run admin -- grant <email> <role> | revoke <email> | list`: console roles against the
 * configured database (same environment as the server). Exits 2 on a wrong command line or
 * when it could not run.
 */
runOperatorCommand({
  name: 'admin',
  usage: adminUsage,
  isUsageError: (error) => error instanceof AdminUsageError,
  run: (database) => {
    const now = () => new Date();
    return runAdminCommand(process.argv.slice(2), {
      roles: createRolesService({
        roles: createConsoleAccessRepository(database.db),
        users: createUserRepository(database.db),
        now,
      }),
      audit: createAuditLogService({ log: createAuditLogRepository(database.db), now }),
    });
  },
});
