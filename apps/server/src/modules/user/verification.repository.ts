import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, VerificationTable } from '../../db/schema';

export type VerificationRow = Selectable<VerificationTable>;

/** Mailed codes and the verification tokens they turn into. */
export function createVerificationRepository(db: Kysely<Database>) {
  return {
    async insert(row: Insertable<VerificationTable>): Promise<void> {
      await db.insertInto('verifications').values(row).execute();
    },

    async findById(id: string): Promise<VerificationRow | undefined> {
      return db.selectFrom('verifications').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findByTokenHash(tokenHash: string): Promise<VerificationRow | undefined> {
      return db
        .selectFrom('verifications')
        .selectAll()
        .where('verification_token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /**
     * Counts a wrong code, in one statement so parallel guesses cannot exceed the limit; the
     * attempt that reaches `maxAttempts` invalidates the code. Returns the attempts made, or
     * undefined when the code was already used or invalidated.
     */
    async recordWrongCode(id: string, maxAttempts: number, now: Date): Promise<number | undefined> {
      const stamp = now.toISOString();
      const row = await db
        .updateTable('verifications')
        .set({
          attempts: sql<number>`attempts + 1`,
          consumed_at: sql<
            string | null
          >`case when attempts + 1 >= ${maxAttempts} then ${stamp} else consumed_at end`,
        })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .returning('attempts')
        .executeTakeFirst();
      return row?.attempts;
    },

    /** Spends the code and records the token it yields; false when it was spent already. */
    async issueToken(
      id: string,
      tokenHash: string,
      tokenExpiresAt: Date,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('verifications')
        .set({
          consumed_at: now.toISOString(),
          verification_token_hash: tokenHash,
          token_expires_at: tokenExpiresAt.toISOString(),
        })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Spends a code that yields no token (an e-mail change); false when it was spent already. */
    async consumeCode(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('verifications')
        .set({ consumed_at: now.toISOString() })
        .where('id', '=', id)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes verifications whose code and token both expired before a time. */
    async deleteExpired(before: Date): Promise<void> {
      const stamp = before.toISOString();
      await db
        .deleteFrom('verifications')
        .where('expires_at', '<', stamp)
        .where((where) =>
          where.or([where('token_expires_at', 'is', null), where('token_expires_at', '<', stamp)]),
        )
        .execute();
    },

    /** Spends a verification token; false when it was spent already (a replay). */
    async consumeToken(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('verifications')
        .set({ token_consumed_at: now.toISOString() })
        .where('id', '=', id)
        .where('token_consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type VerificationRepository = ReturnType<typeof createVerificationRepository>;
