import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { FetchPolicyWire } from '../fetch-guard';

/**
 * What a torrent thread runs (`torrent-thread.ts`): one torrent with a BitTorrent client of its
 * own, held to the address rules. `metadata`: fetches a magnet link's metadata and nothing else
 * (pieces in memory if at all, none asked for). `fetch`: fetches the files the caller selects,
 * keeping pieces in `path`.
 */
export interface TorrentThreadJob {
  kind: 'metadata' | 'fetch';
  policy: FetchPolicyWire;
  dht: boolean;
  /** The torrent: a magnet link, or the bytes of a `.torrent` file (metadata known). */
  source: { magnet: string } | { torrent: Uint8Array };
  /** The checked trackers (`guardTrackers`), the only ones asked. */
  announce: string[];
  /** `fetch`: the files to fetch, by index (BEP 53 selects them first); every file when absent. */
  select?: number[];
  /** `fetch`: the folder of the pieces. */
  path?: string;
  /**
   * `fetch`: what the chosen files must fit in. Checked in the thread the moment the metadata is
   * known (`refusalOf`, and the traffic once the pieces on disk are verified), so no piece is
   * asked for before: a refused torrent selects nothing.
   */
  limits?: { maxBytes: number; available: number; trafficLeft: number };
}

/** A torrent's metadata as the thread read it. */
export interface ThreadMetadata {
  name: string;
  /** A `.torrent` file of the metadata, without trackers (`torrentFileOf(info, [])`). */
  torrent: Uint8Array;
  files: { path: string; name: string; length: number }[];
}

/** What the thread is told. */
export type ToThread =
  | { type: 'stats'; id: number }
  | { type: 'read'; index: number }
  | { type: 'pull' }
  | { type: 'close' };

/** What the thread tells. */
export type FromThread =
  | { type: 'metadata'; metadata: ThreadMetadata }
  | { type: 'verified'; fits: boolean }
  | { type: 'stats'; id: number; received: number; have: number }
  | { type: 'chunk'; data: Uint8Array }
  | { type: 'end' }
  | { type: 'read-error'; message: string }
  | { type: 'error'; message: string }
  | { type: 'closed'; received: number };

/** Where the script of torrent threads is: asked when a thread starts. */
export type TorrentThreadScript = () => Promise<URL>;

/**
 * The torrent thread of the built server: `dist/torrent-thread.js`, next to the bundle this
 * module is compiled into (`scripts/build.mjs` writes it next to each server bundle).
 */
export const bundledTorrentThread: TorrentThreadScript = () =>
  Promise.resolve(new URL('./torrent-thread.js', import.meta.url));

/** The thread of a torrent failed (a library threw, it ran out of memory, it could not start) or stopped early. */
export class TorrentThreadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'TorrentThreadError';
  }
}

/** Heap a torrent thread may take before it is stopped (the job fails, the server goes on). */
const threadHeapMb = 512;

/** How long a thread may take to close its client before it is stopped. */
const closeTimeoutMs = 10_000;

/** Settles as `work` does, or rejects with the signal's reason once it is aborted. */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () =>
      reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
    if (signal.aborted) {
      stop();
      return;
    }
    signal.addEventListener('abort', stop, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', stop);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', stop);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** One torrent in a thread of its own. */
export interface TorrentSession {
  /** The metadata once the thread has it (from the `.torrent` file, or from peers). */
  readonly metadata: Promise<ThreadMetadata>;
  /**
   * `fetch`, when the chosen files fit (`refusalOf`): resolves once the pieces on disk are
   * verified, false (and nothing selected) when more than the traffic left is left to fetch.
   */
  readonly verified: Promise<boolean>;
  /** Bytes received from peers so far, and of the selected files the bytes the thread has. */
  stats(): Promise<{ received: number; have: number }>;
  /** The bytes of one file of the torrent, in order, as its pieces arrive. */
  read(index: number): Readable;
  /** Destroys the client and ends the thread; answers the bytes received from peers in all. */
  close(): Promise<number>;
}

/**
 * Runs a torrent in a worker thread of its own (`torrent-thread.ts`), so that whatever the
 * BitTorrent libraries throw, synchronously or in a callback, ends that thread only: every
 * pending call rejects with a `TorrentThreadError` (the task or the check fails), and the server
 * goes on. The thread's heap is capped as well.
 */
export function startTorrentSession(
  script: URL,
  job: TorrentThreadJob,
  logger?: { error(object: unknown, message: string): void },
): TorrentSession {
  const worker = new Worker(script, {
    workerData: job,
    resourceLimits: { maxOldGenerationSizeMb: threadHeapMb },
  });
  let failure: TorrentThreadError | undefined;
  let received = 0;
  let closed = false;
  let nextId = 0;
  const waiting = new Map<
    number,
    { resolve(value: { received: number; have: number }): void; reject(error: Error): void }
  >();
  let onMetadata: { resolve(value: ThreadMetadata): void; reject(error: Error): void } | undefined;
  let onVerified: { resolve(value: boolean): void; reject(error: Error): void } | undefined;
  let onClosed: (() => void) | undefined;
  let reading: Readable | undefined;

  const metadata = new Promise<ThreadMetadata>((resolve, reject) => {
    onMetadata = { resolve, reject };
  });
  const verified = new Promise<boolean>((resolve, reject) => {
    onVerified = { resolve, reject };
  });
  // Awaited by the caller, or not at all; a thread that fails first must not leave them unhandled.
  metadata.catch(() => undefined);
  verified.catch(() => undefined);

  const post = (message: ToThread) => {
    if (failure === undefined && !closed) {
      worker.postMessage(message);
    }
  };

  /** The thread is gone or failed: every call under way fails with `error`. */
  const fail = (error: TorrentThreadError) => {
    failure ??= error;
    onMetadata?.reject(failure);
    onVerified?.reject(failure);
    for (const call of waiting.values()) {
      call.reject(failure);
    }
    waiting.clear();
    reading?.destroy(failure);
    onClosed?.();
  };

  worker.on('message', (message: FromThread) => {
    switch (message.type) {
      case 'metadata':
        onMetadata?.resolve(message.metadata);
        return;
      case 'verified':
        onVerified?.resolve(message.fits);
        return;
      case 'stats': {
        received = message.received;
        waiting.get(message.id)?.resolve({ received: message.received, have: message.have });
        waiting.delete(message.id);
        return;
      }
      case 'chunk':
        reading?.push(
          Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength),
        );
        return;
      case 'end':
        reading?.push(null);
        return;
      case 'read-error':
        reading?.destroy(new TorrentThreadError(message.message));
        return;
      case 'error':
        fail(new TorrentThreadError(message.message));
        return;
      case 'closed':
        received = message.received;
        closed = true;
        onClosed?.();
        return;
      default: {
        const unknown: never = message;
        throw new Error(`unknown message ${String(unknown)}`);
      }
    }
  });
  worker.on('error', (error) => {
    logger?.error({ err: error }, 'torrent thread failed');
    fail(new TorrentThreadError(`the torrent thread failed: ${error.message}`, { cause: error }));
  });
  worker.on('exit', (code) => {
    if (!closed) {
      fail(new TorrentThreadError(`the torrent thread stopped (exit ${code})`));
    }
  });

  return {
    metadata,
    verified,

    stats() {
      if (failure !== undefined) {
        return Promise.reject(failure);
      }
      nextId += 1;
      const id = nextId;
      const answer = new Promise<{ received: number; have: number }>((resolve, reject) =>
        waiting.set(id, { resolve, reject }),
      );
      post({ type: 'stats', id });
      return answer;
    },

    read(index) {
      // Each chunk is asked for when the reader wants one: the thread never runs ahead of the disk.
      const stream = new Readable({
        read: () => post({ type: 'pull' }),
      });
      if (failure !== undefined) {
        stream.destroy(failure);
        return stream;
      }
      reading = stream;
      post({ type: 'read', index });
      return stream;
    },

    async close() {
      if (!closed && failure === undefined) {
        const done = new Promise<void>((resolve) => {
          onClosed = resolve;
        });
        post({ type: 'close' });
        const timer = setTimeout(() => onClosed?.(), closeTimeoutMs);
        await done;
        clearTimeout(timer);
      }
      closed = true;
      await worker.terminate();
      return received;
    },
  };
}
