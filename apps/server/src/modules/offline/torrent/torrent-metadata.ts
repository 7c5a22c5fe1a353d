import parseTorrent from 'parse-torrent';
import { policyToWire, type FetchPolicy } from '../fetch-guard';
import { DownloadFailure } from '../download-failure';
import { guardTrackers } from './torrent-guard';
import { startTorrentSession, untilAborted, type TorrentThreadScript } from './torrent-session';
import { entriesOf, parseTorrentBytes, type TorrentEntry } from './torrent-source';

/** A torrent's metadata as the swarm gave it. */
export interface TorrentMetadata {
  infoHash: string;
  name: string;
  files: TorrentEntry[];
  /** The torrent's `info` dictionary, decoded (what `torrentFileOf` writes). */
  info: unknown;
}

export interface TorrentMetadataOptions {
  policy: FetchPolicy;
  /** Whether peers are also looked for in the DHT. */
  dht: boolean;
  /** Longest one resolution waits for the swarm. */
  timeoutMs: number;
  /** How long fetched metadata is remembered. */
  cacheMs?: number;
  /** Most torrents remembered at once. */
  cacheEntries?: number;
  /** Most resolutions running at once (each is a BitTorrent client in a thread of its own). */
  concurrency?: number;
  /** The script of torrent threads (`torrent-session.ts`). */
  thread: TorrentThreadScript;
  /** Where a thread that failed is told of. */
  logger?: { error(object: unknown, message: string): void };
  now?: () => number;
}

/** The metadata of a parsed `.torrent` (or of `torrentFileOf`'s bytes). */
export function metadataOf(parsed: parseTorrent.ParsedTorrent): TorrentMetadata {
  return {
    infoHash: parsed.infoHash,
    name: parsed.name ?? '',
    files: entriesOf(parsed),
    info: parsed.info,
  };
}

/**
 * Fetches a magnet link's metadata (its file list) from the swarm, and nothing else: the client
 * runs in a thread of its own (`torrent-session.ts`: whatever the libraries throw fails that
 * lookup only), reaches trackers and peers only through the guard (`torrent-thread.ts`), keeps
 * pieces in memory if at all and drops the torrent the moment the metadata arrives, before any
 * piece is asked for.
 * A resolution gives up after `timeoutMs` (`torrent_metadata_timeout`); a magnet link whose
 * trackers are all outside the rules (or that has none while the DHT is off) fails at once like
 * any blocked link (`fetch_failed`). Fetched metadata is remembered for `cacheMs` by info hash,
 * so the task created after a check (or two checks of one link) does not ask the swarm again;
 * two resolutions of one info hash at once share one client.
 */
export function createTorrentMetadata(options: TorrentMetadataOptions) {
  const cacheMs = options.cacheMs ?? 15 * 60_000;
  const cacheEntries = options.cacheEntries ?? 200;
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const now = options.now ?? Date.now;
  const cache = new Map<string, { metadata: TorrentMetadata; until: number }>();
  const inFlight = new Map<string, Promise<TorrentMetadata>>();
  let running = 0;
  const waiting: (() => void)[] = [];

  function cached(infoHash: string): TorrentMetadata | undefined {
    const entry = cache.get(infoHash);
    if (entry === undefined) {
      return undefined;
    }
    if (entry.until <= now()) {
      cache.delete(infoHash);
      return undefined;
    }
    return entry.metadata;
  }

  function remember(metadata: TorrentMetadata): void {
    cache.delete(metadata.infoHash);
    cache.set(metadata.infoHash, { metadata, until: now() + cacheMs });
    while (cache.size > cacheEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) {
        break;
      }
      cache.delete(oldest);
    }
  }

  /** Waits for a free slot; false when the signal ended the wait. */
  async function slot(signal: AbortSignal): Promise<boolean> {
    while (running >= concurrency) {
      if (signal.aborted) {
        return false;
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          signal.removeEventListener('abort', wake);
          resolve();
        };
        waiting.push(wake);
        signal.addEventListener('abort', wake, { once: true });
      });
    }
    if (signal.aborted) {
      return false;
    }
    running += 1;
    return true;
  }

  function release(): void {
    running -= 1;
    waiting.shift()?.();
  }

  async function fetchFromSwarm(
    parsed: parseTorrent.ParsedTorrent,
    signal: AbortSignal,
  ): Promise<TorrentMetadata> {
    const trackers = await guardTrackers(parsed.announce ?? [], options.policy);
    if (trackers.announce.length === 0 && (trackers.refused.length > 0 || !options.dht)) {
      throw new DownloadFailure('fetch_failed');
    }
    const script = await options.thread();
    if (!(await slot(signal))) {
      throw new DownloadFailure('torrent_metadata_timeout');
    }
    const session = startTorrentSession(
      script,
      {
        kind: 'metadata',
        policy: policyToWire(options.policy),
        dht: options.dht,
        source: { magnet: parseTorrent.toMagnetURI(parsed) },
        announce: trackers.announce,
      },
      options.logger,
    );
    try {
      const metadata = await untilAborted(session.metadata, signal).catch(() => {
        // Out of time, or the thread failed (what it tried is logged there).
        throw new DownloadFailure(signal.aborted ? 'torrent_metadata_timeout' : 'fetch_failed');
      });
      const read = parseTorrentBytes(Buffer.from(metadata.torrent));
      if (!read || read.infoHash !== parsed.infoHash) {
        throw new DownloadFailure('torrent_unreadable');
      }
      return metadataOf(read);
    } finally {
      await session.close();
      release();
    }
  }

  return {
    cached,
    remember,

    /**
     * A magnet link's metadata: from memory when fetched lately, else from the swarm within
     * `timeoutMs` (or until `signal` ends the wait). Fails with a `DownloadFailure`.
     */
    async resolve(magnet: string, signal?: AbortSignal): Promise<TorrentMetadata> {
      let parsed: parseTorrent.ParsedTorrent;
      try {
        parsed = parseTorrent(magnet);
      } catch {
        throw new DownloadFailure('torrent_unreadable');
      }
      const known = cached(parsed.infoHash);
      if (known !== undefined) {
        return known;
      }
      const pending = inFlight.get(parsed.infoHash);
      if (pending !== undefined) {
        return pending;
      }
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const limit = signal === undefined ? timeout : AbortSignal.any([timeout, signal]);
      const fetching = fetchFromSwarm(parsed, limit)
        .then((metadata) => {
          remember(metadata);
          return metadata;
        })
        .finally(() => inFlight.delete(parsed.infoHash));
      inFlight.set(parsed.infoHash, fetching);
      return fetching;
    },
  };
}

export type TorrentMetadataResolver = ReturnType<typeof createTorrentMetadata>;
