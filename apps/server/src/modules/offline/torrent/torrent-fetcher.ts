import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import parseTorrent from 'parse-torrent';
import { safeFileName } from '@nimbus/contracts';
import type { FileService } from '../../drive/file.service';
import type { BlobService } from '../../storage/blob.service';
import type { ContentDigest } from '../../storage/content-hash';
import type { TaskPatch } from '../../task/task.repository';
import { policyToWire, type FetchPolicy } from '../fetch-guard';
import { DownloadFailure } from '../download-failure';
import { guardTrackers } from './torrent-guard';
import { metadataOf, type TorrentMetadataResolver } from './torrent-metadata';
import { startTorrentSession, untilAborted, type TorrentThreadScript } from './torrent-session';
import {
  entriesOf,
  listingParam,
  parseTorrentBytes,
  refusalOf,
  safeEntrySegments,
  torrentFileOf,
  type TorrentEntry,
} from './torrent-source';
import type { TorrentSourceRepository } from './torrent.repository';

/** One torrent task as the offline worker hands it over. */
export interface TorrentJob {
  taskId: string;
  userId: string;
  /** The task's magnet link (`tasks.source_url`). */
  magnet: string;
  /** Aborted when the member pauses or deletes the task, or it runs out of time. */
  signal: AbortSignal;
  /** Bytes the member may still store, less what their other running downloads take. */
  available: number;
  /** Bytes the member may still store now (the quota less the stored files), asked while pieces arrive. */
  room(): Promise<number>;
  /** Bytes of the plan's monthly offline traffic left. */
  trafficLeft: number;
  /** Books bytes received from peers as the month's traffic; answers what is left of it (below 0: used up). */
  charge(bytes: number): Promise<number>;
  /** The folder the torrent's folder goes in. */
  targetFolder(): Promise<string>;
  /**
   * The task's own folder for pieces: kept when the task stops (a pause, a worker stopping or
   * dying), so the next run verifies what is there and fetches only the rest; the worker removes
   * it when the task ends.
   */
  workDir: string;
  /** Writes what the task shows (name, size, progress, params) and the bytes it holds the room for. */
  update(patch: TaskPatch & { fetchedBytes?: number }): Promise<void>;
}

/** The folder the chosen files landed in. */
export interface TorrentResult {
  folderId: string;
  folderName: string;
  size: number;
  /** Bytes received from peers by this run (pieces verified on disk are not fetched again), booked as traffic through `charge`. */
  fetched: number;
}

export interface TorrentFetcher {
  fetch(job: TorrentJob): Promise<TorrentResult>;
}

export interface TorrentFetcherOptions {
  policy: FetchPolicy;
  sources: TorrentSourceRepository;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  files: Pick<FileService, 'createTree'>;
  /** Largest download (all chosen files together). */
  maxBytes: number;
  /** Whether peers are also looked for in the DHT (production default); off in tests. */
  dht: boolean;
  /** Metadata fetched lately (by the URL checker): a magnet task found there does not ask the swarm again. */
  metadata?: Pick<TorrentMetadataResolver, 'cached' | 'remember'>;
  /** The script of torrent threads (`torrent-session.ts`). */
  thread: TorrentThreadScript;
  /** Where a thread that failed is told of. */
  logger?: { error(object: unknown, message: string): void };
}

/**
 * Fetches the chosen files of a torrent (webtorrent 1.x, in a thread of its own: whatever the
 * libraries throw fails this task only, see `torrent-session.ts`) behind the SSRF rules of
 * `torrent-guard.ts` and `socket-guard.ts`: the metadata comes first (from the `.torrent` file
 * or from peers) and the task lists the files; then each chosen file is streamed into the blob
 * store, hashed on the way, and at the end they are filed in a folder named after the torrent. Nothing appears in the
 * drive unless every chosen file arrived whole. Web seeds, local peer discovery and uTP are not
 * used; the DHT only where configured.
 *
 * A magnet task's metadata, once known (from the swarm or from the URL checker's cache), is kept
 * with the task (`torrent_sources.torrent`), and pieces are written to the task's own folder
 * (`job.workDir`): a task that runs again after a pause or a crash re-verifies the pieces there
 * and asks peers only for the missing ones.
 */
export function createTorrentFetcher(options: TorrentFetcherOptions): TorrentFetcher {
  return {
    async fetch(job) {
      const source = await options.sources.find(job.taskId);
      let parsed =
        source.torrent === undefined ? parseMagnet(job.magnet) : parseTorrentBytes(source.torrent);
      if (!parsed) {
        throw new DownloadFailure('torrent_unreadable');
      }
      let knownMetadata = source.torrent !== undefined;
      const cached = knownMetadata ? undefined : options.metadata?.cached(parsed.infoHash);
      if (cached !== undefined) {
        // Fetched lately by the URL checker: kept with the task, and not asked for again.
        const bytes = torrentFileOf(cached.info, parsed.announce ?? []);
        parsed = parseTorrentBytes(bytes) ?? parsed;
        await options.sources.saveTorrent(job.taskId, bytes);
        knownMetadata = true;
      }
      const trackers = await guardTrackers(parsed.announce ?? [], options.policy);
      if (trackers.announce.length === 0 && (trackers.refused.length > 0 || !options.dht)) {
        // Every tracker is outside the rules (or there is none and no DHT): nothing may be asked.
        throw new DownloadFailure('fetch_failed');
      }
      const workDir = job.workDir;
      await fs.mkdir(workDir, { recursive: true });
      const session = startTorrentSession(
        await options.thread(),
        {
          kind: 'fetch',
          policy: policyToWire(options.policy),
          dht: options.dht,
          source: knownMetadata
            ? { torrent: torrentFileOf(parsed.info, []) }
            : { magnet: job.magnet },
          announce: trackers.announce,
          // Only the chosen files are selected from the start (BEP 53), so no other piece is asked for.
          ...(source.files === null ? {} : { select: source.files }),
          path: workDir,
          limits: {
            maxBytes: options.maxBytes,
            available: job.available,
            trafficLeft: job.trafficLeft,
          },
        },
        options.logger,
      );
      /** Blobs streamed in whose reference no file holds yet (released when the task fails). */
      const held = new Map<number, ContentDigest>();
      /** Bytes received from peers that are booked as traffic. */
      let charged = 0;
      /** Books what peers sent and is not booked yet (`received`: all they sent); answers the month's traffic left (Infinity when nothing came). */
      const charge = async (received: number): Promise<number> => {
        const bytes = received - charged;
        if (bytes <= 0) {
          return Number.POSITIVE_INFINITY;
        }
        charged += bytes;
        return job.charge(bytes);
      };
      /** Set once pieces may flow: what came in until the thread closed is booked then. */
      let chargeRest = false;
      try {
        const metadata = await untilAborted(session.metadata, job.signal);
        // The thread chose what to fetch the moment it had the metadata, by the same rules
        // (`refusalOf`): a refused torrent has nothing selected, and no piece was asked for. Room
        // for every chosen file; while the task runs their whole size counts as taken for the
        // member's other downloads (the task's `fetched_bytes`).
        const entries = entriesOf({
          ...parsed,
          name: metadata.name,
          files: metadata.files.map((file, index) => ({ ...file, offset: index })),
        });
        const name = safeFileName(metadata.name || parsed.infoHash) || 'download';
        const picked = (source.files ?? entries.map((entry) => entry.index))
          .filter((index) => index < entries.length)
          .map((index) => entries[index] as TorrentEntry);
        const total = picked.reduce((sum, entry) => sum + entry.size, 0);
        const refusal = refusalOf(
          entries.map((entry) => entry.size),
          source.files,
          { maxBytes: options.maxBytes, available: job.available },
        );
        if (!knownMetadata) {
          const read = parseTorrentBytes(Buffer.from(metadata.torrent));
          if (!read || read.infoHash !== parsed.infoHash) {
            throw new DownloadFailure('torrent_unreadable');
          }
          const bytes = torrentFileOf(read.info, parsed.announce ?? []);
          await options.sources.saveTorrent(job.taskId, bytes);
          options.metadata?.remember(metadataOf(read));
        }
        // The task shows the torrent's files (and their size) before any of them is fetched.
        await job.update({
          name,
          fileName: name,
          params: { url: job.magnet, speed: '0', eta: '', files: listingParam(entries) },
        });
        if (refusal !== undefined) {
          if (refusal !== 'torrent_files_missing') {
            await job.update({ fileSize: total });
          }
          throw new DownloadFailure(refusal);
        }
        await job.update({ fileSize: total, fetchedBytes: total });
        if (!(await untilAborted(session.verified, job.signal))) {
          throw new DownloadFailure('traffic_exhausted');
        }
        chargeRest = true;

        const started = performance.now();
        let failure: Error | undefined;
        let current: Transform | undefined;
        let ticking: Promise<void> | undefined;
        /** Books the traffic, shows the progress and looks at the room again; a failure stops the download. */
        const tick = async () => {
          const stats = await session.stats();
          if ((await charge(stats.received)) < 0) {
            throw new DownloadFailure('traffic_exhausted');
          }
          const elapsed = (performance.now() - started) / 1000;
          const speed = elapsed > 0 ? Math.round(stats.received / elapsed) : 0;
          const progress = total > 0 ? Math.min(99, Math.floor((stats.have / total) * 100)) : 0;
          const eta = speed > 0 ? String(Math.ceil(Math.max(0, total - stats.have) / speed)) : '';
          await job.update({
            progress,
            params: { url: job.magnet, speed: String(speed), eta, files: listingParam(entries) },
          });
          // Room taken meanwhile (an upload, another download filed) that leaves too little for
          // the whole torrent: stop now rather than at the filing; the pieces stay for a retry.
          if (total > (await job.room())) {
            throw new DownloadFailure('space_not_enough');
          }
        };
        const ticker = setInterval(() => {
          if (ticking !== undefined || failure !== undefined) {
            return;
          }
          ticking = tick()
            .catch((error: unknown) => {
              failure = error instanceof Error ? error : new Error(String(error));
              current?.destroy(failure);
            })
            .finally(() => {
              ticking = undefined;
            });
        }, 1000);
        try {
          for (const entry of picked) {
            if (failure !== undefined) {
              throw failure;
            }
            const meter = new Transform({
              transform(chunk: Buffer, _encoding, callback: TransformCallback) {
                callback(null, chunk);
              },
            });
            current = meter;
            const stop = () =>
              meter.destroy(
                job.signal.reason instanceof Error ? job.signal.reason : new Error('stopped'),
              );
            job.signal.addEventListener('abort', stop, { once: true });
            pipeline(session.read(entry.index), meter, () => {
              // Failures reach the blob store through `meter`, which the pipeline destroys with them.
            });
            try {
              const digest = await options.blobs.ingest(meter);
              held.set(entry.index, digest);
              if (digest.size !== entry.size) {
                throw new DownloadFailure('interrupted');
              }
            } catch (error) {
              throw failure ?? error;
            } finally {
              job.signal.removeEventListener('abort', stop);
            }
          }
        } finally {
          clearInterval(ticker);
          await ticking;
          // What came from peers is traffic, whether or not the task goes on (the first failure stands).
          await session
            .stats()
            .then((stats) => charge(stats.received))
            .catch((error: unknown) => {
              failure ??= error instanceof Error ? error : new Error(String(error));
            });
        }
        if (failure !== undefined) {
          throw failure;
        }
        if (job.signal.aborted) {
          throw job.signal.reason as Error;
        }

        // Filed whole or not at all: one transaction books the whole size under the quota (room
        // an upload or another download took meanwhile answers file_space_not_enough).
        const folder = await options.files.createTree(job.userId, {
          name,
          parentId: await job.targetFolder(),
          files: picked.map((entry) => {
            const digest = held.get(entry.index) as ContentDigest;
            const segments = safeEntrySegments(entry.path);
            const fileName = segments.pop() ?? 'download';
            return {
              folders: segments,
              name: fileName,
              blob: { sha256: digest.sha256, gcid: digest.gcid, size: digest.size },
            };
          }),
        });
        // The files hold the references now.
        held.clear();
        return { folderId: folder.id, folderName: folder.name, size: total, fetched: charged };
      } finally {
        for (const digest of held.values()) {
          await options.blobs.release(digest.sha256);
        }
        const received = await session.close();
        if (chargeRest) {
          // Bytes that came in until the connections closed.
          await charge(received).catch(() => undefined);
        }
      }
    },
  };
}

function parseMagnet(magnet: string): parseTorrent.ParsedTorrent | undefined {
  try {
    return parseTorrent(magnet);
  } catch {
    return undefined;
  }
}
