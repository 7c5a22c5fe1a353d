import { describe, expect, it } from 'vitest';
import { startHousekeeping } from './housekeeping';

describe('housekeeping', () => {
  it('purges the trash, expires uploads and their partial data, releases thumbnails, subtitles and storyboards, ends expired data exports, sweeps analytics, stores the statistics of finished days, sweeps old mail outbox records, sweeps guessing counters and expired WebDAV locks, purges accounts past their deletion grace, removes bucket objects of gone tasks and uploads and collects blobs after a grace', async () => {
    const ran: string[] = [];
    const once = (name: string, count: number) => {
      let left = count;
      return () => {
        ran.push(name);
        const handled = left;
        left = 0;
        return Promise.resolve(handled);
      };
    };
    const collectOptions: Array<{ graceMs?: number; limit?: number }> = [];
    const collect = once('blobs', 3);
    const logged: string[] = [];
    const housekeeping = startHousekeeping(
      {
        jobLeases: {
          holder: 'node',
          take: () => Promise.resolve(true),
          extend: () => Promise.resolve(true),
          release: () => Promise.resolve(),
        },
        files: { purgeExpiredTrash: once('trash', 2) },
        uploads: { sweepExpired: once('uploads', 0), removeOrphanParts: once('parts', 1) },
        media: { releaseOrphans: once('media', 1) },
        trackCache: { releaseOrphans: once('tracks', 2) },
        statistics: { sweepExpired: once('analytics', 4) },
        failureSweep: { sweepStale: once('counters', 5) },
        davLocks: { sweepExpired: once('dav-locks', 2) },
        dataExports: { expireDue: once('exports', 1) },
        accountPurge: { purgeBatch: once('accounts', 1) },
        statisticsRollup: { rollupNext: once('rollup', 2) },
        mailer: { sweep: once('mail', 3) },
        sweepParked: once('parked', 1),
        blobs: {
          collectGarbage: async (options = {}) => {
            collectOptions.push(options);
            return { deleted: await collect() };
          },
        },
      } as unknown as Parameters<typeof startHousekeeping>[0],
      {
        info: (_object, message) => logged.push(message),
        error: (_object, message) => logged.push(message),
      },
    );
    await housekeeping.stop();
    expect(new Set(ran)).toEqual(
      new Set([
        'trash',
        'uploads',
        'parts',
        'media',
        'tracks',
        'analytics',
        'counters',
        'dav-locks',
        'exports',
        'accounts',
        'rollup',
        'mail',
        'parked',
        'blobs',
      ]),
    );
    expect(collectOptions[0]?.graceMs).toBe(3_600_000);
    expect(logged.sort()).toEqual([
      'accounts past their deletion grace handled',
      'bucket objects of gone tasks and uploads removed',
      "days of the dashboard's statistics stored",
      'expired WebDAV locks deleted',
      'expired analytics events deleted',
      'expired data exports ended',
      'expired trash deleted',
      'old mail outbox records deleted',
      'partial upload data without an upload removed',
      'stale guessing counters deleted',
      'subtitles and storyboards of deleted content released',
      'thumbnails of deleted content released',
      'unreferenced blobs deleted',
    ]);
  });
});
