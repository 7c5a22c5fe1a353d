import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { magnetOf, readTorrent, TorrentFormatError } from './torrent-file';

/** Bencodes a value the way torrent files are written (dictionary keys sorted). */
function bencode(value: unknown): Buffer {
  if (typeof value === 'number') {
    return Buffer.from(`i${value}e`);
  }
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value);
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) {
    return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  }
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : 1,
  );
  return Buffer.concat([
    Buffer.from('d'),
    ...entries.flatMap(([key, item]) => [bencode(key), bencode(item)]),
    Buffer.from('e'),
  ]);
}

describe('a .torrent file as a magnet link', () => {
  const info = {
    name: 'Holiday 写真',
    'piece length': 16384,
    pieces: Buffer.alloc(40, 7),
    files: [
      { length: 1000, path: ['a.jpg'] },
      { length: 2000, path: ['sub', 'b.mkv'] },
    ],
  };
  const file = bencode({
    announce: 'http://tracker.example/announce',
    'announce-list': [['http://tracker.example/announce'], ['udp://other.example:80']],
    'creation date': 1700000000,
    info,
  });

  it('hashes the info dictionary exactly as the file holds it', async () => {
    const summary = await readTorrent(new Uint8Array(file));
    expect(summary).toEqual({
      infoHash: createHash('sha1').update(bencode(info)).digest('hex'),
      name: 'Holiday 写真',
      trackers: ['http://tracker.example/announce', 'udp://other.example:80'],
      files: [
        { index: '0', name: 'a.jpg', size: 1000 },
        { index: '1', name: 'sub/b.mkv', size: 2000 },
      ],
    });
    const magnet = new URL(magnetOf(summary));
    expect(magnet.protocol).toBe('magnet:');
    expect(magnet.searchParams.get('xt')).toBe(`urn:btih:${summary.infoHash}`);
    expect(magnet.searchParams.get('dn')).toBe('Holiday 写真');
    expect(magnet.searchParams.getAll('tr')).toEqual(summary.trackers);
  });

  it('lists the one file of a single-file torrent', async () => {
    const single = bencode({
      info: { name: 'movie.mkv', length: 4096, 'piece length': 16384, pieces: Buffer.alloc(20) },
    });
    const summary = await readTorrent(new Uint8Array(single));
    expect(summary.files).toEqual([{ index: '0', name: 'movie.mkv', size: 4096 }]);
    expect(summary.trackers).toEqual([]);
  });

  it('refuses files that are not torrents', async () => {
    for (const bytes of [
      Buffer.from('hello'),
      Buffer.from('d4:name3:abce'),
      file.subarray(0, file.length - 30),
      Buffer.from(''),
    ]) {
      await expect(readTorrent(new Uint8Array(bytes))).rejects.toBeInstanceOf(TorrentFormatError);
    }
  });
});
