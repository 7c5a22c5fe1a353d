import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Deletion requests on members' rows. */
export function createAccountDeletionRepository(db: Kysely<Database>) {
  return {
    /** Marks an active account as asking to be deleted; false when it was not active. */
    async request(userId: string, now: Date): Promise<boolean> {
      const stamp = now.toISOString();
      const result = await db
        .updateTable('users')
        .set({ status: 'under_review', deletion_requested_at: stamp, updated_at: stamp })
        .where('id', '=', userId)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Withdraws the request made at `requestedAt`: the account is active again. */
    async cancel(userId: string, requestedAt: string, now: Date): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ status: 'active', deletion_requested_at: null, updated_at: now.toISOString() })
        .where('id', '=', userId)
        .where('status', '=', 'under_review')
        .where('deletion_requested_at', '=', requestedAt)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
  };
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
