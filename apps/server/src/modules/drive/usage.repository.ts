import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { preparedQuery } from '../../db/prepared-query';

/** Bytes of a member's complete files: live, and in the trash (or inside a trashed folder). */
export interface StorageUsage {
  live: number;
  trash: number;
}

/** A change of a member's counters, in bytes (negative when references go). */
export type UsageDelta = StorageUsage;

/** The facts of a file row that decide what it adds to the counters. */
export interface CountedFile {
  kind: 'file' | 'folder';
  phase: string;
  size: number;
  trashed: 0 | 1 | 2;
}

/** Whether a row counts toward storage: a file whose bytes are stored (not PENDING, not a folder). */
export function isCounted(record: Pick<CountedFile, 'kind' | 'phase'>): boolean {
  return record.kind === 'file' && record.phase === 'PHASE_TYPE_COMPLETE';
}

/** What these rows add to the counters (`sign` -1: what removing them takes away). */
export function usageOf(records: CountedFile[], sign: 1 | -1 = 1): UsageDelta {
  let live = 0;
  let trash = 0;
  for (const record of records) {
    if (!isCounted(record)) {
      continue;
    }
    if (record.trashed === 0) {
      live += sign * record.size;
    } else {
      trash += sign * record.size;
    }
  }
  return { live, trash };
}

/** One member's counters against the sums of their files, as `verify` reports it. */
export interface UsageMismatch {
  userId: string;
  counted: StorageUsage;
  actual: StorageUsage;
}

/**
 * A member's storage counters on a connection or inside another module's transaction. Every
 * transaction that adds or removes complete files calls `adjust` once with the net change
 * (after `lock` when it reads the member's files first), so the counters move together with
 * the rows or not at all.
 */
/** A member's counters, read by every quota check: compiled once. */
const usageOfMember = preparedQuery((db: Kysely<Database>, values: { userId: string }) =>
  db
    .selectFrom('member_usage')
    .select(['live_bytes', 'trash_bytes'])
    .where('user_id', '=', values.userId),
);

// The counter statements of every upload's commit: compiled once.
const ensureUsageRow = preparedQuery(
  (db: Kysely<Database>, values: { userId: string; stamp: string }) =>
    db
      .insertInto('member_usage')
      .values({ user_id: values.userId, live_bytes: 0, trash_bytes: 0, updated_at: values.stamp })
      .onConflict((conflict) => conflict.column('user_id').doNothing()),
);
const lockUsageRow = preparedQuery((db: Kysely<Database>, values: { userId: string }) =>
  db
    .updateTable('member_usage')
    .set({ live_bytes: sql<number>`live_bytes` })
    .where('user_id', '=', values.userId),
);
type AdjustValues = { userId: string; live: number; trash: number; stamp: string };
const adjustUsageRow = (db: Kysely<Database>, values: AdjustValues) =>
  db
    .updateTable('member_usage')
    .set({
      live_bytes: sql<number>`live_bytes + ${values.live}`,
      trash_bytes: sql<number>`trash_bytes + ${values.trash}`,
      updated_at: values.stamp,
    })
    .where('user_id', '=', values.userId);
const adjustUsage = preparedQuery(adjustUsageRow);
const adjustUsageWithin = preparedQuery(
  (db: Kysely<Database>, values: AdjustValues & { limit: number }) =>
    adjustUsageRow(db, values).where(sql<boolean>`live_bytes + ${values.live} <= ${values.limit}`),
);

export function usageQueriesOn(db: Kysely<Database> | Transaction<Database>) {
  // Inside a transaction a row once ensured stays (nothing deletes it meanwhile), so `adjust`
  // after `lock` does not write it a second time.
  const ensured = db.isTransaction ? new Set<string>() : undefined;

  async function ensureRow(userId: string, stamp: string): Promise<void> {
    if (ensured?.has(userId)) {
      return;
    }
    ensured?.add(userId);
    await ensureUsageRow.execute(db, { userId, stamp });
  }

  return {
    /**
     * Holds the member's counter row until the transaction ends (PostgreSQL row lock; SQLite has
     * one writer). Transactions that read a member's files and then change them take it first,
     * so the counter row is always the first lock a member's change waits for: no deadlock
     * between an upload commit, a copy, a save from a share and a trash.
     */
    async lock(userId: string, now: Date): Promise<void> {
      await ensureRow(userId, now.toISOString());
      await lockUsageRow.execute(db, { userId });
    },

    /**
     * Moves the member's counters by `delta`. With `limit`, bytes added to the live counter
     * must fit: `live_bytes + delta.live <= limit` is part of the update's condition, so two
     * commits that each fit but not together cannot both pass, on either database. Answers
     * false (and changes nothing) when they do not fit.
     */
    async adjust(
      userId: string,
      delta: UsageDelta,
      now: Date,
      options: { limit?: number } = {},
    ): Promise<boolean> {
      if (delta.live === 0 && delta.trash === 0) {
        return true;
      }
      const stamp = now.toISOString();
      await ensureRow(userId, stamp);
      const values = { userId, live: delta.live, trash: delta.trash, stamp };
      const changed =
        options.limit !== undefined && delta.live > 0
          ? await adjustUsageWithin.executeChanges(db, { ...values, limit: options.limit })
          : await adjustUsage.executeChanges(db, values);
      return changed > 0n;
    },

    /** The member's counters (zero for a member who never stored a file). */
    async read(userId: string): Promise<StorageUsage> {
      const [row] = await usageOfMember.execute(db, { userId });
      // PostgreSQL answers bigint as a string; sizes stay far below 2^53.
      return { live: Number(row?.live_bytes ?? 0), trash: Number(row?.trash_bytes ?? 0) };
    },

    /**
     * The member's usage summed from the file rows (read through the member's index range of
     * the every-folder listing indexes): what the counters must equal.
     */
    async sum(userId: string): Promise<StorageUsage> {
      const rows = await db
        .selectFrom('files')
        .select((eb) => ['trashed', eb.fn.sum<number | string>('size').as('total')])
        .where('user_id', '=', userId)
        .where('kind', '=', 'file')
        .where('phase', '=', 'PHASE_TYPE_COMPLETE')
        .groupBy('trashed')
        .execute();
      // Bytes a save from a share under way booked for rows it has not made yet count as live.
      const reserved = await db
        .selectFrom('share_restores')
        .select((eb) => eb.fn.sum<number | string>('reserved_bytes').as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      let live = Number(reserved?.total ?? 0);
      let trash = 0;
      for (const row of rows) {
        if (Number(row.trashed) === 0) {
          live += Number(row.total);
        } else {
          trash += Number(row.total);
        }
      }
      return { live, trash };
    },

    /** Sets the member's counters to `usage` (the repair of a mismatch `verify` found). */
    async set(userId: string, usage: StorageUsage, now: Date): Promise<void> {
      const stamp = now.toISOString();
      await ensureRow(userId, stamp);
      await db
        .updateTable('member_usage')
        .set({ live_bytes: usage.live, trash_bytes: usage.trash, updated_at: stamp })
        .where('user_id', '=', userId)
        .execute();
    },
  };
}

export type UsageQueries = ReturnType<typeof usageQueriesOn>;

/**
 * The counters outside a request: `verify` compares every member's counters with the sums of
 * their files and, asked to, repairs them one member at a time in a transaction that takes the
 * counter row first, so a change committing meanwhile is neither lost nor counted twice.
 */
export function createUsageRepository(db: Kysely<Database>) {
  return {
    ...usageQueriesOn(db),

    /** Every member whose counters differ from the sums of their files (members in either). */
    async mismatches(): Promise<{ members: number; mismatches: UsageMismatch[] }> {
      // One snapshot for both reads (SQLite's read transaction is one too).
      const { sums, counters, reserved } = await db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => ({
          sums: await trx
            .selectFrom('files')
            .select((eb) => ['user_id', 'trashed', eb.fn.sum<number | string>('size').as('total')])
            .where('kind', '=', 'file')
            .where('phase', '=', 'PHASE_TYPE_COMPLETE')
            .groupBy(['user_id', 'trashed'])
            .execute(),
          counters: await trx.selectFrom('member_usage').selectAll().execute(),
          reserved: await trx
            .selectFrom('share_restores')
            .select((eb) => ['user_id', eb.fn.sum<number | string>('reserved_bytes').as('total')])
            .where('reserved_bytes', '>', 0)
            .groupBy('user_id')
            .execute(),
        }));
      const actual = new Map<string, StorageUsage>();
      for (const row of sums) {
        const usage = actual.get(row.user_id) ?? { live: 0, trash: 0 };
        if (Number(row.trashed) === 0) {
          usage.live += Number(row.total);
        } else {
          usage.trash += Number(row.total);
        }
        actual.set(row.user_id, usage);
      }
      for (const row of reserved) {
        const usage = actual.get(row.user_id) ?? { live: 0, trash: 0 };
        usage.live += Number(row.total);
        actual.set(row.user_id, usage);
      }
      const counted = new Map<string, StorageUsage>();
      for (const row of counters) {
        counted.set(row.user_id, { live: Number(row.live_bytes), trash: Number(row.trash_bytes) });
      }
      const members = new Set([...actual.keys(), ...counted.keys()]);
      const mismatches: UsageMismatch[] = [];
      for (const userId of [...members].sort()) {
        const have = counted.get(userId) ?? { live: 0, trash: 0 };
        const should = actual.get(userId) ?? { live: 0, trash: 0 };
        if (have.live !== should.live || have.trash !== should.trash) {
          mismatches.push({ userId, counted: have, actual: should });
        }
      }
      return { members: members.size, mismatches };
    },

    /** Recomputes one member's counters from their files; answers the values set. */
    async repair(userId: string, now: Date): Promise<StorageUsage> {
      return db.transaction().execute(async (trx) => {
        const queries = usageQueriesOn(trx);
        await queries.lock(userId, now);
        const usage = await queries.sum(userId);
        await queries.set(userId, usage, now);
        return usage;
      });
    },
  };
}

export type UsageRepository = ReturnType<typeof createUsageRepository>;
