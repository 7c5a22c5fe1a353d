import { describe, expect, it } from 'vitest';
import { listingParam, safeEntrySegments } from './torrent-source';

describe("a torrent's file paths as the drive files and lists them", () => {
  it('drops direction controls, cuts segments to 255 bytes and names what is left of nothing `download`', () => {
    expect(safeEntrySegments('Season 1\u202E/episode\u202Evim.exe')).toEqual([
      'Season 1',
      'episodevim.exe',
    ]);
    expect(safeEntrySegments('a//../\u2067/b')).toEqual(['a', 'download', 'download', 'b']);
    const [long] = safeEntrySegments(`${'映画'.repeat(100)}.mkv`);
    expect(long).toBe(`${'映画'.repeat(41)}映.mkv`);
  });

  it('lists the safe paths', () => {
    expect(JSON.parse(listingParam([{ index: 0, path: 'dir/a\u202Eb.txt', size: 3 }]))).toEqual([
      { index: '0', name: 'dir/ab.txt', size: '3' },
    ]);
  });
});
