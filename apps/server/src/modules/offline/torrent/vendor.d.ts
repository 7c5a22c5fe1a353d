// webtorrent 1.x, parse-torrent 9.x, bittorrent-tracker 9.x and simple-get 4.x (the http client
// of the tracker client, used by the tests of the socket guard) ship no types; these are the
// parts of their APIs Nimbus uses.

declare module 'parse-torrent' {
  function parseTorrent(
    torrentId: string | Buffer | parseTorrent.ParsedTorrent,
  ): parseTorrent.ParsedTorrent;
  namespace parseTorrent {
    interface ParsedTorrentFile {
      path: string;
      name: string;
      length: number;
      offset: number;
    }
    interface ParsedTorrent {
      infoHash: string;
      name?: string;
      announce?: string[];
      urlList?: string[];
      files?: ParsedTorrentFile[];
      length?: number;
      info?: unknown;
      infoBuffer?: Buffer;
      private?: boolean;
      /** Files to select first (BEP 53), by index. */
      so?: number[];
    }
    function toMagnetURI(parsed: ParsedTorrent): string;
    function toTorrentFile(parsed: ParsedTorrent): Buffer;
  }
  export = parseTorrent;
}

declare module 'webtorrent' {
  import type { EventEmitter } from 'node:events';
  import type http from 'node:http';
  import type https from 'node:https';
  import type { Readable } from 'node:stream';
  import type dgram from 'node:dgram';
  import type { ParsedTorrent } from 'parse-torrent';

  namespace WebTorrent {
    interface Options {
      maxConns?: number;
      dht?: boolean | { socket?: dgram.Socket; bootstrap?: string[] | false };
      lsd?: boolean;
      utp?: boolean;
      webSeeds?: boolean;
      tracker?:
        | boolean
        | { proxyOpts?: { httpAgent?: http.Agent; httpsAgent?: https.Agent }; wrtc?: false };
      torrentPort?: number;
    }
    interface AddOptions {
      path?: string;
      announce?: string[];
      urlList?: string[];
      destroyStoreOnDestroy?: boolean;
      /** A chunk store constructor (abstract-chunk-store); files on disk under `path` by default. */
      store?: unknown;
      storeCacheSlots?: number;
    }
    interface TorrentFile {
      readonly name: string;
      readonly path: string;
      readonly length: number;
      /** Where the file starts in the torrent's bytes. */
      readonly offset: number;
      readonly downloaded: number;
      select(priority?: number): void;
      deselect(): void;
      createReadStream(options?: { start?: number; end?: number }): Readable;
    }
    interface Torrent extends EventEmitter {
      readonly infoHash: string;
      readonly name: string;
      readonly files: TorrentFile[];
      readonly pieces: unknown[];
      readonly pieceLength: number;
      readonly lastPieceLength: number;
      /** The verified pieces (after `ready`: those found whole on disk, then those fetched). */
      readonly bitfield: { get(index: number): boolean } | null;
      /** True once the pieces on disk are verified (`ready`). */
      readonly ready: boolean;
      readonly length: number;
      /** Verified and in-progress bytes, those found on disk included. */
      readonly downloaded: number;
      /** Bytes of piece data received from peers by this client. */
      readonly received: number;
      readonly uploaded: number;
      readonly downloadSpeed: number;
      readonly numPeers: number;
      /** Peer discovery, once the torrent is parsed: its tracker client announces again on `update()`. */
      readonly discovery: { tracker?: { update(): void } | null } | null;
      readonly done: boolean;
      readonly destroyed: boolean;
      readonly announce: string[];
      urlList: string[];
      readonly magnetURI: string;
      deselect(from: number, to: number, priority?: number | boolean): void;
      destroy(options?: { destroyStore?: boolean }, callback?: (error?: Error) => void): void;
    }
    interface Seeding {
      readonly magnetURI: string;
      readonly torrentFile: Buffer;
      readonly infoHash: string;
      readonly files: TorrentFile[];
    }
  }

  class WebTorrent extends EventEmitter {
    constructor(options?: WebTorrent.Options);
    blocked: { contains(address: string): boolean } | undefined;
    readonly torrentPort: number;
    throttleUpload(rate: number): void;
    add(
      torrentId: string | Buffer | ParsedTorrent,
      options?: WebTorrent.AddOptions,
    ): WebTorrent.Torrent;
    seed(
      input: string | string[],
      options: { announce?: string[]; name?: string; pieceLength?: number; path?: string },
      onseed: (torrent: WebTorrent.Torrent & WebTorrent.Seeding) => void,
    ): WebTorrent.Torrent;
    destroy(callback?: (error?: Error) => void): void;
  }
  export = WebTorrent;
}

declare module 'bittorrent-tracker' {
  import type { EventEmitter } from 'node:events';
  import type http from 'node:http';
  import type dgram from 'node:dgram';

  export class Server extends EventEmitter {
    constructor(options?: {
      http?: boolean;
      udp?: boolean;
      ws?: boolean;
      stats?: boolean;
      filter?: (
        infoHash: string,
        params: unknown,
        callback: (error?: Error | null) => void,
      ) => void;
    });
    readonly http: http.Server | null;
    readonly udp4: dgram.Socket | null;
    listen(port: number, hostname: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}

declare module 'memory-chunk-store' {
  const MemoryChunkStore: unknown;
  export = MemoryChunkStore;
}

declare module 'simple-get' {
  import type { ClientRequest, IncomingMessage } from 'node:http';

  namespace simpleGet {
    /** A GET that follows redirects (up to 10), its whole body read. */
    function concat(
      options: { url: string; timeout?: number },
      callback: (error: Error | null, response?: IncomingMessage, data?: Buffer) => void,
    ): ClientRequest;
  }
  function simpleGet(
    options: { url: string; timeout?: number },
    callback: (error: Error | null, response?: IncomingMessage) => void,
  ): ClientRequest;
  export = simpleGet;
}
