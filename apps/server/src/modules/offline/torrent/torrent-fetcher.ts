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
  /** Bytes the member may still store. */
  available: number;
  /** Bytes of the plan's monthly offline traffic left. */
  trafficLeft: number;
  /** The folder the torrent's folder goes in. */
  targetFolder(): Promise<string>;
  /**
   * The task's own folder for pieces: kept when the task stops (a pause, a worker stopping or
   * dying), so the next run verifies what is there and fetches only the rest; the worker removes
   * it when the task ends.
   */
  workDir: string;
  /** Writes what the task shows (name, size, progress, params). */
  update(patch: TaskPatch): Promise<void>;
}

/** The folder the chosen files landed in. */
export interface TorrentResult {
  folderId: string;
  folderName: string;
  size: number;
  /** Bytes received from peers by this run (pieces verified on disk are not fetched again). */
  fetched: number;
}

export interface TorrentFetcher {
  fetch(job: TorrentJob): Promise<TorrentResult>;
}

export interface TorrentFetcherOptions {
  policy: FetchPolicy;
  sources: TorrentSourceRepository;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  files: Pick<FileService, 'createFolder' | 'createFile'>;
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
      try {
        const id = guardedTorrentId(parsed, trackers.announce);
        // Only the chosen files are selected from the start (BEP 53), so no other piece is asked for.
        const torrent = client.add(source.files === null ? id : { ...id, so: source.files }, { path: workDir });
        await whenReady(torrent, client, job.signal);
        torrent.urlList = [];
        if (!knownMetadata) {
          const info = (torrent as unknown as { info: unknown }).info;
          const bytes = torrentFileOf(info, parsed.announce ?? []);
          await options.sources.saveTorrent(job.taskId, bytes);
          const read = parseTorrentBytes(bytes);
          if (read) {
            options.metadata?.remember(metadataOf(read));
          }
        }
        const entries = entriesOf({ ...parsed, name: torrent.name, files: torrent.files.map((file, index) => ({ path: file.path, name: file.name, length: file.length, offset: index })) });
        const name = segmentName(torrent.name || parsed.infoHash);
        // Metadata first: the task shows the torrent's files before any of them is fetched.
        await job.update({ name, fileName: name, params: { url: job.magnet, speed: '0', eta: '', files: listingParam(entries) } });
        const chosen = source.files ?? entries.map((entry) => entry.index);
        if (chosen.length === 0 || chosen.some((index) => index >= entries.length)) {
          throw new DownloadFailure('torrent_files_missing');
        }
        const picked = chosen.map((index) => entries[index] as TorrentEntry);
        const total = picked.reduce((sum, entry) => sum + entry.size, 0);
        await job.update({ fileSize: total });
        if (total > options.maxBytes) {
          throw new DownloadFailure('too_large');
        }
        if (total > job.available) {
          throw new DownloadFailure('space_not_enough');
        }
        if (total > job.trafficLeft) {
          throw new DownloadFailure('traffic_exhausted');
        }

        torrent.files.forEach((file) => file.deselect());
        torrent.deselect(0, Math.max(0, torrent.pieces.length - 1), false);
        for (const entry of picked) {
          torrent.files[entry.index]?.select();
        }
        const started = performance.now();
        let received = 0;
        let reportedAt = started;
        let writes: Promise<void> = Promise.resolve();
        const report = () => {
          reportedAt = performance.now();
          const elapsed = (reportedAt - started) / 1000;
          const speed = elapsed > 0 ? Math.round(received / elapsed) : 0;
          const progress = total > 0 ? Math.min(99, Math.floor((received / total) * 100)) : 0;
          const eta = speed > 0 ? String(Math.ceil((total - received) / speed)) : '';
          writes = writes.then(() => job.update({ progress, params: { url: job.magnet, speed: String(speed), eta, files: listingParam(entries) } }));
        };
        for (const entry of picked) {
          const file = torrent.files[entry.index];
          if (!file) {
            throw new DownloadFailure('torrent_files_missing');
          }
          const meter = new Transform({
            transform(chunk: Buffer, _encoding, callback: TransformCallback) {
              received += chunk.length;
              if (performance.now() - reportedAt >= 1000) {
                report();
              }
              callback(null, chunk);
            },
          });
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
          } finally {
            job.signal.removeEventListener('abort', stop);
          }
        }
        await writes;
        if (job.signal.aborted) {
          throw job.signal.reason as Error;
        }

        const folder = await options.files.createFolder(job.userId, { name, parentId: await job.targetFolder() });
        const folders = new Map<string, string>([['', folder.id]]);
        const folderOf = async (segments: string[]): Promise<string> => {
          let parentId = folder.id;
          for (let depth = 1; depth <= segments.length; depth += 1) {
            const key = segments.slice(0, depth).join('/');
            const known = folders.get(key);
            if (known !== undefined) {
              parentId = known;
              continue;
            }
            const made = await options.files.createFolder(job.userId, { name: segmentName(segments[depth - 1] ?? ''), parentId });
            folders.set(key, made.id);
            parentId = made.id;
          }
          return parentId;
        };
        for (const entry of picked) {
          const digest = held.get(entry.index) as ContentDigest;
          const segments = entry.path.split('/').filter((segment) => segment !== '');
          const fileName = segmentName(segments.pop() ?? '');
          const parentId = await folderOf(segments);
          await options.files.createFile(job.userId, { name: fileName, parentId, blob: { sha256: digest.sha256, gcid: digest.gcid, size: digest.size } });
          // The file holds the reference now.
          held.delete(entry.index);
        }
        return { folderId: folder.id, folderName: folder.name, size: total, fetched: torrent.downloaded };
      } finally {
        for (const digest of held.values()) {
          await options.blobs.release(digest.sha256);
        }
        await destroyClient(client);
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
