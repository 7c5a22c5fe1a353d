import { describe, expect, it } from 'vitest';
import type { PlayerMedia } from './media-choice';
import {
  burnMediaOf,
  defaultMediaOf,
  isHlsMedia,
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
      ['o', 'original'],
      ['r720', '720p'],
      ['r480', '480p'],
    ]);
    expect(qualityOptionsOf(medias)[0]?.media).toBe(high);
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
