import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { VideoFacts } from './video-facts';

/** Stored playback facts of a content. */
export interface StoredVideoFacts {
  facts: VideoFacts;
  keyframes: number[] | undefined;
}

/** A video to prepare at ingest, as a worker took it. */
export interface PrepareJob {
  sha256: string;
  extension: string;
  /** The API request that queued it (`''` when none), named on the worker's lines. */
  requestId?: string;
}

export type PrepareOutcome = { phase: 'done' } | { phase: 'failed'; reason: string };

/**
 * Playback facts by content hash (migration 0031-video-facts), and the queue of videos to
 * prepare at ingest (0032-video-prepare).
 */
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

    /** Queues a content for preparing; bytes queued before (any phase) are not queued again. */
    async enqueuePrepare(job: PrepareJob, at: string): Promise<void> {
      await db
        .insertInto('video_prepare_jobs')
        .values({
          sha256: job.sha256,
          extension: job.extension,
          request_id: job.requestId ?? '',
          phase: 'pending',
          reason: '',
          created_at: at,
          updated_at: at,
        })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    },

    /**
     * Takes the oldest pending video for a worker, or a running one whose worker's lease ran out:
     * a compare-and-set on the row's phase and lease, so two workers never take the same one.
     */
    async claimPrepare(
      workerId: string,
      stamp: string,
      leaseUntil: string,
    ): Promise<PrepareJob | undefined> {
      const takeable = (eb: ExpressionBuilder<Database, 'video_prepare_jobs'>) =>
        eb.or([
          eb('phase', '=', 'pending'),
          eb.and([eb('phase', '=', 'running'), eb('lease_until', '<', stamp)]),
        ]);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const next = await db
          .selectFrom('video_prepare_jobs')
          .select(['sha256', 'lease_owner', 'lease_until'])
          .where(takeable)
          .orderBy('updated_at')
          .orderBy('sha256')
          .limit(1)
          .executeTakeFirst();
        if (next === undefined) {
          return undefined;
        }
        const taken = await db
          .updateTable('video_prepare_jobs')
          .set({
            phase: 'running',
            lease_owner: workerId,
            lease_until: leaseUntil,
            updated_at: stamp,
          })
          .where('sha256', '=', next.sha256)
          .where(takeable)
          .where((eb) =>
            next.lease_owner === null
              ? eb('lease_owner', 'is', null)
              : eb('lease_owner', '=', next.lease_owner),
          )
          .returning(['sha256', 'extension', 'request_id'])
          .executeTakeFirst();
        if (taken !== undefined) {
          return { sha256: taken.sha256, extension: taken.extension, requestId: taken.request_id };
        }
      }
      return undefined;
    },

    /** Keeps a video this worker is preparing its own for longer. */
    async renewPrepare(sha256: string, workerId: string, leaseUntil: string): Promise<void> {
      await db
        .updateTable('video_prepare_jobs')
        .set({ lease_until: leaseUntil })
        .where('sha256', '=', sha256)
        .where('lease_owner', '=', workerId)
        .execute();
    },

    /**
     * Ends a worker's take of a video: done, failed with a reason, or back to the queue
     * (`pending`, when the node was too busy or is stopping). Nothing when another holds it.
     */
    async settlePrepare(
      sha256: string,
      workerId: string,
      outcome: PrepareOutcome | { phase: 'pending' },
      at: string,
    ): Promise<void> {
      await db
        .updateTable('video_prepare_jobs')
        .set({
          phase: outcome.phase,
          reason: outcome.phase === 'failed' ? outcome.reason : '',
          lease_owner: null,
          lease_until: null,
          updated_at: at,
        })
        .where('sha256', '=', sha256)
        .where('lease_owner', '=', workerId)
        .execute();
    },

    /** Where a content's preparing stands (tests and operators); undefined when never queued. */
    async prepareOf(sha256: string): Promise<{ phase: string; reason: string } | undefined> {
      return db
        .selectFrom('video_prepare_jobs')
        .select(['phase', 'reason'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
    },
  };
}

export type VideoRepository = ReturnType<typeof createVideoRepository>;
