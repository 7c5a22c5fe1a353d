import type { Insertable, Kysely } from 'kysely';
import type { ActivationBatchTable, Database } from '../../db/schema';

/** A batch with the facts its codes share and its counts. */
export interface BatchRow {
  id: string;
  note: string;
  count: number;
  created_by: string;
  created_at: string;
  type: string;
  days: number;
  bytes: number;
  max_uses: number;
  expires_at: string | null;
  redeemed: number;
  revoked: number;
}

/** A code of a batch. */
export interface BatchCodeRow {
  id: string;
  uses_left: number;
  max_uses: number;
  expires_at: string | null;
  revoked_at: string | null;
}

/** A redemption of a batch's code. */
export interface BatchRedemptionRow {
  code_id: string;
  user_id: string;
  email: string;
  created_at: string;
}

/** Batches of activation codes minted in the console. Only this file queries them. */
export function createActivationBatchRepository(db: Kysely<Database>) {
  function batches() {
    return db
      .selectFrom('activation_batches as b')
      .innerJoin('activation_codes as c', 'c.batch_id', 'b.id')
      .select((eb) => [
        'b.id',
        'b.note',
        'b.count',
        'b.created_by',
        'b.created_at',
        eb.fn.max('c.type').as('type'),
        eb.fn.max('c.days').as('days'),
        eb.fn.max('c.bytes').as('bytes'),
        eb.fn.max('c.max_uses').as('max_uses'),
        eb.fn.max('c.expires_at').as('expires_at'),
        eb
          .selectFrom('activation_redemptions as r')
          .innerJoin('activation_codes as rc', 'rc.id', 'r.code_id')
          .whereRef('rc.batch_id', '=', 'b.id')
          .select((sub) => sub.fn.countAll<number | string>().as('n'))
          .as('used'),
        eb.fn.count<number | string>('c.revoked_at').as('revoked'),
      ])
      .groupBy(['b.id', 'b.note', 'b.count', 'b.created_by', 'b.created_at']);
  }

  return {
    async insertBatch(row: Insertable<ActivationBatchTable>): Promise<void> {
      await db.insertInto('activation_batches').values(row).execute();
    },

    /** Newest first; `q` is a batch id or words of the note. */
    async search(q: string | undefined, limit: number): Promise<BatchRow[]> {
      let query = batches();
      if (q !== undefined && q !== '') {
        // Wildcards typed in the search are dropped rather than escaped (the dialects differ).
        const words = `%${q.toLowerCase().replace(/[%_\\]/g, '')}%`;
        query = query.where((eb) =>
          eb.or([
            eb('b.id', '=', q),
            eb(eb.fn('lower', ['b.note']), 'like', eb.val(words)).$castTo<boolean>(),
          ]),
        );
      }
      const rows = await query
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id')
        .limit(limit)
        .execute();
      return rows.map(toBatch);
    },

    async batch(id: string): Promise<BatchRow | undefined> {
      const row = await batches().where('b.id', '=', id).executeTakeFirst();
      return row === undefined ? undefined : toBatch(row);
    },

    /** The batch's codes in minting order, and their redemptions with the redeemer's address. */
    async codes(
      batchId: string,
    ): Promise<{ codes: BatchCodeRow[]; redemptions: BatchRedemptionRow[] }> {
      const codes = await db
        .selectFrom('activation_codes')
        .select(['id', 'uses_left', 'max_uses', 'expires_at', 'revoked_at'])
        .where('batch_id', '=', batchId)
        .orderBy('id')
        .execute();
      const redemptions = await db
        .selectFrom('activation_redemptions as r')
        .innerJoin('activation_codes as c', 'c.id', 'r.code_id')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .select(['r.code_id', 'r.user_id', 'u.email', 'r.created_at'])
        .where('c.batch_id', '=', batchId)
        .orderBy('r.created_at')
        .execute();
      return { codes, redemptions };
    },

    /** Revokes the batch's codes nobody redeemed; answers how many. */
    async revokeUnused(batchId: string, at: string): Promise<number> {
      const result = await db
        .updateTable('activation_codes')
        .set({ uses_left: 0, revoked_at: at })
        .where('batch_id', '=', batchId)
        .where('revoked_at', 'is', null)
        .where((eb) => eb('uses_left', '=', eb.ref('max_uses')))
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('activation_redemptions')
                .select('code_id')
                .whereRef('activation_redemptions.code_id', '=', 'activation_codes.id'),
            ),
          ),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

function toBatch(row: {
  id: string;
  note: string;
  count: number;
  created_by: string;
  created_at: string;
  type: string | null;
  days: number | null;
  bytes: number | string | null;
  max_uses: number | null;
  expires_at: string | null;
  used: number | string | null;
  revoked: number | string;
}): BatchRow {
  return {
    id: row.id,
    note: row.note,
    count: row.count,
    created_by: row.created_by,
    created_at: row.created_at,
    type: row.type ?? '',
    days: Number(row.days ?? 0),
    bytes: Number(row.bytes ?? 0),
    max_uses: Number(row.max_uses ?? 0),
    expires_at: row.expires_at,
    redeemed: Number(row.used ?? 0),
    revoked: Number(row.revoked),
  };
}

export type ActivationBatchRepository = ReturnType<typeof createActivationBatchRepository>;
