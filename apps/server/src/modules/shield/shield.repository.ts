import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CaptchaTokenTable, Database, ShieldChallengeTable } from '../../db/schema';

export type ShieldChallengeRow = Selectable<ShieldChallengeTable>;
export type CaptchaTokenRow = Selectable<CaptchaTokenTable>;

/** Challenges and captcha tokens of the captcha shield. Tokens arrive here already hashed. */
export function createShieldRepository(db: Kysely<Database>) {
  return {
    async insertChallenge(challenge: Insertable<ShieldChallengeTable>): Promise<void> {
      await db.insertInto('shield_challenges').values(challenge).execute();
    },

    async findChallenge(id: string): Promise<ShieldChallengeRow | undefined> {
      return db.selectFrom('shield_challenges').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Marks a challenge solved, once: false when it was solved already. */
    async markSolved(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('shield_challenges')
        .set({ solved_at: now.toISOString() })
        .where('id', '=', id)
        .where('solved_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async insertToken(token: Insertable<CaptchaTokenTable>): Promise<void> {
      await db.insertInto('captcha_tokens').values(token).execute();
    },

    async findToken(tokenHash: string): Promise<CaptchaTokenRow | undefined> {
      return db
        .selectFrom('captcha_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Spends a token, once: false when it was spent already. */
    async consumeToken(tokenHash: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('captcha_tokens')
        .set({ consumed_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Spends the token a client replaces, if it is that client's on that device. */
    async revokeToken(
      tokenHash: string,
      clientId: string,
      deviceId: string,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('captcha_tokens')
        .set({ consumed_at: now.toISOString() })
        .where('token_hash', '=', tokenHash)
        .where('client_id', '=', clientId)
        .where('device_id', '=', deviceId)
        .where('consumed_at', 'is', null)
        .execute();
    },

    /** Drops challenges and tokens that expired before `before`. */
    async deleteExpired(before: Date): Promise<void> {
      const cutoff = before.toISOString();
      await db.deleteFrom('shield_challenges').where('expires_at', '<', cutoff).execute();
      await db.deleteFrom('captcha_tokens').where('expires_at', '<', cutoff).execute();
    },
  };
}

export type ShieldRepository = ReturnType<typeof createShieldRepository>;
