import { describe, expect, it } from 'vitest';
import { hlsType, mediaCodecsOf } from './media-codecs';

/**
 * A browser that plays a type when one of `plays` is its codec (`avc1` in `codecs="avc1..."`) or
 * the whole type (`video/mp4`).
 */
function browser(plays: string[], mse: string[] = []) {
  const matches = (parts: string[], type: string) =>
    parts.some((part) => type === part || type.includes(`codecs="${part}`));
  return {
    canPlayType: (type: string) => (matches(plays, type) ? 'maybe' : ''),
    isTypeSupported: (type: string) => matches(mse, type),
  };
}

describe('media_codecs', () => {
  it('names what a Chromium without HEVC plays, in the vocabulary order', () => {
    const chromium = browser([
      'avc1',
      'vp9',
      'av01',
      'mp4a.40.2',
      'audio/mpeg',
      'opus',
      'vorbis',
      'flac',
      'video/mp4',
      'video/webm',
    ]);
    expect(mediaCodecsOf(chromium)).toBe('h264,vp9,av1,aac,mp3,opus,vorbis,flac,mp4,webm');
  });

  it('counts what only Media Source Extensions play (hls.js uses them) and adds native HLS', () => {
    const safari = browser(['avc1', 'mp4a.40.2', 'video/mp4', hlsType], ['hvc1', 'ec-3', 'ac-3']);
    expect(mediaCodecsOf(safari)).toBe('h264,hevc,aac,ac3,eac3,mp4,hls');
  });

  it('is empty for a browser that plays nothing, and works without Media Source Extensions', () => {
    expect(mediaCodecsOf({ canPlayType: () => '' })).toBe('');
    expect(
      mediaCodecsOf({ canPlayType: (type) => (type === 'video/x-matroska' ? 'maybe' : '') }),
    ).toBe('mkv');
  });
});
