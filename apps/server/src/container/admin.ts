import { createAuditLogRepository } from '../modules/admin/audit-log.repository';
import { createAuditLogService } from '../modules/admin/audit-log.service';
import { createConsoleAccessRepository } from '../modules/admin/console-access.repository';
import { createConsoleAccess } from '../modules/admin/console-access';
import { createRolesService } from '../modules/admin/roles.service';
import type { Authenticator } from '../modules/auth/authenticator';
import type { UserRepository } from '../modules/user/user.repository';
import type { Wiring } from './container-options';

/**
 * The operator console (docs/api.md#operator-console): the access guard every console call
 * runs, the audit log every console call writes to, and console roles.
 */
export function createAdminArea(
  { database, now }: Wiring,
  deps: { authenticator: Authenticator; users: UserRepository },
) {
  const roleRecords = createConsoleAccessRepository(database.db);
  return {
    consoleAccess: createConsoleAccess({
      authenticator: deps.authenticator,
      roles: roleRecords,
      now,
    }),
    audit: createAuditLogService({ log: createAuditLogRepository(database.db), now }),
    roles: createRolesService({ roles: roleRecords, users: deps.users, now }),
  };
}
