import type { Readable } from 'node:stream';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import MemoryChunkStore from 'memory-chunk-store';
import parseTorrent from 'parse-torrent';
import type WebTorrent from 'webtorrent';
import { policyFromWire } from '../fetch-guard';
import { guardSockets } from '../socket-guard';
import {
  createGuardedClient,
  guardedTorrentId,
  keepAnnouncing,
  piecesLeft,
} from './torrent-client';
import { refusalOf, torrentFileOf } from './torrent-source';
import type { FromThread, ToThread, TorrentThreadJob } from './torrent-session';

/**
 * A torrent thread (started by `torrent-session.ts`): one torrent, one BitTorrent client
 * (webtorrent), in a worker thread of its own. Every socket of the thread is held to the address
 * rules first (`guardSockets`: each tracker request and each of its redirects, http or https,
 * each peer, each DHT packet, checked before it goes out). Whatever the libraries throw ends this
 * thread only; the session fails the job.
 */

function run(job: TorrentThreadJob, port: NonNullable<typeof parentPort>): void {
  const post = (message: FromThread, transfer?: ArrayBuffer[]) =>
    port.postMessage(message, transfer);
  const policy = policyFromWire(job.policy);
  guardSockets(policy);

  const parsed =
    'magnet' in job.source
      ? parseTorrent(job.source.magnet)
      : parseTorrent(Buffer.from(job.source.torrent));
  const id = guardedTorrentId(parsed, job.announce);
  const client = createGuardedClient(policy, job.dht);
  const fail = (error: unknown) =>
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  client.on('error', fail);
  const torrent: WebTorrent.Torrent = client.add(
    job.select === undefined ? id : { ...id, so: job.select },
    job.kind === 'metadata'
      ? { store: MemoryChunkStore, storeCacheSlots: 0, destroyStoreOnDestroy: true }
      : { path: job.path },
  );
  torrent.on('error', fail);
  const stopAnnouncing = keepAnnouncing(torrent);
  let picked: number[] = [];

  /** Runs once the pieces on disk are verified, before a peer is asked for a piece. */
  const verified = (trafficLeft: number) => {
    const fits = piecesLeft(torrent, picked) <= trafficLeft;
    if (!fits) {
      torrent.files.forEach((file) => file.deselect());
    }
    post({ type: 'verified', fits });
  };

  torrent.once('metadata', () => {
    const info = (torrent as unknown as { info: unknown }).info;
    if (job.kind === 'metadata') {
      // No piece is asked for: the torrent goes before it is ready.
      torrent.destroy();
    } else {
      // Decided at once, as the pieces on disk are being verified: only chosen files that fit
      // are selected, and the traffic is looked at as the verification ends, before a peer is
      // asked for a piece. (A torrent with nothing selected counts as complete and would tell its
      // trackers so, which then name it no seeders: the choice cannot wait for the caller.)
      torrent.urlList = [];
      torrent.files.forEach((file) => file.deselect());
      torrent.deselect(0, Math.max(0, torrent.pieces.length - 1), false);
      const limits = job.limits ?? { maxBytes: 0, available: 0, trafficLeft: 0 };
      const sizes = torrent.files.map((file) => file.length);
      if (refusalOf(sizes, job.select ?? null, limits) === undefined) {
        picked = job.select ?? sizes.map((_size, index) => index);
        for (const index of picked) {
          torrent.files[index]?.select();
        }
        if (torrent.ready) {
          verified(limits.trafficLeft);
        } else {
          torrent.once('ready', () => verified(limits.trafficLeft));
        }
      }
    }
    post({
      type: 'metadata',
      metadata: {
        name: torrent.name,
        torrent: torrentFileOf(info, []),
        files: torrent.files.map((file) => ({
          path: file.path,
          name: file.name,
          length: file.length,
        })),
      },
    });
  });

  let reading: Readable | undefined;
  let wanted = 0;
  const pump = () => {
    while (reading !== undefined && wanted > 0) {
      const chunk = reading.read() as Buffer | null;
      if (chunk === null) {
        return;
      }
      wanted -= 1;
      // A copy of its own, handed over (the chunk may be a view of a larger buffer).
      const data = new Uint8Array(chunk);
      post({ type: 'chunk', data }, [data.buffer]);
    }
  };

  port.on('message', (message: ToThread) => {
    switch (message.type) {
      case 'stats': {
        const have = picked.reduce(
          (sum, index) => sum + (torrent.files[index]?.downloaded ?? 0),
          0,
        );
        post({ type: 'stats', id: message.id, received: torrent.received, have });
        return;
      }
      case 'read': {
        reading?.destroy();
        wanted = 0;
        const file = torrent.files[message.index];
        if (file === undefined) {
          post({ type: 'read-error', message: 'no such file' });
          return;
        }
        const stream = file.createReadStream();
        reading = stream;
        stream.on('readable', pump);
        stream.once('end', () => post({ type: 'end' }));
        stream.once('error', (error: Error) =>
          post({ type: 'read-error', message: error.message }),
        );
        return;
      }
      case 'pull':
        wanted += 1;
        pump();
        return;
      case 'close':
        reading?.destroy();
        stopAnnouncing();
        client.destroy(() => {
          post({ type: 'closed', received: torrent.received });
        });
        return;
      default: {
        const unknown: never = message;
        throw new Error(`unknown message ${String(unknown)}`);
      }
    }
  });
}

if (!isMainThread && parentPort !== null) {
  run(workerData as TorrentThreadJob, parentPort);
}
