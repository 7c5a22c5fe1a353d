import { describe, expect, it } from 'vitest';
import type { PlayerMedia } from './media-choice';
import {
  burnMediaOf,
  defaultMediaOf,
  isHlsMedia,
  masterUrlOf,
  playbackOf,
  qualityOptionsOf,
  unsupportedCodecsOf,
  withAudioStream,
  withBurnedSubtitle,
} from './media-choice';

function media(overrides: Partial<PlayerMedia> & { media_id: string }): PlayerMedia {
  return {
    media_name: overrides.media_id,
    video: { width: 1920, height: 1080, duration: 60, video_codec: 'h264', audio_codec: 'aac' },
    link: {
      url: `https://c.example/${overrides.media_id}`,
      token: '',
      expire: '',
      type: 'video/mp4',
    },
    is_origin: false,
    is_default: false,
    is_playable: true,
    unsupported_codecs: [],
    ...overrides,
  };
}

const hls = (id: string, height: number, extra: Partial<PlayerMedia> = {}) =>
  media({
    media_id: id,
    media_name: `${height}p`,
    rendition: `${height}p` as PlayerMedia['rendition'],
    video: {
      width: (height * 16) / 9,
      height,
      duration: 60,
      video_codec: 'h264',
      audio_codec: 'aac',
    },
    link: {
      url: `https://c.example/${id}.m3u8`,
      token: '',
      expire: '',
      type: 'application/vnd.apple.mpegurl',
    },
    ...extra,
  });

describe('choosing the media', () => {
  it('plays the original when it is all there is', () => {
    const original = media({ media_id: 'o', is_origin: true, is_default: true });
    expect(defaultMediaOf([original])).toBe(original);
    expect(qualityOptionsOf([original])).toEqual([]);
  });

  it("plays the server's default and offers auto, the playable original and the renditions from the highest", () => {
    const original = media({ media_id: 'o', is_origin: true });
    const low = hls('r480', 480);
    const high = hls('r720', 720, { is_default: true });
    const medias = [original, low, high];
    expect(defaultMediaOf(medias)).toBe(high);
    expect(qualityOptionsOf(medias).map((option) => [option.id, option.label])).toEqual([
      ['auto', 'auto'],
      ['original', 'original'],
      ['720p', '720p'],
      ['480p', '480p'],
    ]);
    // Auto plays the server's pick through its master playlist; hls.js picks the levels.
    expect(playbackOf(medias, 'auto')).toEqual({
      media: high,
      url: 'https://c.example/r720.m3u8',
      hls: true,
    });
  });

  it('plays every HLS choice through the master playlist of the default, holding a chosen level', () => {
    const original = media({ media_id: 'o', is_origin: true, is_default: true });
    const remux = hls('rx', 1080, {
      rendition: 'remux',
      media_name: 'Remux',
      link: { url: 'https://c.example/t1/hls/index.m3u8', token: '', expire: '', type: '' },
    });
    const low = hls('r480', 480, {
      link: { url: 'https://c.example/t2/hls/index.m3u8', token: '', expire: '', type: '' },
    });
    // The original plays directly while it is the pick.
    expect(playbackOf([original, remux, low], 'auto')).toEqual({
      media: original,
      url: original.link.url,
      hls: false,
    });
    // A level: the master playlist of the tallest rendition (the default is not HLS), held there.
    expect(playbackOf([original, remux, low], '480p')).toEqual({
      media: low,
      url: 'https://c.example/t1/hls/master.m3u8',
      hls: true,
      level: '480p',
    });
    const served = [{ ...original, is_default: false }, { ...remux, is_default: true }, low];
    expect(playbackOf(served, 'auto')?.url).toBe('https://c.example/t1/hls/master.m3u8');
    expect(playbackOf(served, '480p')?.url).toBe('https://c.example/t1/hls/master.m3u8');
    expect(playbackOf(served, 'original')?.url).toBe(original.link.url);
    // Where the browser plays HLS itself, a level is its rendition's own playlist.
    expect(playbackOf(served, '480p', true)?.url).toBe('https://c.example/t2/hls/index.m3u8');
    expect(masterUrlOf('https://c.example/t/hls/index.m3u8?audio=1')).toBe(
      'https://c.example/t/hls/master.m3u8?audio=1',
    );
    // The menu lists the levels hls.js read from the master playlist, once it has.
    expect(
      qualityOptionsOf(served, [
        { name: '480p', height: 480 },
        { name: 'remux', height: 1080 },
      ]).map((option) => option.id),
    ).toEqual(['auto', 'original', 'remux', '480p']);
    expect(qualityOptionsOf([remux], [{ name: 'remux', height: 1080 }])).toEqual([]);
  });

  it('leaves out an original the browser cannot play, and names the remux', () => {
    const original = media({
      media_id: 'o',
      is_origin: true,
      is_playable: false,
      unsupported_codecs: ['ac3'],
    });
    const remux = media({
      media_id: 'rx',
      media_name: 'Remux',
      rendition: 'remux',
      is_default: true,
      link: { url: 'https://c.example/rx/index.m3u8?sig=1', token: '', expire: '', type: '' },
    });
    const low = hls('r480', 480);
    expect(defaultMediaOf([original, remux, low])).toBe(remux);
    expect(qualityOptionsOf([original, remux, low]).map((option) => option.label)).toEqual([
      'auto',
      'remux',
      '480p',
    ]);
    expect(isHlsMedia(remux)).toBe(true);
    expect(isHlsMedia(original)).toBe(false);
    expect(unsupportedCodecsOf([original, remux])).toEqual(['ac3']);
  });

  it('finds nothing to play when the original is not playable and there is no rendition', () => {
    const original = media({
      media_id: 'o',
      is_origin: true,
      is_default: true,
      is_playable: false,
    });
    expect(defaultMediaOf([original])).toBeUndefined();
    expect(defaultMediaOf(undefined)).toBeUndefined();
  });

  it('asks a playlist for another audio stream, keeping its signature', () => {
    expect(withAudioStream('https://c.example/p.m3u8?sig=x', 2)).toBe(
      'https://c.example/p.m3u8?sig=x&audio=2',
    );
    expect(withAudioStream('/p.m3u8?audio=1', 0)).toBe('/p.m3u8?audio=0');
    expect(withAudioStream('/p.m3u8', undefined)).toBe('/p.m3u8');
  });

  it('burns a picture subtitle into the transcode playing, else the default or 720p one, never a remux', () => {
    const original = media({ media_id: 'o', is_origin: true, is_default: true });
    const remux = hls('rx', 1080, { rendition: 'remux', media_name: 'Remux' });
    const low = hls('r480', 480);
    const mid = hls('r720', 720);
    expect(burnMediaOf([original, remux, low, mid], low)).toBe(low);
    expect(burnMediaOf([original, remux, low, mid], remux)).toBe(mid);
    expect(burnMediaOf([original, remux, low], original)).toBe(low);
    expect(burnMediaOf([original, remux], remux)).toBeUndefined();
    expect(withBurnedSubtitle('https://c.example/p.m3u8?audio=1', 'e3')).toBe(
      'https://c.example/p.m3u8?audio=1&burn=e3',
    );
    expect(withBurnedSubtitle('/p.m3u8', undefined)).toBe('/p.m3u8');
  });
});
