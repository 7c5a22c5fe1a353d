import { describe, expect, it } from 'vitest';
import type { VideoFacts } from './video-facts';
import { copiedCodec, mediaPlaylist, segmentBounds } from './hls-playlist';

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

  it('names the init segment of fragmented MP4 segments once, before them', () => {
    expect(mediaPlaylist([0, 4, 6], 0, undefined, 'muxed', 'fmp4').split('\n')).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:4',
      '#EXT-X-MEDIA-SEQUENCE:0',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      '#EXT-X-MAP:URI="init.mp4?audio=0"',
      '#EXTINF:4.000000,',
      '0.m4s?audio=0',
      '#EXTINF:2.000000,',
      '1.m4s?audio=0',
      '#EXT-X-ENDLIST',
      '',
    ]);
    const video = mediaPlaylist([0, 4], undefined, undefined, 'video', 'fmp4');
    expect(video).toContain('#EXT-X-MAP:URI="vinit.mp4"\n#EXTINF:4.000000,\nv0.m4s\n');
  });

  it('names a copied stream as RFC 6381 does: avc1, hvc1, vp09, av01', () => {
    const of = (
      codec: string,
      profile: string | undefined,
      level: number | undefined,
      bitDepth = 8,
    ) =>
      copiedCodec({ width: 1920, height: 1080 }, {
        demuxer: 'matroska',
        container: 'mkv',
        startTime: 0,
        duration: 10,
        audio: [],
        video: {
          codec,
          width: 1920,
          height: 1080,
          bitDepth,
          ...(profile === undefined ? {} : { profile }),
          ...(level === undefined ? {} : { level }),
        },
      } satisfies VideoFacts);
    expect(of('h264', 'High', 40)).toBe('avc1.640028');
    expect(of('hevc', 'Main', 93)).toBe('hvc1.1.6.L93.B0');
    expect(of('hevc', 'Main 10', 120, 10)).toBe('hvc1.2.4.L120.B0');
    expect(of('vp9', 'Profile 0', -99)).toBe('vp09.00.40.08');
    expect(of('vp9', 'Profile 2', -99, 10)).toBe('vp09.02.40.10');
    expect(of('av1', 'Main', 8)).toBe('av01.0.08M.08');
    expect(of('av1', 'Main', undefined, 10)).toBe('av01.0.08M.10');
  });
});
