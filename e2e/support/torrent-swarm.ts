import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tracker from 'bittorrent-tracker';
import WebTorrent from 'webtorrent';

/** A torrent seeded on loopback, with its own tracker; `close` stops both and removes the files. */
export interface SeededTorrent {
  magnetURI: string;
  /** The torrent's `.torrent` file (announcing the same tracker). */
  torrentFile: Buffer;
  close: () => Promise<void>;
}

/**
 * Seeds a folder `name` holding `files` (paths inside it, `/`-separated) from a WebTorrent
 * client with no DHT, LSD or uTP, announced only to an HTTP tracker on 127.0.0.1: the e2e
 * server (started with `OFFLINE_TORRENT_DHT=false`) finds the seeder through the magnet link's
 * tracker, and nothing reaches the public swarm.
 */
export async function seedTorrent(
  name: string,
  files: Record<string, Buffer>,
): Promise<SeededTorrent> {
  const trackerServer = new tracker.Server({ http: true, udp: false, ws: false, stats: false });
  await new Promise<void>((resolve) => trackerServer.listen(0, '127.0.0.1', resolve));
  const trackerPort = (trackerServer.http?.address() as AddressInfo).port;
  const seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-e2e-seed-'));
  for (const [file, bytes] of Object.entries(files)) {
    const target = path.join(seedDir, name, ...file.split('/'));
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, bytes);
  }
  const seeder = new WebTorrent({ dht: false, lsd: false, utp: false, webSeeds: false });
  const close = async () => {
    await new Promise<void>((resolve) => seeder.destroy(() => resolve()));
    await new Promise<void>((resolve) => trackerServer.close(resolve));
    await fs.rm(seedDir, { recursive: true, force: true });
  };
  try {
    const seeding = await new Promise<WebTorrent.Torrent>((resolve) => {
      seeder.seed(
        path.join(seedDir, name),
        { announce: [`http://127.0.0.1:${trackerPort}/announce`], pieceLength: 16384 },
        resolve,
      );
    });
    return { magnetURI: seeding.magnetURI, torrentFile: seeding.torrentFile, close };
  } catch (error) {
    await close();
    throw error;
  }
}
