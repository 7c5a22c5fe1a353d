import fs from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import parseTorrent from 'parse-torrent';
import type WebTorrent from 'webtorrent';
import type { FileService } from '../../drive/file.service';
import type { BlobService } from '../../storage/blob.service';
import type { ContentDigest } from '../../storage/content-hash';
import type { TaskPatch } from '../../task/task.repository';
import type { FetchPolicy } from '../fetch-guard';
import { DownloadFailure } from '../offline-worker';
import { sourceName } from '../offline.service';
import { createGuardedClient, destroyClient, guardedTorrentId, torrentFileOf } from './torrent-client';
import { guardTrackers } from './torrent-guard';
import { metadataOf, type TorrentMetadataResolver } from './torrent-metadata';
import { entriesOf, listingParam, parseTorrentBytes, type TorrentEntry } from './torrent-source';
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
}

/** Resolves with the first of the torrent's events, rejects on its error or the job's abort. */
function whenReady(torrent: WebTorrent.Torrent, client: WebTorrent, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    if (signal.aborted) {
      fail(signal.reason);
      return;
    }
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    torrent.once('error', fail);
    client.once('error', fail);
    if (torrent.files.length > 0) {
      resolve();
      return;
    }
    torrent.once('metadata', () => resolve());
  });
}

/**
 * Resolves once the pieces already on disk are verified (`ready`) and `check` passed; `check`
 * runs in the `ready` event, before the torrent asks a peer for a piece: when it throws, nothing
 * is selected and the promise rejects with its error. Rejects on the torrent's error or the
 * job's abort too.
 */
function whenVerified(torrent: WebTorrent.Torrent, signal: AbortSignal, check: () => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) => reject(error instanceof Error ? error : new Error(String(error)));
    const run = () => {
      try {
        check();
        resolve();
      } catch (error) {
        torrent.files.forEach((file) => file.deselect());
        fail(error);
      }
    };
    if (signal.aborted) {
      fail(signal.reason);
      return;
    }
    if (torrent.ready) {
      run();
      return;
    }
    signal.addEventListener('abort', () => fail(signal.reason), { once: true });
    torrent.once('error', fail);
    torrent.once('ready', run);
  });
}

/** Bytes of the pieces the chosen files still lack: what is left to fetch from peers. */
export function piecesLeft(torrent: Pick<WebTorrent.Torrent, 'pieces' | 'pieceLength' | 'lastPieceLength' | 'bitfield' | 'files'>, picked: readonly { index: number }[]): number {
  const missing = new Set<number>();
  for (const entry of picked) {
    const file = torrent.files[entry.index];
    if (!file || file.length === 0) {
      continue;
    }
    const first = Math.floor(file.offset / torrent.pieceLength);
    const last = Math.floor((file.offset + file.length - 1) / torrent.pieceLength);
    for (let index = first; index <= last; index += 1) {
      if (!torrent.bitfield?.get(index)) {
        missing.add(index);
      }
    }
  }
  let bytes = 0;
  for (const index of missing) {
    bytes += index === torrent.pieces.length - 1 ? torrent.lastPieceLength : torrent.pieceLength;
  }
  return bytes;
}

/** A name the drive takes for one path segment of the torrent. */
function segmentName(segment: string): string {
  return sourceName(segment) || 'download';
}

/**
 * Fetches the chosen files of a torrent (webtorrent 1.x) behind the SSRF rules of
 * `torrent-guard.ts`: the metadata comes first (from the `.torrent` file or from peers) and the
 * task lists the files; then each chosen file is streamed into the blob store, hashed on the
 * way, and at the end they are filed in a folder named after the torrent. Nothing appears in the
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
      let parsed = source.torrent === undefined ? parseMagnet(job.magnet) : parseTorrentBytes(source.torrent);
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
      const client = createGuardedClient(options.policy, options.dht);
      /** Blobs streamed in whose reference no file holds yet (released when the task fails). */
      const held = new Map<number, ContentDigest>();
      /** Books what peers sent and is not booked yet (set once pieces may flow). */
      let chargeRest: (() => Promise<number>) | undefined;
      try {
        const id = guardedTorrentId(parsed, trackers.announce);
        // Only the chosen files are selected from the start (BEP 53), so no other piece is asked for.
        const torrent = client.add(source.files === null ? id : { ...id, so: source.files }, { path: workDir });
        await whenReady(torrent, client, job.signal);
        torrent.urlList = [];
        // The checks below run as soon as the metadata is known, before anything is awaited: the
        // pieces on disk are being verified, and once they are a peer met for the metadata is
        // asked for pieces at once.
        const entries = entriesOf({ ...parsed, name: torrent.name, files: torrent.files.map((file, index) => ({ path: file.path, name: file.name, length: file.length, offset: index })) });
        const name = segmentName(torrent.name || parsed.infoHash);
        const chosen = source.files ?? entries.map((entry) => entry.index);
        const picked = chosen.filter((index) => index < entries.length).map((index) => entries[index] as TorrentEntry);
        const total = picked.reduce((sum, entry) => sum + entry.size, 0);
        // Room for every chosen file; while the task runs their whole size counts as taken for
        // the member's other downloads (the task's `fetched_bytes`).
        const refusal =
          chosen.length === 0 || picked.length !== chosen.length
            ? new DownloadFailure('torrent_files_missing')
            : total > options.maxBytes
              ? new DownloadFailure('too_large')
              : total > job.available
                ? new DownloadFailure('space_not_enough')
                : undefined;
        torrent.files.forEach((file) => file.deselect());
        torrent.deselect(0, Math.max(0, torrent.pieces.length - 1), false);
        // The pieces kept on disk (a paused, stopped or failed run) are verified first: only the
        // rest is fetched, and only the rest must fit in the month's traffic (looked at as the
        // verification ends, before a piece is asked for).
        let verified: Promise<void> | undefined;
        if (refusal === undefined) {
          for (const entry of picked) {
            torrent.files[entry.index]?.select();
          }
          verified = whenVerified(torrent, job.signal, () => {
            if (piecesLeft(torrent, picked) > job.trafficLeft) {
              throw new DownloadFailure('traffic_exhausted');
            }
          });
          // Awaited below; a failure before then must not go unhandled.
          verified.catch(() => undefined);
        }
        if (!knownMetadata) {
          const info = (torrent as unknown as { info: unknown }).info;
          const bytes = torrentFileOf(info, parsed.announce ?? []);
          await options.sources.saveTorrent(job.taskId, bytes);
          const read = parseTorrentBytes(bytes);
          if (read) {
            options.metadata?.remember(metadataOf(read));
          }
        }
        // The task shows the torrent's files (and their size) before any of them is fetched.
        await job.update({ name, fileName: name, params: { url: job.magnet, speed: '0', eta: '', files: listingParam(entries) } });
        if (refusal !== undefined) {
          if (refusal.key !== 'torrent_files_missing') {
            await job.update({ fileSize: total });
          }
          throw refusal;
        }
        await job.update({ fileSize: total, fetchedBytes: total });
        await verified;

        const started = performance.now();
        /** Bytes received from peers that are booked as traffic. */
        let charged = 0;
        /** Books what peers sent since the last call; answers the month's traffic left (Infinity when nothing came). */
        const charge = async (): Promise<number> => {
          const bytes = torrent.received - charged;
          if (bytes <= 0) {
            return Number.POSITIVE_INFINITY;
          }
          charged += bytes;
          return job.charge(bytes);
        };
        chargeRest = charge;
        let failure: Error | undefined;
        let current: Transform | undefined;
        let ticking: Promise<void> | undefined;
        /** Books the traffic, shows the progress and looks at the room again; a failure stops the download. */
        const tick = async () => {
          if ((await charge()) < 0) {
            throw new DownloadFailure('traffic_exhausted');
          }
          const elapsed = (performance.now() - started) / 1000;
          const speed = elapsed > 0 ? Math.round(torrent.received / elapsed) : 0;
          const have = picked.reduce((sum, entry) => sum + (torrent.files[entry.index]?.downloaded ?? 0), 0);
          const progress = total > 0 ? Math.min(99, Math.floor((have / total) * 100)) : 0;
          const eta = speed > 0 ? String(Math.ceil(Math.max(0, total - have) / speed)) : '';
          await job.update({ progress, params: { url: job.magnet, speed: String(speed), eta, files: listingParam(entries) } });
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
            const file = torrent.files[entry.index];
            if (!file) {
              throw new DownloadFailure('torrent_files_missing');
            }
            if (failure !== undefined) {
              throw failure;
            }
            const meter = new Transform({
              transform(chunk: Buffer, _encoding, callback: TransformCallback) {
                callback(null, chunk);
              },
            });
            current = meter;
            const stop = () => meter.destroy(job.signal.reason instanceof Error ? job.signal.reason : new Error('stopped'));
            job.signal.addEventListener('abort', stop, { once: true });
            pipeline(file.createReadStream(), meter, () => {
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
          await charge().catch((error: unknown) => {
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
            const segments = entry.path.split('/').filter((segment) => segment !== '').map(segmentName);
            const fileName = segments.pop() ?? 'download';
            return { folders: segments, name: fileName, blob: { sha256: digest.sha256, gcid: digest.gcid, size: digest.size } };
          }),
        });
        // The files hold the references now.
        held.clear();
        return { folderId: folder.id, folderName: folder.name, size: total, fetched: torrent.received };
      } finally {
        for (const digest of held.values()) {
          await options.blobs.release(digest.sha256);
        }
        await destroyClient(client);
        // Bytes that came in until the connections closed.
        await chargeRest?.().catch(() => undefined);
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
