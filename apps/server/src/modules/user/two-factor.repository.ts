import type { Kysely, Selectable } from 'kysely';
import type { Database, TwoFactorTable } from '../../db/schema';

export type TwoFactorRow = Selectable<TwoFactorTable>;

/** TOTP secrets and recovery codes of members. */
export function createTwoFactorRepository(db: Kysely<Database>) {
  return {
    async find(userId: string): Promise<TwoFactorRow | undefined> {
      return db
        .selectFrom('two_factors')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** Starts a set-up: a new pending secret replaces any earlier pending one. */
    async savePending(userId: string, secretBox: string, now: Date): Promise<void> {
      const stamp = now.toISOString();
      await db
        .insertInto('two_factors')
        .values({
          user_id: userId,
          secret_box: secretBox,
          enabled_at: null,
          last_step: 0,
          created_at: stamp,
          updated_at: stamp,
        })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet({
            secret_box: secretBox,
            enabled_at: null,
            last_step: 0,
            updated_at: stamp,
          }),
        )
        .execute();
    },

    /**
     * Records a TOTP step as used, only if it is later than the last one: false when another
     * request used this step (or a later one) first, which makes a replayed code fail.
     */
    async useStep(userId: string, step: number, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('two_factors')
        .set({ last_step: step, updated_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('last_step', '<', step)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async enable(userId: string, now: Date): Promise<void> {
      await db
        .updateTable('two_factors')
        .set({ enabled_at: now.toISOString(), updated_at: now.toISOString() })
        .where('user_id', '=', userId)
        .execute();
    },

    /** Turns two-factor off: the secret and every recovery code are deleted. */
    async remove(userId: string): Promise<void> {
      await db.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
      await db.deleteFrom('two_factors').where('user_id', '=', userId).execute();
    },

    /** Replaces every recovery code of a member. */
    async replaceRecoveryCodes(
      userId: string,
      codes: { id: string; codeHash: string }[],
      now: Date,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('two_factor_recovery_codes').where('user_id', '=', userId).execute();
        await trx
          .insertInto('two_factor_recovery_codes')
          .values(
            codes.map((code) => ({
              id: code.id,
              user_id: userId,
              code_hash: code.codeHash,
              used_at: null,
              created_at: now.toISOString(),
            })),
          )
          .execute();
      });
    },

    /** Spends an unused recovery code; false when there is none with this hash. */
    async useRecoveryCode(userId: string, codeHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('two_factor_recovery_codes')
        .set({ used_at: now.toISOString() })
        .where('user_id', '=', userId)
        .where('code_hash', '=', codeHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async countUnusedRecoveryCodes(userId: string): Promise<number> {
      const row = await db
        .selectFrom('two_factor_recovery_codes')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}

export type TwoFactorRepository = ReturnType<typeof createTwoFactorRepository>;
