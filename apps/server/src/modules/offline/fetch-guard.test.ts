import { describe, expect, it } from 'vitest';
import {
  BlockedAddressError,
  checkUrl,
  isAllowedAddress,
  parseRanges,
  privateFetchRanges,
  type FetchPolicy,
} from './fetch-guard';
import { initialName, parseOfflineUrl } from './offline.service';

const strict: FetchPolicy = { allowedRanges: [], extraPorts: new Set() };

describe('the offline fetch guard', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.0.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.251',
    '255.255.255.255',
    '192.0.2.1',
    '240.0.0.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::1',
    '2001:0:4136:e378::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isAllowedAddress(address, strict)).toBe(false);
  });

  it.each(['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    'allows the public address %s',
    (address) => {
      expect(isAllowedAddress(address, strict)).toBe(true);
    },
  );

  it('allows only the configured private ranges', () => {
    const policy: FetchPolicy = {
      allowedRanges: parseRanges(['127.0.0.1/32', 'fd00::/8']),
      extraPorts: new Set(),
    };
    expect(isAllowedAddress('127.0.0.1', policy)).toBe(true);
    expect(isAllowedAddress('::ffff:127.0.0.1', policy)).toBe(true);
    expect(isAllowedAddress('fd00::5', policy)).toBe(true);
    expect(isAllowedAddress('127.0.0.2', policy)).toBe(false);
    expect(isAllowedAddress('10.0.0.1', policy)).toBe(false);
  });

  it('opens loopback and private ranges, and nothing else, when private fetches are allowed', () => {
    const policy: FetchPolicy = {
      allowedRanges: parseRanges(privateFetchRanges),
      extraPorts: new Set(),
    };
    for (const address of [
      '127.0.0.1',
      '127.9.9.9',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '::1',
      'fd12::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isAllowedAddress(address, policy), address).toBe(true);
    }
    for (const address of [
      '169.254.169.254',
      '100.64.0.1',
      '224.0.0.1',
      '0.0.0.0',
      'fe80::1',
      '::',
    ]) {
      expect(isAllowedAddress(address, policy), address).toBe(false);
    }
  });

  it.each([
    'http://2130706433/',
    'http://0x7f000001/',
    'http://017700000001/',
    'http://127.1/',
    'http://[::ffff:7f00:1]/',
    'http://example.com:8080/',
    'ftp://example.com/',
    'http://user:secret@example.com/',
  ])('refuses %s before any connection', (url) => {
    expect(() => checkUrl(new URL(url), strict)).toThrow(BlockedAddressError);
  });

  it('lets names through to the resolver, and extra ports when configured', () => {
    expect(() => checkUrl(new URL('https://example.com/a'), strict)).not.toThrow();
    expect(() =>
      checkUrl(new URL('http://example.com:8080/'), {
        allowedRanges: [],
        extraPorts: new Set([8080]),
      }),
    ).not.toThrow();
  });
});

describe('offline task names and URLs', () => {
  it('names a task after the given name, the URL, or its host', () => {
    expect(initialName(new URL('https://example.com/files/My%20Movie.mkv?x=1'), undefined)).toBe(
      'My Movie.mkv',
    );
    expect(initialName(new URL('https://example.com/a/..%2F..%2Fetc%2Fpasswd'), undefined)).toBe(
      '.._.._etc_passwd',
    );
    expect(initialName(new URL('https://example.com/'), undefined)).toBe('example.com');
    expect(initialName(new URL('https://example.com/x'), ' mine.bin ')).toBe('mine.bin');
  });

  it('drops the fragment and refuses what is not an http(s) link', () => {
    expect(parseOfflineUrl(' https://example.com/a#part ').toString()).toBe(
      'https://example.com/a',
    );
    expect(() => parseOfflineUrl('data:text/plain,hi')).toThrow();
    // Magnet links are told apart before (torrent/torrent-source.ts); here they are just not http(s).
    expect(() => parseOfflineUrl('magnet:?xt=urn:btih:abc')).toThrow(/http or https/);
  });
});
