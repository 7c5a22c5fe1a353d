import type { Insertable, Kysely, Selectable } from 'kysely';
import { preparedQuery } from '../../db/prepared-query';
import type {
  ActivationCodeTable,
  Database,
  MemberPackTable,
  MembershipTable,
} from '../../db/schema';

/** A grant of premium days as the service reads it. */
export type MembershipRecord = MembershipTable;

/** An activation code as the service reads it (`bytes` a string on PostgreSQL). */
export type ActivationCodeRecord = Omit<Selectable<ActivationCodeTable>, 'bytes'> & {
  bytes: number | string;
};

/** A new activation code. */
export type NewActivationCode = Insertable<ActivationCodeTable>;

/** A new storage or traffic pack of a member. */
export type NewMemberPack = Insertable<MemberPackTable>;

/** A pack a member holds now. */
export interface ActivePack {
  kind: string;
  bytes: number;
  expiresAt: string;
}

/** The queries of one redemption, all inside one transaction. */
export interface RedemptionQueries {
  /** Serialises grants to one member: takes the member's row lock (a write lock on SQLite). */
  lockMember(userId: string, now: Date): Promise<boolean>;
  /** The code with this hash, or undefined. */
  findCode(codeHash: string): Promise<ActivationCodeRecord | undefined>;
  /** Whether the member has redeemed the code already. */
  hasRedeemed(codeId: string, userId: string): Promise<boolean>;
  /** Takes one use of the code when it has one left; false when it had none. */
  takeUse(codeId: string): Promise<boolean>;
  recordRedemption(codeId: string, userId: string, now: Date): Promise<void>;
  /** The latest end of the member's grants of a type, or undefined when there were none. */
  latestExpiry(userId: string, type: string): Promise<string | undefined>;
  insertMembership(row: MembershipRecord): Promise<void>;
  /** Stores a storage or traffic pack the member now holds. */
  insertPack(row: NewMemberPack): Promise<void>;
  /** A grant by id. */
  grantById(id: string): Promise<MembershipRecord | undefined>;
  /** The member's grants of a type that begin at or after `at` (queued behind), other than `id`. */
  grantsQueuedFrom(
    userId: string,
    type: string,
    at: string,
    id: string,
  ): Promise<MembershipRecord[]>;
  /** Moves a grant's days (a revocation shortens it, or moves it forward in the queue). */
  moveGrant(id: string, startsAt: string, expiresAt: string): Promise<void>;
  /** Ends a pack at `at` when it would have lasted longer. */
  endPack(id: string, at: string): Promise<void>;
}

/** The grant queries on a database or inside a transaction. */
export function redemptionQueries(db: Kysely<Database>): RedemptionQueries {
  return {
    async lockMember(userId, now) {
      // An update of the member's own row: PostgreSQL holds its row lock until the transaction
      // ends, so two grants to one member queue up instead of both starting at the same end.
      const result = await db
        .updateTable('users')
        .set({ updated_at: now.toISOString() })
        .where('id', '=', userId)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async findCode(codeHash) {
      return db
        .selectFrom('activation_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    async hasRedeemed(codeId, userId) {
      const row = await db
        .selectFrom('activation_redemptions')
        .select('code_id')
        .where('code_id', '=', codeId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async takeUse(codeId) {
      const result = await db
        .updateTable('activation_codes')
        .set((eb) => ({ uses_left: eb('uses_left', '-', 1) }))
        .where('id', '=', codeId)
        .where('uses_left', '>', 0)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async recordRedemption(codeId, userId, now) {
      await db
        .insertInto('activation_redemptions')
        .values({ code_id: codeId, user_id: userId, created_at: now.toISOString() })
        .execute();
    },

    async latestExpiry(userId, type) {
      const row = await db
        .selectFrom('memberships')
        .select('expires_at')
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .orderBy('expires_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.expires_at;
    },

    async insertMembership(row) {
      await db.insertInto('memberships').values(row).execute();
    },

    async insertPack(row) {
      await db.insertInto('member_packs').values(row).execute();
    },

    async grantById(id) {
      return db.selectFrom('memberships').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async grantsQueuedFrom(userId, type, at, id) {
      return db
        .selectFrom('memberships')
        .selectAll()
        .where('user_id', '=', userId)
        .where('type', '=', type)
        .where('starts_at', '>=', at)
        .where('id', '!=', id)
        .orderBy('starts_at')
        .execute();
    },

    async moveGrant(id, startsAt, expiresAt) {
      await db
        .updateTable('memberships')
        .set({ starts_at: startsAt, expires_at: expiresAt })
        .where('id', '=', id)
        .execute();
    },

    async endPack(id, at) {
      await db
        .updateTable('member_packs')
        .set({ expires_at: at })
        .where('id', '=', id)
        .where('expires_at', '>', at)
        .execute();
    },
  };
}

/** Memberships, activation codes and their redemptions. Only this file queries them. */
// The plan behind every quota check (each upload, twice): compiled once.
const latestExpiriesOf = preparedQuery((db: Kysely<Database>, values: { userId: string }) =>
  db
    .selectFrom('memberships')
    .select(['type', (eb) => eb.fn.max('expires_at').as('expires_at')])
    .where('user_id', '=', values.userId)
    .groupBy('type')
    .orderBy('type'),
);
const activePacksOf = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; stamp: string }) =>
    db
      .selectFrom('member_packs')
      .select(['kind', 'bytes', 'expires_at'])
      .where('user_id', '=', values.userId)
      .where('expires_at', '>', values.stamp)
      .where('starts_at', '<=', values.stamp)
      .orderBy('expires_at')
      .orderBy('id'),
);

export function createMembershipRepository(db: Kysely<Database>) {
  return {
    /**
     * Per type, the latest end of the member's grants (one row per type the member ever held):
     * grants queue up one after another, so the latest end is the end of the membership.
     */
    async latestExpiries(userId: string): Promise<{ type: string; expiresAt: string }[]> {
      const rows = await latestExpiriesOf.execute(db, { userId });
      return rows.map((row) => ({ type: row.type, expiresAt: String(row.expires_at) }));
    },

    /** The storage and traffic packs the member holds at `at`, the soonest to end first. */
    async activePacks(userId: string, at: Date): Promise<ActivePack[]> {
      const rows = await activePacksOf.execute(db, { userId, stamp: at.toISOString() });
      return rows.map((row) => ({
        kind: row.kind,
        bytes: Number(row.bytes),
        expiresAt: row.expires_at,
      }));
    },

    /** Runs a redemption or a grant in one transaction. */
    async inTransaction<T>(run: (queries: RedemptionQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => run(redemptionQueries(trx)));
    },

    /** Stores newly minted codes (operators' CLI). */
    async insertCodes(rows: NewActivationCode[]): Promise<void> {
      if (rows.length === 0) {
        return;
      }
      await db.insertInto('activation_codes').values(rows).execute();
    },

    /** The id of the member with this (lower-cased) e-mail address, for operators' grants. */
    async findUserIdByEmail(email: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirst();
      return row?.id;
    },
  };
}

export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
