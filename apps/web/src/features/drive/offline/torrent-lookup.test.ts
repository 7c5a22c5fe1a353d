import { describe, expect, it } from 'vitest';
import type { TorrentLookup } from './torrent-lookup';
import { fileNameOf, taskFiles } from './torrent-lookup';

const files = [
  { index: '0', name: 'a.flac', size: 10 },
  { index: '1', name: 'b.flac', size: 20 },
  { index: '2', name: 'cover.jpg', size: 5 },
];

function ready(skipped: string[]): TorrentLookup {
  return { state: 'ready', name: 'Album', files, skipped: new Set(skipped) };
}

describe('the files a pasted torrent link sends', () => {
  const magnet = 'magnet:?xt=urn:btih:0123';
  const torrentLink = 'https://example.com/album.torrent';

  it('sends the chosen indexes when some are left out, for either kind of link', () => {
    expect(taskFiles(magnet, ready(['2']), false)).toEqual(['0', '1']);
    expect(taskFiles(torrentLink, ready(['0']), false)).toEqual(['1', '2']);
  });

  it('sends [] for a .torrent link with every file, so the server runs the torrent, and nothing for a magnet', () => {
    expect(taskFiles(torrentLink, ready([]), false)).toEqual([]);
    expect(taskFiles(magnet, ready([]), false)).toBeUndefined();
  });

  it('sends nothing for a .torrent link kept as a file, not read, or still being read', () => {
    expect(taskFiles(torrentLink, ready(['0']), true)).toBeUndefined();
    expect(
      taskFiles(torrentLink, { state: 'failed', name: '', message: 'no' }, false),
    ).toBeUndefined();
    expect(taskFiles(torrentLink, { state: 'loading' }, false)).toBeUndefined();
    expect(taskFiles(torrentLink, undefined, false)).toBeUndefined();
  });

  it("names a .torrent link by its path's last part, decoded when it can be", () => {
    expect(fileNameOf('https://example.com/a/Disc%201.torrent?x=1')).toBe('Disc 1.torrent');
    expect(fileNameOf('https://example.com/%E0%A4%A.torrent')).toBe('%E0%A4%A.torrent');
  });
});
