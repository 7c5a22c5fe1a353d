import { describe, expect, it } from 'vitest';
import { AppError } from '../../../http/app-error';
import { parseRanges, type FetchPolicy } from '../fetch-guard';
import { guardTrackers, peerFilter } from './torrent-guard';
import { describeMagnet, isTorrentFile, pickedFiles, refusalOf } from './torrent-source';

const closed: FetchPolicy = { allowedRanges: [], extraPorts: new Set() };
const loopback: FetchPolicy = {
  allowedRanges: parseRanges(['127.0.0.0/8']),
  extraPorts: new Set(),
};

/** A resolver of made-up names: nothing leaves the machine. */
const names: Record<string, string[]> = {
  'tracker.example': ['93.184.216.34'],
  'both.example': ['93.184.216.34', '10.0.0.1'],
  'six.example': ['2606:4700::1111'],
  'inside.example': ['127.0.0.1'],
};
const resolve = (host: string) =>
  host in names ? Promise.resolve(names[host] as string[]) : Promise.reject(new Error('ENOTFOUND'));

describe('torrent trackers and peers under the offline address rules', () => {
  it('keeps public trackers, pins udp names to the checked address, and refuses the rest', async () => {
    const { announce, refused } = await guardTrackers(
      [
        'http://tracker.example:6969/announce',
        'udp://tracker.example:1337/announce',
        'udp://six.example:80',
        'http://93.184.216.34/announce',
        'http://127.0.0.1:6969/announce',
        'http://2130706433:6969/announce',
        'udp://[::1]:6969',
        'http://169.254.169.254/announce',
        'http://both.example/announce',
        'http://inside.example/announce',
        'http://nowhere.example/announce',
        'wss://tracker.example/',
        'http://user:pw@tracker.example/announce',
        'not a url',
      ],
      closed,
      resolve,
    );
    expect(announce).toEqual([
      'http://tracker.example:6969/announce',
      'udp://93.184.216.34:1337/announce',
      'udp://[2606:4700::1111]:80',
      'http://93.184.216.34/announce',
    ]);
    expect(refused.map((entry) => [entry.url, entry.reason])).toEqual([
      ['http://127.0.0.1:6969/announce', 'address'],
      ['http://2130706433:6969/announce', 'address'],
      ['udp://[::1]:6969', 'address'],
      ['http://169.254.169.254/announce', 'address'],
      ['http://both.example/announce', 'address'],
      ['http://inside.example/announce', 'address'],
      ['http://nowhere.example/announce', 'unresolved'],
      ['wss://tracker.example/', 'scheme'],
      ['http://user:pw@tracker.example/announce', 'scheme'],
      ['not a url', 'scheme'],
    ]);
  });

  it('opens loopback trackers only where the policy allows the range', async () => {
    expect(
      (
        await guardTrackers(
          ['http://inside.example/announce', 'udp://127.0.0.1:6969'],
          loopback,
          resolve,
        )
      ).announce,
    ).toEqual(['http://inside.example/announce', 'udp://127.0.0.1:6969']);
  });

  it('filters peers by address, in every form', () => {
    const filter = peerFilter(closed);
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '169.254.169.254',
      '::1',
      '::ffff:127.0.0.1',
      'fd00::1',
      '100.64.0.1',
      'nonsense',
    ]) {
      expect(filter.contains(address), address).toBe(true);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111']) {
      expect(filter.contains(address), address).toBe(false);
    }
    expect(peerFilter(loopback).contains('127.0.0.1')).toBe(false);
  });
});

describe('torrent sources', () => {
  it('tells torrents by name or type (docs/product.md#validation)', () => {
    expect(isTorrentFile({ name: 'film.TORRENT', mimeType: '' })).toBe(true);
    expect(isTorrentFile({ name: 'film', mimeType: 'application/x-bittorrent' })).toBe(true);
    expect(isTorrentFile({ name: 'film.torrent.txt', mimeType: 'text/plain' })).toBe(false);
  });

  it('reads magnet links and refuses what carries no info hash', () => {
    const described = describeMagnet(
      ' magnet:?xt=urn:btih:0123456789ABCDEF0123456789ABCDEF01234567&dn=pack ',
    );
    expect(described).toMatchObject({
      infoHash: '0123456789abcdef0123456789abcdef01234567',
      name: 'pack',
      files: undefined,
    });
    expect(described.magnet).toMatch(
      /^magnet:\?xt=urn:btih:0123456789abcdef0123456789abcdef01234567/i,
    );
    for (const text of ['magnet:?dn=nothing', 'magnet:?xt=urn:btih:xyz']) {
      expect(() => describeMagnet(text), text).toThrow(AppError);
    }
  });

  it('refuses chosen files the torrent lacks, or that pass the size cap or the room, before anything is fetched', () => {
    const limits = { maxBytes: 100, available: 60 };
    expect(refusalOf([10, 20, 30], null, limits)).toBeUndefined();
    expect(refusalOf([10, 20, 30], [2], limits)).toBeUndefined();
    expect(refusalOf([10, 20, 30], [3], limits)).toBe('torrent_files_missing');
    expect(refusalOf([10, 20, 30], [], limits)).toBe('torrent_files_missing');
    expect(refusalOf([], null, limits)).toBe('torrent_files_missing');
    expect(refusalOf([10, 20, 90], [2], limits)).toBe('space_not_enough');
    expect(refusalOf([10, 20, 101], [0, 2], limits)).toBe('too_large');
  });

  it('reads picked file indexes; absent or empty is every file', () => {
    const known = [0, 1, 2].map((index) => ({ index, path: `f${index}`, size: 1 }));
    expect(pickedFiles(undefined, known)).toBeNull();
    expect(pickedFiles([], known)).toBeNull();
    expect(pickedFiles(['2', '0', '2'], known)).toEqual([0, 2]);
    expect(pickedFiles(['7'], undefined)).toEqual([7]);
    for (const files of [['3'], ['-1'], ['1.5'], ['x']]) {
      expect(() => pickedFiles(files, known), files.join()).toThrow(AppError);
    }
  });
});
