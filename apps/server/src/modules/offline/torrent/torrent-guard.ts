import dgram from 'node:dgram';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { BlockedAddressError, guardedLookup, hostOf, isAllowedAddress, type FetchPolicy } from '../fetch-guard';

/**
 * The SSRF rules of `fetch-guard.ts` applied to what a BitTorrent client reaches: trackers
 * (http, https and udp announce URLs, their names when they resolve and the address each
 * connection lands on), peers (every address a tracker, the DHT or another peer names) and the
 * DHT's own packets. Ports are not limited: trackers and peers listen on any port.
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

const systemResolve: Resolve = async (hostname) => (await dns.promises.lookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * Checks a torrent's announce URLs before any of them is contacted: an address literal must be
 * allowed, and a name is resolved and refused when any address it has is not. An http(s)
 * tracker's name is checked again when its connection resolves it (`trackerAgents`); a udp
 * tracker's name is replaced by the checked address, so the packets go where the check looked.
 */
export async function guardTrackers(urls: readonly string[], policy: FetchPolicy, resolve: Resolve = systemResolve): Promise<GuardedTrackers> {
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
      // Checked again when the agent resolves it to connect (`trackerAgents`).
      announce.push(url.toString());
      continue;
    }
    url.hostname = net.isIPv6(first) ? `[${first}]` : first;
    announce.push(url.toString());
  }
  return { announce, refused };
}

/** Refuses a connection that landed on an address outside the rules (a literal or a redirect's). */
function checkLanded(socket: Duplex & { remoteAddress?: string | undefined }, policy: FetchPolicy): void {
  // Before the request or the TLS greeting is written: those wait for this same event.
  socket.once('connect', () => {
    if (socket.remoteAddress === undefined || !isAllowedAddress(socket.remoteAddress, policy)) {
      socket.destroy(new BlockedAddressError('tracker address'));
    }
  });
}

/**
 * Agents for http(s) trackers: each name resolves through the guard, and each connection (also
 * to an address literal or after a redirect) is dropped when it lands outside the rules.
 */
export function trackerAgents(policy: FetchPolicy): { httpAgent: http.Agent; httpsAgent: https.Agent } {
  const lookup = guardedLookup(policy);
  const httpAgent = new http.Agent({ lookup });
  const httpsAgent = new https.Agent({ lookup });
  const plain = httpAgent.createConnection.bind(httpAgent);
  httpAgent.createConnection = (options, callback) => {
    const socket = plain(options, callback) as net.Socket;
    checkLanded(socket, policy);
    return socket;
  };
  const secure = httpsAgent.createConnection.bind(httpsAgent);
  httpsAgent.createConnection = (options, callback) => {
    const socket = secure(options, callback) as net.Socket;
    checkLanded(socket, policy);
    return socket;
  };
  return { httpAgent, httpsAgent };
}

/** The peer filter of the BitTorrent client: a peer on an address outside the rules is not contacted. */
export function peerFilter(policy: FetchPolicy): { contains(address: string): boolean } {
  return { contains: (address) => !isAllowedAddress(address, policy) };
}

/**
 * The DHT's UDP socket: names (bootstrap routers) resolve through the guard, and a packet to an
 * address outside the rules is dropped before it is sent.
 */
export function guardedDhtSocket(policy: FetchPolicy): dgram.Socket {
  const guarded = guardedLookup(policy);
  // dgram asks with the family as a bare number (4), not as options.
  const lookup = ((hostname: string, options: number | dns.LookupOptions, callback: Parameters<typeof guarded>[2]) =>
    guarded(hostname, typeof options === 'number' ? { family: options } : options, callback)) as unknown as typeof dns.lookup;
  const socket = dgram.createSocket({ type: 'udp4', lookup });
  const send = socket.send.bind(socket) as (...args: unknown[]) => void;
  (socket as unknown as { send: (...args: unknown[]) => void }).send = (...args: unknown[]) => {
    // k-rpc-socket calls send(buffer, offset, length, port, host, callback).
    const host = args[4];
    if (typeof host === 'string' && net.isIP(host) !== 0 && !isAllowedAddress(host, policy)) {
      const callback = args[5];
      if (typeof callback === 'function') {
        (callback as (error: Error) => void)(new BlockedAddressError('dht address'));
      }
      return;
    }
    send(...args);
  };
  return socket;
}
