import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VideoFacts } from './video-facts';

/** Stored playback facts of a content. */
export interface StoredVideoFacts {
  facts: VideoFacts;
  keyframes: number[] | undefined;
}

/** Playback facts by content hash (migration 0031-video-facts). */
export function createVideoRepository(db: Kysely<Database>) {
  return {
    async find(sha256: string): Promise<StoredVideoFacts | undefined> {
      const row = await db
        .selectFrom('video_facts')
        .select(['facts', 'keyframes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (row === undefined) {
        return undefined;
      }
      return {
        facts: JSON.parse(row.facts) as VideoFacts,
        keyframes: row.keyframes === null ? undefined : (JSON.parse(row.keyframes) as number[]),
      };
    },

    /** Records facts once; a second probe of the same bytes (another node) changes nothing. */
    async save(sha256: string, facts: VideoFacts, at: string): Promise<void> {
      await db
        .insertInto('video_facts')
        .values({ sha256, facts: JSON.stringify(facts), keyframes: null, probed_at: at })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    async saveKeyframes(sha256: string, keyframes: number[]): Promise<void> {
      await db
        .updateTable('video_facts')
        .set({ keyframes: JSON.stringify(keyframes) })
        .where('sha256', '=', sha256)
        .execute();
    },
  };
}

export type VideoRepository = ReturnType<typeof createVideoRepository>;
