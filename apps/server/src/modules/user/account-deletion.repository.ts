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
  };
}

export type AccountDeletionRepository = ReturnType<typeof createAccountDeletionRepository>;
