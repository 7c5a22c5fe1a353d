import { parseMediaCodecs } from '@nimbus/contracts';
import { describe, expect, it } from 'vitest';
import { decidePlayback, hlsRenditions, renditionPlan } from './play-decision';
import type { VideoFacts } from './video-facts';

function facts(
  container: VideoFacts['container'],
  video: string,
  audio: string | undefined,
  options: { bitDepth?: number; height?: number; demuxer?: string } = {},
): VideoFacts {
  const height = options.height ?? 1080;
  return {
    demuxer: options.demuxer ?? (container === 'mp4' ? 'mov' : 'matroska'),
    container,
    startTime: 0,
    duration: 60,
    video: {
      codec: video,
      width: Math.round((height * 16) / 9),
      height,
      bitDepth: options.bitDepth ?? 8,
    },
    audio:
      audio === undefined
        ? []
        : [{ codec: audio, channels: 2, language: '', title: '', isDefault: true }],
  };
}

const baseline = parseMediaCodecs(undefined);
const chrome = parseMediaCodecs('h264,vp9,av1,aac,mp3,opus,vorbis,flac,mp4,webm');
const safari = parseMediaCodecs('h264,hevc,aac,mp3,flac,ac3,eac3,mp4,hls');

describe('the play decision', () => {
  it.each([
    ['H.264/AAC in MP4', facts('mp4', 'h264', 'aac'), baseline, 'direct', 'original'],
    ['VP9/Opus in WebM', facts('webm', 'vp9', 'opus'), baseline, 'direct', 'original'],
    ['VP8/Vorbis in WebM', facts('webm', 'vp8', 'vorbis'), baseline, 'direct', 'original'],
    ['VP8 in WebM without VP9', facts('webm', 'vp8', undefined), safari, 'transcode', '720p'],
    ['H.264 in MP4 without audio', facts('mp4', 'h264', undefined), baseline, 'direct', 'original'],
    ['H.264/AC3 in MKV', facts('mkv', 'h264', 'ac3'), baseline, 'remux', 'remux'],
    ['H.264/DTS in MKV', facts('mkv', 'h264', 'dts'), baseline, 'remux', 'remux'],
    ['H.264/EAC3 in MP4', facts('mp4', 'h264', 'eac3'), baseline, 'remux', 'remux'],
    ['H.264/FLAC in MKV', facts('mkv', 'h264', 'flac'), baseline, 'remux', 'remux'],
    [
      'H.264/AAC in MPEG-TS',
      facts('other', 'h264', 'aac', { demuxer: 'mpegts' }),
      baseline,
      'remux',
      'remux',
    ],
    ['HEVC/AAC in MP4', facts('mp4', 'hevc', 'aac'), baseline, 'transcode', '720p'],
    ['HEVC/AAC in MP4 on Safari', facts('mp4', 'hevc', 'aac'), safari, 'direct', 'original'],
    ['HEVC/EAC3 in MKV on Safari', facts('mkv', 'hevc', 'eac3'), safari, 'remux', 'remux'],
    [
      '10-bit HEVC/AC3 in MKV on Safari',
      facts('mkv', 'hevc', 'ac3', { bitDepth: 10 }),
      safari,
      'remux',
      'remux',
    ],
    [
      '12-bit HEVC in MKV on Safari',
      facts('mkv', 'hevc', 'aac', { bitDepth: 12 }),
      safari,
      'transcode',
      '720p',
    ],
    ['VP9/AC3 in MKV on Chrome', facts('mkv', 'vp9', 'ac3'), chrome, 'remux', 'remux'],
    ['VP9/DTS in MKV', facts('mkv', 'vp9', 'dts'), baseline, 'remux', 'remux'],
    ['AV1/Opus in MKV on Chrome', facts('mkv', 'av1', 'opus'), chrome, 'remux', 'remux'],
    ['AV1/Opus in MKV', facts('mkv', 'av1', 'opus'), baseline, 'transcode', '720p'],
    ['AV1/Opus in WebM', facts('webm', 'av1', 'opus'), baseline, 'transcode', '720p'],
    ['AV1/Opus in WebM on Chrome', facts('webm', 'av1', 'opus'), chrome, 'direct', 'original'],
    [
      'MPEG-2 in MPEG-PS',
      facts('other', 'mpeg2video', 'mp2', { demuxer: 'mpeg' }),
      chrome,
      'transcode',
      '720p',
    ],
    [
      'VC-1 in ASF',
      facts('other', 'vc1', 'wmapro', { demuxer: 'asf' }),
      chrome,
      'transcode',
      '720p',
    ],
    [
      '10-bit H.264 in MKV',
      facts('mkv', 'h264', 'aac', { bitDepth: 10 }),
      chrome,
      'transcode',
      '720p',
    ],
    [
      '10-bit HEVC in MP4 on Safari',
      facts('mp4', 'hevc', 'aac', { bitDepth: 10 }),
      safari,
      'direct',
      'original',
    ],
  ] as const)('%s: %s', (_name, video, browser, mode, pick) => {
    const decision = decidePlayback(video, browser);
    expect([decision.mode, decision.defaultRendition]).toEqual([mode, pick]);
    expect(decision.originalPlayable).toBe(mode === 'direct');
  });

  it('names what the browser lacks and offers renditions up to the source height only', () => {
    const film = decidePlayback(facts('mkv', 'hevc', 'eac3', { height: 720 }), baseline);
    expect(film.unsupported).toEqual(['hevc', 'eac3', 'mkv']);
    expect(film.renditions.map((plan) => [plan.name, plan.width, plan.height])).toEqual([
      ['720p', 1280, 720],
      ['480p', 854, 480],
    ]);
    const small = decidePlayback(facts('mkv', 'hevc', 'aac', { height: 360 }), baseline);
    expect(small.renditions.map((plan) => [plan.name, plan.height])).toEqual([['480p', 360]]);
    const remux = decidePlayback(facts('mkv', 'h264', 'ac3'), baseline);
    expect(remux.renditions.map((plan) => [plan.name, plan.copyVideo])).toEqual([
      ['remux', true],
      ['720p', false],
      ['480p', false],
    ]);
  });

  it('offers nothing but the original when there is no video stream', () => {
    const none = decidePlayback({ ...facts('mkv', 'h264', 'aac'), video: null }, baseline);
    expect([none.mode, none.renditions, none.originalPlayable]).toEqual(['none', [], false]);
    expect(renditionPlan({ ...facts('mkv', 'h264', 'aac'), video: null }, '480p')).toBeUndefined();
  });

  it('plans the rendition a link names whatever browser asks: fMP4 for a remux of HEVC, VP9, AV1', () => {
    expect(renditionPlan(facts('mkv', 'hevc', 'aac'), 'remux')).toMatchObject({
      videoCodec: 'hevc',
      copyVideo: true,
      segments: 'fmp4',
    });
    expect(renditionPlan(facts('mkv', 'vp9', 'aac'), 'remux')?.segments).toBe('fmp4');
    expect(renditionPlan(facts('mkv', 'av1', 'aac', { bitDepth: 10 }), 'remux')?.segments).toBe(
      'fmp4',
    );
    expect(renditionPlan(facts('mkv', 'hevc', 'aac', { bitDepth: 12 }), 'remux')).toBeUndefined();
    expect(renditionPlan(facts('mkv', 'mpeg2video', 'aac'), 'remux')).toBeUndefined();
    expect(renditionPlan(facts('mkv', 'h264', 'aac'), 'remux')).toMatchObject({
      copyVideo: true,
      segments: 'mpegts',
    });
    expect(renditionPlan(facts('mkv', 'hevc', 'aac'), '720p')?.segments).toBe('mpegts');
    expect(renditionPlan(facts('mkv', 'h264', 'aac', { height: 480 }), '1080p')).toBeUndefined();
  });

  it('lists in the master a copied HEVC stream under the remux’s link only, else every transcode', () => {
    const names = (plans: { name: string; height: number }[]) =>
      plans.map((plan) => `${plan.name}:${String(plan.height)}`);
    const hevc = facts('mp4', 'hevc', 'aac', { height: 180 });
    expect(names(hlsRenditions(hevc, 'remux'))).toEqual(['remux:180']);
    // A browser without HEVC was given the transcode at the source's height: it is listed.
    expect(names(hlsRenditions(hevc, '480p'))).toEqual(['480p:180']);
    const tall = facts('mkv', 'hevc', 'ac3');
    expect(names(hlsRenditions(tall, '720p'))).toEqual(['1080p:1080', '720p:720', '480p:480']);
    expect(names(hlsRenditions(tall, 'remux'))).toEqual(['remux:1080', '720p:720', '480p:480']);
    // H.264 is copied into MPEG-TS, which every browser given a rendition plays.
    const film = facts('mkv', 'h264', 'ac3', { height: 720 });
    expect(names(hlsRenditions(film, '480p'))).toEqual(['remux:720', '480p:480']);
    // A burned-in subtitle needs a transcode of every height.
    expect(names(hlsRenditions(film, '480p', true))).toEqual(['720p:720', '480p:480']);
  });
});
