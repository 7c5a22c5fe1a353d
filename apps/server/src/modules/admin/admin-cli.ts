import { consoleRoles, isConsoleRole } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import type { AuditLogService } from './audit-log.service';
import type { RolesService } from './roles.service';

/** How to use the operators' command; printed on a usage error. */
export const adminUsage = `Usage:
  npm run admin -- grant <email> <role>
    Gives the member <email> the console role <role> (${consoleRoles.join(', ')}), replacing
    the one they hold. The first admin is made this way; admins then grant roles in the console.
  npm run admin -- revoke <email>
    Takes the member's console role away.
  npm run admin -- list
    Prints the members holding a role.
`;

/** A mistake in the command line: exit 2 with the usage. */
export class AdminUsageError extends Error {}

/** Who the audit log names for changes made from the command line. */
const commandLine = { id: 'command-line', role: 'operator' };

/** Runs one command line; answers the lines to print. */
export async function runAdminCommand(
  argv: readonly string[],
  deps: { roles: RolesService; audit: Pick<AuditLogService, 'recordSystem'> },
): Promise<string[]> {
  const [command, email, role, ...rest] = argv;
  try {
    if (command === 'list' && email === undefined) {
      return (await deps.roles.holders()).map(
        (holder) => `${holder.role}\t${holder.email}\t${holder.granted_at}`,
      );
    }
    if (command === 'grant' && email && role && rest.length === 0) {
      if (!isConsoleRole(role)) {
        throw new AdminUsageError(`<role> must be one of ${consoleRoles.join(', ')}`);
      }
      const change = await deps.roles.grant(email, role, null);
      await deps.audit.recordSystem(commandLine, {
        action: 'roles.grant',
        target: { kind: 'user', id: change.userId },
        before: { role: change.before },
        after: { role: change.after },
        reason: 'npm run admin',
      });
      return [`${change.holder.email} is now ${role}`];
    }
    if (command === 'revoke' && email && role === undefined) {
      const change = await deps.roles.revoke(email, null);
      await deps.audit.recordSystem(commandLine, {
        action: 'roles.revoke',
        target: { kind: 'user', id: change.userId },
        before: { role: change.before },
        after: { role: null },
        reason: 'npm run admin',
      });
      return [`${email} holds no role any more`];
    }
  } catch (error) {
    if (error instanceof AppError) {
      throw new AdminUsageError(
        error.reason === 'user_not_exist' ? `No member has the address ${email}` : error.message,
      );
    }
    throw error;
  }
  throw new AdminUsageError('Unknown command');
}
