import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A member's current avatar, as the row holds it. */
export interface AvatarRecord {
  sha256: string | null;
  type: string | null;
}

/** The avatar columns of members' rows. */
export function createAvatarRepository(db: Kysely<Database>) {
  return {
    async findOfUser(userId: string): Promise<AvatarRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['picture_sha256', 'picture_type'])
        .where('id', '=', userId)
        .executeTakeFirst();
      return row === undefined ? undefined : { sha256: row.picture_sha256, type: row.picture_type };
    },

    /**
     * Replaces the avatar only if the row still holds `expected` (compare and set), so two
     * uploads at once never both think they replaced the same one; true when it did.
     * `picture` is the profile's URL to go with it ("" when there is no avatar).
     */
    async replace(
      userId: string,
      expected: string | null,
      next: { sha256: string | null; type: string | null; picture: string },
      now: Date,
    ): Promise<boolean> {
      let query = db
        .updateTable('users')
        .set({
          picture_sha256: next.sha256,
          picture_type: next.type,
          picture: next.picture,
          updated_at: now.toISOString(),
        })
        .where('id', '=', userId);
      query =
        expected === null
          ? query.where('picture_sha256', 'is', null)
          : query.where('picture_sha256', '=', expected);
      const result = await query.executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The type of an avatar that is some member's current one, or undefined. */
    async findCurrentType(sha256: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('picture_type')
        .where('picture_sha256', '=', sha256)
        .limit(1)
        .executeTakeFirst();
      return row?.picture_type ?? undefined;
    },
  };
}

export type AvatarRepository = ReturnType<typeof createAvatarRepository>;
