import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** How many rows of each kind a member's page shows. */
const latest = 50;

/** What the console's member page reads of one member, the latest 50 of each kind. */
export function createMemberDetailRepository(db: Kysely<Database>) {
  return {
    async read(userId: string, period: string) {
      const [usage, traffic, memberships, packs, codes, sessions, shares, tasks, feedback, audit] =
        await Promise.all([
          db
            .selectFrom('member_usage')
            .select(['live_bytes', 'trash_bytes'])
            .where('user_id', '=', userId)
            .executeTakeFirst(),
          db
            .selectFrom('download_traffic')
            .select('bytes')
            .where('user_id', '=', userId)
            .where('period', '=', period)
            .executeTakeFirst(),
          db
            .selectFrom('memberships')
            .select(['id', 'type', 'source', 'days', 'starts_at', 'expires_at', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('member_packs')
            .select(['id', 'kind', 'bytes', 'starts_at', 'expires_at', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('activation_redemptions')
            .select(['code_id', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('sessions')
            .select([
              'id',
              'client_id',
              'device_id',
              'user_agent',
              'ip',
              'created_at',
              'last_used_at',
              'revoked_at',
            ])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('shares')
            .select(['id', 'title', 'audit_status', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('tasks')
            .select(['id', 'name', 'phase', 'created_at'])
            .where('user_id', '=', userId)
            .where('type', '=', 'offline')
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('feedback')
            .select(['id', 'category', 'message', 'created_at'])
            .where('user_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
          db
            .selectFrom('audit_log')
            .select(['id', 'actor_id', 'action', 'reason', 'created_at'])
            .where('target_id', '=', userId)
            .orderBy('created_at', 'desc')
            .limit(latest)
            .execute(),
        ]);
      return {
        usage,
        traffic,
        memberships,
        packs,
        codes,
        sessions,
        shares,
        tasks,
        feedback,
        audit,
      };
    },
  };
}

export type MemberDetailRepository = ReturnType<typeof createMemberDetailRepository>;
