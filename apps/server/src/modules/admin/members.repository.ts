import { sql, type Kysely } from 'kysely';
import type { Database, UserStatus } from '../../db/schema';

/** The filters of a members search; all given must match. */
export interface MemberFilter {
  emailPrefix?: string | undefined;
  id?: string | undefined;
  namePrefix?: string | undefined;
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  plan?: 'free' | 'premium' | undefined;
  status?: UserStatus | undefined;
}

/** A member row of the console's list. */
export interface MemberListRow {
  id: string;
  email: string;
  name: string;
  status: UserStatus;
  created_at: string;
  deletion_requested_at: string | null;
  locale: string;
  premium_until: string | null;
  role: string | null;
}

/** The highest character, closing a prefix range so the index on the column serves it. */
const prefixEnd = '\uffff';

/** Members as the console finds and changes them (docs/api.md#operator-console). */
export function createMembersRepository(db: Kysely<Database>) {
  function members() {
    return db
      .selectFrom('users')
      .leftJoin('member_roles', 'member_roles.user_id', 'users.id')
      .select((eb) => [
        'users.id',
        'users.email',
        'users.name',
        'users.status',
        'users.created_at',
        'users.deletion_requested_at',
        'users.locale',
        'member_roles.role',
        eb
          .selectFrom('memberships')
          .select((inner) => inner.fn.max('memberships.expires_at').as('until'))
          .whereRef('memberships.user_id', '=', 'users.id')
          .as('premium_until'),
      ]);
  }

  return {
    /** Newest sign-ups first, after `position`, at most `limit`. */
    async search(
      filter: MemberFilter,
      position: { createdAt: string; id: string } | undefined,
      limit: number,
      now: Date,
    ): Promise<MemberListRow[]> {
      let query = members();
      if (filter.id !== undefined) {
        query = query.where('users.id', '=', filter.id);
      }
      if (filter.emailPrefix !== undefined) {
        query = query
          .where('users.email', '>=', filter.emailPrefix)
          .where('users.email', '<', `${filter.emailPrefix}${prefixEnd}`);
      }
      if (filter.namePrefix !== undefined) {
        query = query
          .where('users.name', '>=', filter.namePrefix)
          .where('users.name', '<', `${filter.namePrefix}${prefixEnd}`);
      }
      if (filter.createdFrom !== undefined) {
        query = query.where('users.created_at', '>=', filter.createdFrom);
      }
      if (filter.createdTo !== undefined) {
        query = query.where('users.created_at', '<', filter.createdTo);
      }
      if (filter.status !== undefined) {
        query = query.where('users.status', '=', filter.status);
      }
      if (filter.plan !== undefined) {
        const plan = filter.plan;
        query = query.where((eb) => {
          const active = eb
            .selectFrom('memberships')
            .select('memberships.id')
            .whereRef('memberships.user_id', '=', 'users.id')
            .where('memberships.expires_at', '>', now.toISOString());
          return plan === 'premium' ? eb.exists(active) : eb.not(eb.exists(active));
        });
      }
      if (position !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('users.created_at', '<', position.createdAt),
            eb.and([
              eb('users.created_at', '=', position.createdAt),
              eb('users.id', '<', position.id),
            ]),
          ]),
        );
      }
      const rows = await query
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        premium_until: row.premium_until === null ? null : String(row.premium_until),
      }));
    },

    async find(userId: string): Promise<MemberListRow | undefined> {
      const row = await members().where('users.id', '=', userId).executeTakeFirst();
      return (
        row && {
          ...row,
          premium_until: row.premium_until === null ? null : String(row.premium_until),
        }
      );
    },

    /** Moves a member from one status to another; false when they were not in `from`. */
    async setStatus(
      userId: string,
      from: readonly UserStatus[],
      to: UserStatus,
      now: Date,
      deletionRequestedAt: string | null = null,
    ): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({
          status: to,
          deletion_requested_at: deletionRequestedAt,
          updated_at: now.toISOString(),
        })
        .where('id', '=', userId)
        .where('status', 'in', [...from])
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends every membership of a member at `end` at the latest (premium days taken away). */
    async shortenMemberships(userId: string, end: string): Promise<void> {
      await db
        .updateTable('memberships')
        .set({ expires_at: end })
        .where('user_id', '=', userId)
        .where('expires_at', '>', end)
        .execute();
    },

    /** Turns two-step verification off: the secret and the recovery codes go. */
    async removeTwoFactor(userId: string): Promise<boolean> {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      const result = await db
        .deleteFrom('two_factors')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** When `action` was last done to the member, from the audit log; undefined when never. */
    async lastActionAt(userId: string, action: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('audit_log')
        .select('created_at')
        .where('target_kind', '=', 'user')
        .where('target_id', '=', userId)
        .where('action', '=', action)
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.created_at;
    },

    async hasTwoFactor(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('two_factors')
        .select(sql<number>`1`.as('one'))
        .where('user_id', '=', userId)
        .where('enabled_at', 'is not', null)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MembersRepository = ReturnType<typeof createMembersRepository>;
