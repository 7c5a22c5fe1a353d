import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import { adminUsage, AdminUsageError, runAdminCommand } from '../modules/admin/admin-cli';
import { createAuditLogRepository } from '../modules/admin/audit-log.repository';
import { createAuditLogService } from '../modules/admin/audit-log.service';
import { createConsoleAccessRepository } from '../modules/admin/console-access.repository';
import { createRolesService } from '../modules/admin/roles.service';
import { createUserRepository } from '../modules/user/user.repository';

/**
 * `npm run admin -- grant <email> <role> | revoke <email> | list`: console roles against the
 * configured database (same environment as the server). Exits 2 on a wrong command line or
 * when it could not run.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db);
    const now = () => new Date();
    const lines = await runAdminCommand(process.argv.slice(2), {
      roles: createRolesService({
        roles: createConsoleAccessRepository(database.db),
        users: createUserRepository(database.db),
        now,
      }),
      audit: createAuditLogService({ log: createAuditLogRepository(database.db), now }),
    });
    process.stdout.write(lines.length > 0 ? `${lines.join('\n')}\n` : '');
    return 0;
  } finally {
    await database.db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof AdminUsageError) {
      process.stderr.write(`${error.message}\n\n${adminUsage}`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `admin could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
    }
    process.exitCode = 2;
  },
);
