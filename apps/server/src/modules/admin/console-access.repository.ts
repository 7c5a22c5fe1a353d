import type { Kysely } from 'kysely';
import type { Database, MemberRole } from '../../db/schema';

/** What the console guard reads of a session: its member's role and last two-factor sign-in. */
export interface ConsoleSessionFacts {
  email: string;
  role: MemberRole | null;
  twoFactorAt: string | null;
}

/** A member holding a console role. */
export interface RoleHolderRow {
  user_id: string;
  email: string;
  name: string;
  role: MemberRole;
  created_at: string;
}

/** Console roles of members and what the guard reads of a session. */
export function createConsoleAccessRepository(db: Kysely<Database>) {
  return {
    async sessionFacts(sessionId: string): Promise<ConsoleSessionFacts | undefined> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .leftJoin('member_roles', 'member_roles.user_id', 'sessions.user_id')
        .select(['users.email', 'member_roles.role', 'sessions.two_factor_at'])
        .where('sessions.id', '=', sessionId)
        .executeTakeFirst();
      return row && { email: row.email, role: row.role, twoFactorAt: row.two_factor_at };
    },

    async roleOf(userId: string): Promise<MemberRole | undefined> {
      const row = await db
        .selectFrom('member_roles')
        .select('role')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role;
    },

    async holders(): Promise<RoleHolderRow[]> {
      return db
        .selectFrom('member_roles')
        .innerJoin('users', 'users.id', 'member_roles.user_id')
        .select([
          'member_roles.user_id',
          'users.email',
          'users.name',
          'member_roles.role',
          'member_roles.created_at',
        ])
        .orderBy('member_roles.created_at')
        .orderBy('member_roles.user_id')
        .execute();
    },

    /** Gives a member a role, replacing the one they held. */
    async grant(userId: string, role: MemberRole, now: Date): Promise<void> {
      const stamp = now.toISOString();
      await db
        .insertInto('member_roles')
        .values({ user_id: userId, role, created_at: stamp })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({ role, created_at: stamp }),
        )
        .execute();
    },

    /** Takes a member's role away; false when they held none. */
    async revoke(userId: string): Promise<boolean> {
      const result = await db
        .deleteFrom('member_roles')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}

export type ConsoleAccessRepository = ReturnType<typeof createConsoleAccessRepository>;
