import dns from 'node:dns';
import net from 'node:net';
import { hostOf, isAllowedAddress, type FetchPolicy } from '../fetch-guard';

/**
 * The SSRF rules of `fetch-guard.ts` applied to what a BitTorrent client is given before it
 * starts: its trackers, and the filter of the peers it is told of. What it then reaches (each
 * tracker request and redirect, each peer, each DHT packet) is checked again, before it goes
 * out, by the socket guard of its thread (`socket-guard.ts`, `torrent-thread.ts`). Ports are not
 * limited: trackers and peers listen on any port.
 */

/** Announce URLs the guard can hold to the rules: http(s) and udp; websocket trackers are dropped. */
const trackerSchemes = new Set(['http:', 'https:', 'udp:']);

/** Why an announce URL was left out. */
export type RefusedTracker = { url: string; reason: 'scheme' | 'address' | 'unresolved' };

export interface GuardedTrackers {
  /** The announce URLs to use; udp ones carry the checked address in place of their name. */
  announce: string[];
  refused: RefusedTracker[];
}

type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = async (hostname) =>
  (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map(
    (entry) => entry.address,
  );

/**
 * Checks a torrent's announce URLs before any of them is contacted: an address literal must be
 * allowed, and a name is resolved and refused when any address it has is not. An http(s)
 * tracker's name is checked again when its connection resolves it (the thread's socket guard); a udp
 * tracker's name is replaced by the checked address, so the packets go where the check looked.
 */
export async function guardTrackers(
  urls: readonly string[],
  policy: FetchPolicy,
  resolve: Resolve = systemResolve,
): Promise<GuardedTrackers> {
  const announce: string[] = [];
  const refused: RefusedTracker[] = [];
  for (const text of new Set(urls)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      refused.push({ url: text, reason: 'scheme' });
      continue;
    }
    if (!trackerSchemes.has(url.protocol) || url.username !== '' || url.password !== '') {
      refused.push({ url: text, reason: 'scheme' });
      continue;
    }
    const host = hostOf(url);
    if (net.isIP(host) !== 0) {
      if (isAllowedAddress(host, policy)) {
        announce.push(url.toString());
      } else {
        refused.push({ url: text, reason: 'address' });
      }
      continue;
    }
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      refused.push({ url: text, reason: 'unresolved' });
      continue;
    }
    const first = addresses.find((address) => net.isIPv4(address)) ?? addresses[0];
    if (first === undefined || addresses.some((address) => !isAllowedAddress(address, policy))) {
      refused.push({ url: text, reason: 'address' });
      continue;
    }
    if (url.protocol !== 'udp:') {
      // Checked again when the thread's socket guard resolves it to connect.
      announce.push(url.toString());
      continue;
    }
    url.hostname = net.isIPv6(first) ? `[${first}]` : first;
    announce.push(url.toString());
  }
  return { announce, refused };
}

/** The peer filter of the BitTorrent client: a peer on an address outside the rules is not contacted. */
export function peerFilter(policy: FetchPolicy): { contains(address: string): boolean } {
  return { contains: (address) => !isAllowedAddress(address, policy) };
}
