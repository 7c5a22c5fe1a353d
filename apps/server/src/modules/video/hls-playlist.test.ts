import { describe, expect, it } from 'vitest';
import { mediaPlaylist, segmentBounds } from './hls-playlist';

describe('HLS playlists', () => {
  it('cuts a transcode every 4 s up to the end', () => {
    expect(segmentBounds(0, 10, undefined)).toEqual([0, 4, 8, 10]);
    expect(segmentBounds(1.4, 8, undefined)).toEqual([1.4, 5.4, 9.4]);
  });

  it('cuts a remux on keyframes at least 4 s apart', () => {
    const keyframes = [0, 1, 2, 3, 4.2, 5, 9, 9.5, 12];
    expect(segmentBounds(0, 13, keyframes)).toEqual([0, 4.2, 9, 13]);
    // Keyframes only past the end leave one segment.
    expect(segmentBounds(0, 3, [0, 10])).toEqual([0, 3]);
  });

  it('lists every segment at once with its length and the audio choice', () => {
    const playlist = mediaPlaylist([0, 4, 8, 9.5], 1);
    expect(playlist.split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:3',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXTINF:4.000000,',
      '0.ts?audio=1',
      '#EXTINF:4.000000,',
      '1.ts?audio=1',
      '#EXTINF:1.500000,',
      '2.ts?audio=1',
      '#EXT-X-ENDLIST',
      '',
    ]);
    expect(mediaPlaylist([0, 4], undefined)).toContain('\n0.ts\n');
  });
});
