import type { ConsoleRole, RoleHolder } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import type { UserRepository } from '../user/user.repository';
import type { ConsoleAccessRepository } from './console-access.repository';

export interface RolesServiceDeps {
  roles: Pick<ConsoleAccessRepository, 'roleOf' | 'holders' | 'grant' | 'revoke'>;
  users: Pick<UserRepository, 'findByEmail'>;
  now: () => Date;
}

/** A change of a member's role, as the audit log keeps it. */
export interface RoleChange {
  userId: string;
  before: ConsoleRole | null;
  after: ConsoleRole | null;
}

/**
 * Console roles (docs/product.md#operator-console): admins grant and revoke them in the console;
 * the first admin comes from `npm run admin -- grant <email> admin`.
 */
export function createRolesService(deps: RolesServiceDeps) {
  async function memberOf(email: string) {
    const user = await deps.users.findByEmail(email.trim().toLowerCase());
    if (!user) {
      throw new AppError('user_not_exist');
    }
    return user;
  }

  return {
    async holders(): Promise<RoleHolder[]> {
      return (await deps.roles.holders()).map((row) => ({
        user_id: row.user_id,
        email: row.email,
        name: row.name,
        role: row.role,
        granted_at: row.created_at,
      }));
    },

    /** Gives a member a role; an admin's own role is not theirs to change. */
    async grant(
      email: string,
      role: ConsoleRole,
      byUserId: string | null,
    ): Promise<RoleChange & { holder: RoleHolder }> {
      const user = await memberOf(email);
      if (user.id === byUserId) {
        throw new AppError('failed_precondition', {
          description: 'An admin cannot change their own role',
        });
      }
      const before = (await deps.roles.roleOf(user.id)) ?? null;
      const now = deps.now();
      await deps.roles.grant(user.id, role, now);
      return {
        userId: user.id,
        before,
        after: role,
        holder: {
          user_id: user.id,
          email: user.email,
          name: user.name,
          role,
          granted_at: now.toISOString(),
        },
      };
    },

    /** Takes a role away; an admin cannot take away their own, so the console keeps an admin. */
    async revoke(email: string, byUserId: string | null): Promise<RoleChange> {
      const user = await memberOf(email);
      if (user.id === byUserId) {
        throw new AppError('failed_precondition', {
          description: 'An admin cannot revoke their own role',
        });
      }
      const before = (await deps.roles.roleOf(user.id)) ?? null;
      if (before === null || !(await deps.roles.revoke(user.id))) {
        throw new AppError('failed_precondition', { description: 'The member holds no role' });
      }
      return { userId: user.id, before, after: null };
    },
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
