import type parseTorrent from 'parse-torrent';
import WebTorrent from 'webtorrent';
import type { FetchPolicy } from '../fetch-guard';
import { peerFilter } from './torrent-guard';

/**
 * A BitTorrent client for a torrent thread (`torrent-thread.ts`), whose sockets the thread holds
 * to the address rules (`socket-guard.ts`: tracker requests and every redirect of them, peers,
 * DHT packets); peers outside the rules are not even tried (the address filter). No web seeds,
 * no local peer discovery, no uTP.
 */
export function createGuardedClient(policy: FetchPolicy, dht: boolean): WebTorrent {
  const client = new WebTorrent({
    dht,
    lsd: false,
    utp: false,
    webSeeds: false,
    // No agents of ours: the library's requests use node's, so a redirect from http to https
    // (or back) is followed like any other, each hop checked by the thread's socket guard.
    tracker: { wrtc: false },
  });
  client.blocked = peerFilter(policy);
  client.on('error', () => undefined);
  return client;
}

/**
 * What a guarded client is given for a torrent: only the checked trackers, and none of the
 * sources the guard cannot hold to the rules. A magnet link's `xs` (exact source: webtorrent
 * would fetch it with a plain http client), `as` and `ws` (web seeds) are dropped.
 */
export function guardedTorrentId(
  parsed: parseTorrent.ParsedTorrent,
  announce: string[],
): parseTorrent.ParsedTorrent {
  const id: parseTorrent.ParsedTorrent & { xs?: unknown; as?: unknown; ws?: unknown } = {
    ...parsed,
    announce,
    urlList: [],
  };
  delete id.xs;
  delete id.as;
  delete id.ws;
  return id;
}

/** Bytes of the pieces the chosen files still lack: what is left to fetch from peers. */
export function piecesLeft(
  torrent: Pick<
    WebTorrent.Torrent,
    'pieces' | 'pieceLength' | 'lastPieceLength' | 'bitfield' | 'files'
  >,
  picked: readonly number[],
): number {
  const missing = new Set<number>();
  for (const index of picked) {
    const file = torrent.files[index];
    if (!file || file.length === 0) {
      continue;
    }
    const first = Math.floor(file.offset / torrent.pieceLength);
    const last = Math.floor((file.offset + file.length - 1) / torrent.pieceLength);
    for (let piece = first; piece <= last; piece += 1) {
      if (!torrent.bitfield?.get(piece)) {
        missing.add(piece);
      }
    }
  }
  let bytes = 0;
  for (const piece of missing) {
    bytes += piece === torrent.pieces.length - 1 ? torrent.lastPieceLength : torrent.pieceLength;
  }
  return bytes;
}

/** The first pause before a torrent without peers asks its trackers again; it doubles up to `maxAnnouncePauseMs`. */
export const firstAnnouncePauseMs = 5_000;
const maxAnnouncePauseMs = 5 * 60_000;

/**
 * Asks the trackers again while the torrent has no peer: the tracker client would otherwise wait
 * out the tracker's interval (30 minutes after a failed announce) before a second try, leaving a
 * task without peers that long when one announce failed or came before the seeders. The pause
 * starts at 5 seconds and doubles up to 5 minutes; a peer resets it. Answers a function that stops.
 */
export function keepAnnouncing(
  torrent: WebTorrent.Torrent,
  firstPauseMs = firstAnnouncePauseMs,
): () => void {
  let pause = firstPauseMs;
  let timer: NodeJS.Timeout | undefined;
  const next = () => {
    timer = setTimeout(() => {
      if (torrent.destroyed || torrent.done) {
        return;
      }
      if (torrent.numPeers === 0) {
        torrent.discovery?.tracker?.update();
        pause = Math.min(pause * 2, maxAnnouncePauseMs);
      } else {
        pause = firstPauseMs;
      }
      next();
    }, pause);
    timer.unref();
  };
  next();
  return () => clearTimeout(timer);
}
