import ipaddr from 'ipaddr.js';

export interface AccessDecision {
  accessible: boolean;
  /** ISO alpha-2 country of the caller, `""` when unknown. */
  country: string;
}

export interface AccessServiceDeps {
  blockedCidrs: readonly string[];
  blockedCountries: readonly string[];
}

type Range = [ipaddr.IPv4 | ipaddr.IPv6, number];

function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (!ipaddr.isValid(address)) {
    return undefined;
  }
  const parsed = ipaddr.parse(address);
  // An IPv4 client seen through an IPv6 socket (::ffff:1.2.3.4) is matched as IPv4.
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
}

function parseRange(cidr: string): Range {
  if (cidr.includes('/')) {
    return ipaddr.parseCIDR(cidr);
  }
  const address = ipaddr.parse(cidr);
  return [address, address.kind() === 'ipv4' ? 32 : 128];
}

/**
 * The access check of the site (docs/product.md#states): whether a visitor's address or country may
 * use the service. Ranges and countries come from configuration.
 */
export function createAccessService(deps: AccessServiceDeps) {
  const ranges = deps.blockedCidrs.map(parseRange);
  const countries = new Set(deps.blockedCountries);

  function isBlockedAddress(address: string): boolean {
    const parsed = parseAddress(address);
    if (!parsed) {
      return false;
    }
    return ranges.some(
      ([range, bits]) => parsed.kind() === range.kind() && parsed.match(range, bits),
    );
  }

  return {
    /** Decides for a client address and the country a CDN reported for it (may be empty). */
    decide(address: string, country: string): AccessDecision {
      const normalizedCountry = /^[A-Za-z]{2}$/.test(country) ? country.toUpperCase() : '';
      const blocked = isBlockedAddress(address) || countries.has(normalizedCountry);
      return { accessible: !blocked, country: normalizedCountry };
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
