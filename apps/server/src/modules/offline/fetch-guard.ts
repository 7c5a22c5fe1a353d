import dns from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Where offline downloads may connect. The server fetches addresses that strangers choose, so
 * only public unicast addresses on the usual ports are allowed; `allowedRanges` lets an operator
 * (or a test) open chosen private ranges, `extraPorts` more ports.
 */
export interface FetchPolicy {
  /** Address ranges allowed even though they are private, loopback, ... (CIDR, parsed). */
  allowedRanges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** Ports besides 80 and 443 that may be fetched. */
  extraPorts: ReadonlySet<number>;
}

/**
 * A fetch refused by the policy, before any connection: `what` says which rule (`scheme`,
 * `credentials`, `port`, `address`, `resolved address`).
 */
export class BlockedAddressError extends Error {
  constructor(readonly what: string) {
    super(`blocked: ${what}`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * The loopback and private ranges `ALLOW_PRIVATE_FETCH=true` opens for tests and local
 * development. Link-local (cloud metadata), CGNAT, multicast and the rest stay closed.
 */
export const privateFetchRanges: readonly string[] = [
  '127.0.0.0/8',
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '::1/128',
  'fc00::/7',
];

/** Parses CIDR ranges of configuration (`127.0.0.1/32`, `fd00::/8`); a bare address is one host. */
export function parseRanges(values: readonly string[]): FetchPolicy['allowedRanges'] {
  return values.map((value) => {
    const text = value.trim();
    if (text.includes('/')) {
      return ipaddr.parseCIDR(text);
    }
    const address = ipaddr.parse(text);
    return [address, address.kind() === 'ipv4' ? 32 : 128];
  });
}

/** A policy as plain data, to hand to a thread of its own (`policyFromWire` reads it back). */
export interface FetchPolicyWire {
  /** CIDR ranges (`127.0.0.1/32`). */
  ranges: string[];
  ports: number[];
}

export function policyToWire(policy: FetchPolicy): FetchPolicyWire {
  return {
    ranges: policy.allowedRanges.map(([address, bits]) => `${address.toString()}/${bits}`),
    ports: [...policy.extraPorts],
  };
}

export function policyFromWire(wire: FetchPolicyWire): FetchPolicy {
  return { allowedRanges: parseRanges(wire.ranges), extraPorts: new Set(wire.ports) };
}

const ipv4Compatible = ipaddr.parseCIDR('::/96');
const globalUnicast6 = ipaddr.parseCIDR('2000::/3');

function inAllowedRange(address: ipaddr.IPv4 | ipaddr.IPv6, policy: FetchPolicy): boolean {
  return policy.allowedRanges.some(
    ([range, bits]) => address.kind() === range.kind() && address.match(range, bits),
  );
}

/**
 * Whether an offline download may connect to this address: public unicast only. Refused:
 * loopback, private, link-local (cloud metadata), CGNAT, multicast, broadcast, unspecified,
 * reserved and documentation ranges; in IPv6 also unique-local, IPv4-mapped and -compatible
 * forms, NAT64, 6to4, Teredo and anything outside 2000::/3, unless the policy allows the range.
 */
export function isAllowedAddress(text: string, policy: FetchPolicy): boolean {
  if (!ipaddr.isValid(text)) {
    return false;
  }
  const address = ipaddr.parse(text);
  if (inAllowedRange(address, policy)) {
    return true;
  }
  if (address.kind() === 'ipv4') {
    return address.range() === 'unicast';
  }
  const v6 = address as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) {
    // The embedded IPv4 address decides, by the same rules (and the same allowed ranges).
    return isAllowedAddress(v6.toIPv4Address().toString(), policy);
  }
  return v6.range() === 'unicast' && v6.match(globalUnicast6) && !v6.match(ipv4Compatible);
}

/** Whether a URL's port may be fetched. */
export function isAllowedPort(url: URL, policy: FetchPolicy): boolean {
  const port = url.port === '' ? (url.protocol === 'https:' ? 443 : 80) : Number(url.port);
  return port === 80 || port === 443 || policy.extraPorts.has(port);
}

/** The host of a URL without IPv6 brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * Checks a URL before any connection: scheme http(s), no credentials, an allowed port, and, when
 * the host is an address (any spelling the URL parser turns into one: `2130706433`, `0x7f.1`,
 * `127.1`), an allowed address. Names are checked when they resolve (`guardedLookup`).
 */
export function checkUrl(url: URL, policy: FetchPolicy): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new BlockedAddressError('scheme');
  }
  if (url.username !== '' || url.password !== '') {
    throw new BlockedAddressError('credentials');
  }
  if (!isAllowedPort(url, policy)) {
    throw new BlockedAddressError('port');
  }
  const host = hostOf(url);
  if (net.isIP(host) !== 0 && !isAllowedAddress(host, policy)) {
    throw new BlockedAddressError('address');
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for `http.request` that resolves the name once and refuses it when any address it
 * resolves to is not allowed; the connection then goes to the address checked here, so a DNS
 * answer that changes between check and connect (rebinding) cannot slip through.
 */
export function guardedLookup(policy: FetchPolicy, resolve: typeof dns.lookup = dns.lookup) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { all: true, verbatim: true }, (error, addresses) => {
      if (error) {
        callback(error, []);
        return;
      }
      const list = addresses;
      if (list.length === 0 || list.some((entry) => !isAllowedAddress(entry.address, policy))) {
        callback(
          Object.assign(new BlockedAddressError('resolved address'), { code: 'EBLOCKED' }),
          [],
        );
        return;
      }
      const wanted =
        options.family === 4 || options.family === 6
          ? list.filter((entry) => entry.family === options.family)
          : list;
      if (wanted.length === 0) {
        callback(
          Object.assign(new Error('no address of the wanted family'), { code: 'ENOTFOUND' }),
          [],
        );
        return;
      }
      if (options.all === true) {
        callback(null, wanted);
        return;
      }
      const first = wanted[0] as LookupAddress;
      callback(null, first.address, first.family);
    });
  };
}
