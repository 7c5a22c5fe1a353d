import type { Kysely } from 'kysely';
import type { ActivityGrantTable, Database } from '../../db/schema';
import { redemptionQueries, type RedemptionQueries } from './membership.repository';

/** A reward a member received from an activity. */
export type ActivityGrantRecord = ActivityGrantTable;

/** The queries of one activity grant, all inside one transaction with the membership grant. */
export interface ActivityQueries extends RedemptionQueries {
  /** The member's grant of this activity, when they received it already. */
  findGrant(userId: string, activity: string): Promise<ActivityGrantRecord | undefined>;
  insertGrant(row: ActivityGrantRecord): Promise<void>;
  /** When the member signed up, or undefined when there is no such member. */
  memberSince(userId: string): Promise<string | undefined>;
  /** The member whose invite code this is. */
  inviterOfCode(code: string): Promise<string | undefined>;
  /** Invitations that earned this inviter days since `since`. */
  rewardedInvitesSince(inviterId: string, since: string): Promise<number>;
  /** Grants with days to members calling from this address since `since`. */
  grantsFromAddressSince(addressHash: string, since: string): Promise<number>;
}

/** What the member has done of each membership task (counts, each at most 1). */
export interface TaskFacts {
  upload_file: number;
  share_file: number;
  offline_download: number;
  invite_friend: number;
}

async function countOf(query: {
  executeTakeFirst(): Promise<{ count: string | number | bigint } | undefined>;
}): Promise<number> {
  const row = await query.executeTakeFirst();
  return Number(row?.count ?? 0);
}

function activityQueries(db: Kysely<Database>): ActivityQueries {
  return {
    ...redemptionQueries(db),

    async findGrant(userId, activity) {
      return db
        .selectFrom('activity_grants')
        .selectAll()
        .where('user_id', '=', userId)
        .where('activity', '=', activity)
        .executeTakeFirst();
    },

    async insertGrant(row) {
      await db.insertInto('activity_grants').values(row).execute();
    },

    async memberSince(userId) {
      const row = await db
        .selectFrom('users')
        .select('created_at')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.created_at;
    },

    async inviterOfCode(code) {
      const row = await db
        .selectFrom('invite_codes')
        .select('user_id')
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.user_id;
    },

    async rewardedInvitesSince(inviterId, since) {
      return countOf(
        db
          .selectFrom('activity_grants')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('inviter_id', '=', inviterId)
          .where('inviter_days', '>', 0)
          .where('created_at', '>=', since),
      );
    },

    async grantsFromAddressSince(addressHash, since) {
      return countOf(
        db
          .selectFrom('activity_grants')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('address_hash', '=', addressHash)
          .where('days', '>', 0)
          .where('created_at', '>=', since),
      );
    },
  };
}

/** Invite codes, activity grants and unsubscribed addresses (0022). Only this file queries them. */
export function createMembershipActivityRepository(db: Kysely<Database>) {
  return {
    /** Runs one activity grant (the claim and the membership days) in one transaction. */
    async inTransaction<T>(run: (queries: ActivityQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => run(activityQueries(trx)));
    },

    async findGrant(userId: string, activity: string): Promise<ActivityGrantRecord | undefined> {
      return activityQueries(db).findGrant(userId, activity);
    },

    /** The activities of the member's grants that start with `prefix` (`task:`). */
    async grantedActivities(userId: string, prefix: string): Promise<string[]> {
      const rows = await db
        .selectFrom('activity_grants')
        .select('activity')
        .where('user_id', '=', userId)
        .where('activity', 'like', `${prefix}%`)
        .execute();
      return rows.map((row) => row.activity);
    },

    async inviteCodeOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('invite_codes')
        .select('code')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.code;
    },

    /** Stores a member's code; false when the code is taken (by anyone) or the member has one. */
    async insertInviteCode(row: {
      user_id: string;
      code: string;
      created_at: string;
    }): Promise<boolean> {
      const result = await db
        .insertInto('invite_codes')
        .values(row)
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    /** How many members joined with this inviter's code, and the days the inviter received. */
    async inviteTotals(inviterId: string): Promise<{ count: number; days: number }> {
      const row = await db
        .selectFrom('activity_grants')
        .select((eb) => [
          eb.fn.countAll().as('count'),
          eb.fn.sum<string | number | null>('inviter_days').as('days'),
        ])
        .where('inviter_id', '=', inviterId)
        .executeTakeFirst();
      return { count: Number(row?.count ?? 0), days: Number(row?.days ?? 0) };
    },

    async rewardedInvitesSince(inviterId: string, since: string): Promise<number> {
      return activityQueries(db).rewardedInvitesSince(inviterId, since);
    },

    /** The inviter's newest invitees with their names. */
    async invitees(
      inviterId: string,
      limit: number,
    ): Promise<{ name: string; joinedAt: string; days: number }[]> {
      const rows = await db
        .selectFrom('activity_grants')
        .innerJoin('users', 'users.id', 'activity_grants.user_id')
        .select(['users.name', 'activity_grants.created_at', 'activity_grants.inviter_days'])
        .where('activity_grants.inviter_id', '=', inviterId)
        .orderBy('activity_grants.created_at', 'desc')
        .orderBy('activity_grants.user_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        name: row.name,
        joinedAt: row.created_at,
        days: row.inviter_days,
      }));
    },

    /** What the member has done of each membership task: each an existence check on its table. */
    async taskFacts(userId: string): Promise<TaskFacts> {
      const [file, share, offline, invite] = await Promise.all([
        db
          .selectFrom('files')
          .select('id')
          .where('user_id', '=', userId)
          .where('kind', '=', 'file')
          .where('phase', '=', 'PHASE_TYPE_COMPLETE')
          .where('params', 'not like', '%original_share_id%')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('shares')
          .select('id')
          .where('user_id', '=', userId)
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('tasks')
          .select('id')
          .where('user_id', '=', userId)
          .where('type', '=', 'offline')
          .where('phase', '=', 'PHASE_TYPE_COMPLETE')
          .limit(1)
          .executeTakeFirst(),
        db
          .selectFrom('activity_grants')
          .select('user_id')
          .where('inviter_id', '=', userId)
          .limit(1)
          .executeTakeFirst(),
      ]);
      return {
        upload_file: file ? 1 : 0,
        share_file: share ? 1 : 0,
        offline_download: offline ? 1 : 0,
        invite_friend: invite ? 1 : 0,
      };
    },

    async isAdmin(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('member_roles')
        .select('role')
        .where('user_id', '=', userId)
        .where('role', '=', 'admin')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records that an address wants no more mail of a scene; a second time changes nothing. */
    async unsubscribe(email: string, scene: string, now: string): Promise<void> {
      await db
        .insertInto('mail_unsubscribes')
        .values({ email, scene, created_at: now })
        .onConflict((oc) => oc.columns(['email', 'scene']).doNothing())
        .execute();
    },

    /** Forgets that an address wanted no more mail of a scene (it subscribed again). */
    async resubscribe(email: string, scene: string): Promise<void> {
      await db
        .deleteFrom('mail_unsubscribes')
        .where('email', '=', email)
        .where('scene', '=', scene)
        .execute();
    },

    async isUnsubscribed(email: string, scene: string): Promise<boolean> {
      const row = await db
        .selectFrom('mail_unsubscribes')
        .select('email')
        .where('email', '=', email)
        .where('scene', '=', scene)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type MembershipActivityRepository = ReturnType<typeof createMembershipActivityRepository>;
