// webtorrent 1.x and bittorrent-tracker 9.x ship no types; these are the parts the offline
// download tests use to run a tracker and a seeder on loopback.

declare module 'webtorrent' {
  import type { EventEmitter } from 'node:events';

  namespace WebTorrent {
    interface Torrent extends EventEmitter {
      readonly infoHash: string;
      readonly magnetURI: string;
      /** The torrent's `.torrent` file. */
      readonly torrentFile: Buffer;
      readonly uploaded: number;
    }
  }

  class WebTorrent extends EventEmitter {
    constructor(options?: { dht?: boolean; lsd?: boolean; utp?: boolean; webSeeds?: boolean });
    seed(
      input: string,
      options: { announce?: string[]; pieceLength?: number },
      onseed: (torrent: WebTorrent.Torrent) => void,
    ): WebTorrent.Torrent;
    destroy(callback?: (error?: Error) => void): void;
  }
  export = WebTorrent;
}

declare module 'bittorrent-tracker' {
  import type { EventEmitter } from 'node:events';
  import type http from 'node:http';

  interface TrackerServer extends EventEmitter {
    readonly http: http.Server | null;
    listen(port: number, hostname: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
  const tracker: {
    Server: new (options?: {
      http?: boolean;
      udp?: boolean;
      ws?: boolean;
      stats?: boolean;
    }) => TrackerServer;
  };
  export default tracker;
}
