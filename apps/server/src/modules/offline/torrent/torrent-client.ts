import parseTorrent from 'parse-torrent';
import WebTorrent from 'webtorrent';
import type { FetchPolicy } from '../fetch-guard';
import { guardedDhtSocket, peerFilter, trackerAgents } from './torrent-guard';

/**
 * A BitTorrent client held to the SSRF rules of `torrent-guard.ts`: trackers through the guarded
 * agents, every peer through the address filter, the DHT (when on) through the guarded socket;
 * no web seeds, no local peer discovery, no uTP.
 */
export function createGuardedClient(policy: FetchPolicy, dht: boolean): WebTorrent {
  const client = new WebTorrent({
    dht: dht ? { socket: guardedDhtSocket(policy) } : false,
    lsd: false,
    utp: false,
    webSeeds: false,
    tracker: { proxyOpts: trackerAgents(policy), wrtc: false },
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
export function guardedTorrentId(parsed: parseTorrent.ParsedTorrent, announce: string[]): parseTorrent.ParsedTorrent {
  const id: parseTorrent.ParsedTorrent & { xs?: unknown; as?: unknown; ws?: unknown } = { ...parsed, announce, urlList: [] };
  delete id.xs;
  delete id.as;
  delete id.ws;
  return id;
}

/** Destroys a client and waits for it. */
export function destroyClient(client: WebTorrent): Promise<void> {
  return new Promise<void>((resolve) => client.destroy(() => resolve()));
}

/**
 * A `.torrent` file of a torrent's metadata (its `info`) with the given trackers and no web
 * seeds: what a task keeps so it never asks the swarm for the metadata again.
 */
export function torrentFileOf(info: unknown, announce: readonly string[]): Buffer {
  return parseTorrent.toTorrentFile({ infoHash: '', info, announce: [...announce], urlList: [] });
}
