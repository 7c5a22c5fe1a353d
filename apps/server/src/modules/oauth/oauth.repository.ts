import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, DeviceGrantTable, OAuthCodeTable } from '../../db/schema';

export type OAuthCodeRow = Selectable<OAuthCodeTable>;
export type DeviceGrantRow = Selectable<DeviceGrantTable>;

// Spent and expired rows are kept this long after expiry (for replay detection), then dropped.
const retentionMs = 86_400_000;

/** Authorization codes and device authorizations. Secrets arrive here already hashed. */
export function createOAuthRepository(db: Kysely<Database>) {
  return {
    async insertCode(code: Insertable<OAuthCodeTable>): Promise<void> {
      await db.insertInto('oauth_codes').values(code).execute();
    },

    async findCode(codeHash: string): Promise<OAuthCodeRow | undefined> {
      return db
        .selectFrom('oauth_codes')
        .selectAll()
        .where('code_hash', '=', codeHash)
        .executeTakeFirst();
    },

    /**
     * Marks a code spent, with the session its tokens opened (null when it opened none); false,
     * changing nothing, when it was spent already (a replay or a parallel exchange).
     */
    async consumeCode(codeHash: string, now: Date, sessionId: string | null): Promise<boolean> {
      const result = await db
        .updateTable('oauth_codes')
        .set({ consumed_at: now.toISOString(), session_id: sessionId })
        .where('code_hash', '=', codeHash)
        .where('consumed_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Inserts a device authorization; false when its user code is taken by a live one. */
    async insertDeviceGrant(grant: Insertable<DeviceGrantTable>): Promise<boolean> {
      const result = await db
        .insertInto('device_grants')
        .values(grant)
        .onConflict((conflict) => conflict.column('user_code').doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async findDeviceGrantByDeviceCode(deviceCodeHash: string): Promise<DeviceGrantRow | undefined> {
      return db
        .selectFrom('device_grants')
        .selectAll()
        .where('device_code_hash', '=', deviceCodeHash)
        .executeTakeFirst();
    },

    async findDeviceGrantByUserCode(userCode: string): Promise<DeviceGrantRow | undefined> {
      return db
        .selectFrom('device_grants')
        .selectAll()
        .where('user_code', '=', userCode)
        .executeTakeFirst();
    },

    /** Records a poll and, for a poll that came too early, the longer interval. */
    async recordPoll(id: string, now: Date, intervalSeconds: number): Promise<void> {
      await db
        .updateTable('device_grants')
        .set({ last_polled_at: now.toISOString(), interval_seconds: intervalSeconds })
        .where('id', '=', id)
        .execute();
    },

    /** Approves or denies a pending authorization; false when it was no longer pending. */
    async decideDeviceGrant(
      id: string,
      decision: { status: 'approved' | 'denied'; userId: string },
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('device_grants')
        .set({ status: decision.status, user_id: decision.userId, decided_at: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .where('expires_at', '>', now.toISOString())
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks an approved authorization spent; false when another poll spent it first. */
    async consumeDeviceGrant(id: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('device_grants')
        .set({ status: 'consumed', last_polled_at: now.toISOString() })
        .where('id', '=', id)
        .where('status', '=', 'approved')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    async setDeviceGrantSession(id: string, sessionId: string): Promise<void> {
      await db
        .updateTable('device_grants')
        .set({ session_id: sessionId })
        .where('id', '=', id)
        .execute();
    },

    /** Drops codes and device authorizations that expired more than a day ago. */
    async deleteExpired(now: Date): Promise<void> {
      const before = new Date(now.getTime() - retentionMs).toISOString();
      await db.deleteFrom('oauth_codes').where('expires_at', '<', before).execute();
      await db.deleteFrom('device_grants').where('expires_at', '<', before).execute();
    },
  };
}

export type OAuthRepository = ReturnType<typeof createOAuthRepository>;
