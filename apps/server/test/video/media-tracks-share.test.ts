import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import type { TrackToolRunner } from '../../src/modules/video/tracks/track-tools';
import { contentOrigin, countingRunner, cuesOf, fetchLink, useTracksClip } from './media-clip';

/*
 * A share's visitors get a video's media tracks through the share's own access rules
 * (docs/api.md#media-tracks), and each member keeps their own player choices.
 */

interface TracksBody {
  audio: { language: string }[];
  subtitles: { label: string; source: string; link: { url: string } | null }[];
  storyboard: { vtt: { url: string } } | null;
}

const source = useTracksClip();

describe.each(dialects)('media tracks through a share on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: testClock().now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function sharedTracks(query: Record<string, string>) {
    return t.app.inject({
      method: 'GET',
      url: `/drive/v1/share/media_tracks?${new URLSearchParams(query).toString()}`,
    });
  }

  it('lists a shared video’s tracks for a visitor with the pass code, sidecars only when shared too, and stops when the share is cancelled', async () => {
    const owner = await signedInMember(t);
    const folder = await t.container.files.createFolder(owner.user.id, {
      name: 'Films',
      parentId: '',
    });
    const video = await storeFile(t, owner.user.id, 'Movie.mkv', source.clip, folder.id);
    await storeFile(
      t,
      owner.user.id,
      'Movie.en.srt',
      '1\n00:00:01,000 --> 00:00:02,000\nHi\n',
      folder.id,
    );
    const lone = await storeFile(t, owner.user.id, 'Lone.mkv', source.clip);
    await storeFile(t, owner.user.id, 'Lone.en.srt', '1\n00:00:01,000 --> 00:00:02,000\nHi\n');

    const made = ok<{ share_id: string; pass_code: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: owner.headers,
        payload: { file_ids: [folder.id, lone.id] },
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code }).toString()}`,
      }),
    );
    const query = {
      share_id: made.share_id,
      file_id: video.id,
      pass_code_token: opened.pass_code_token,
    };

    // Without the pass code's token the share is not open to the visitor.
    const locked = await sharedTracks({ ...query, pass_code_token: '' });
    expect(locked.statusCode).toBe(404);
    expect(errorOf(locked).error).toBe('not_found');

    const tracks = ok<TracksBody>(await sharedTracks(query));
    expect(tracks.audio.map((track) => track.language)).toEqual(['en', 'ru']);
    expect(tracks.subtitles.map((track) => [track.source, track.label])).toEqual([
      ['embedded', ''],
      ['embedded', 'Deutsch'],
      ['sidecar', 'Movie.en.srt'],
    ]);
    const sidecar = tracks.subtitles[2]?.link?.url ?? '';
    const fetched = await fetchLink(t, sidecar);
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(cuesOf(fetched.body)).toEqual([{ start: 1, end: 2, text: 'Hi' }]);
    expect((await fetchLink(t, tracks.storyboard?.vtt.url ?? '')).statusCode).toBe(200);

    // The lone video is shared, its sidecar (outside the share) is not.
    const loneTracks = ok<TracksBody>(await sharedTracks({ ...query, file_id: lone.id }));
    expect(loneTracks.subtitles.map((track) => track.source)).toEqual(['embedded', 'embedded']);

    // A file of another member, not in the share.
    const stranger = await signedInMember(t);
    const theirs = await storeFile(t, stranger.user.id, 'Theirs.mkv', source.clip);
    const outside = await sharedTracks({ ...query, file_id: theirs.id });
    expect(outside.statusCode).toBe(404);
    expect(errorOf(outside).error).toBe('not_found');

    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share:batchDelete',
        headers: owner.headers,
        payload: { ids: [made.share_id] },
      }),
    );
    const cancelled = await sharedTracks(query);
    expect(cancelled.statusCode).toBe(404);
    expect(errorOf(cancelled).error).toBe('not_found');
    for (const url of [
      sidecar,
      tracks.subtitles[0]?.link?.url ?? '',
      tracks.storyboard?.vtt.url ?? '',
    ]) {
      const refused = await fetchLink(t, url);
      expect(refused.statusCode).toBe(404);
      expect(errorOf(refused).error).toBe('not_found');
    }
  });

  it('keeps each member’s player choices, changing only what is sent', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const get = async (headers: Record<string, string>) =>
      ok<Record<string, string>>(
        await t.app.inject({ method: 'GET', url: '/drive/v1/media_preferences', headers }),
      );
    expect(await get(a.headers)).toEqual({
      audio_language: '',
      subtitle_language: '',
      subtitle_size: 'medium',
      subtitle_position: 'bottom',
    });
    const put = (headers: Record<string, string>, payload: Record<string, string>) =>
      t.app.inject({ method: 'PUT', url: '/drive/v1/media_preferences', headers, payload });
    ok(await put(a.headers, { audio_language: 'ja', subtitle_language: 'en' }));
    expect(ok(await put(a.headers, { subtitle_size: 'large' }))).toEqual({
      audio_language: 'ja',
      subtitle_language: 'en',
      subtitle_size: 'large',
      subtitle_position: 'bottom',
    });
    expect((await get(a.headers)).subtitle_size).toBe('large');
    expect((await get(b.headers)).audio_language).toBe('');
    expect((await put(a.headers, { subtitle_position: 'middle' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'GET', url: '/drive/v1/media_preferences' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.each(dialects)('image subtitles on %s', (dialect) => {
  let t: TestApp;

  beforeEach(async () => {
    // ffmpeg cannot make PGS or VobSub from text, so ffprobe's answer names them.
    const real = countingRunner().runner;
    const runner: TrackToolRunner = async (command, args, options) =>
      command === 'ffprobe'
        ? Buffer.from(
            JSON.stringify({
              streams: [
                { index: 0, codec_type: 'video', codec_name: 'h264' },
                { index: 1, codec_type: 'audio', codec_name: 'ac3', channels: 6 },
                {
                  index: 2,
                  codec_type: 'subtitle',
                  codec_name: 'hdmv_pgs_subtitle',
                  tags: { language: 'jpn' },
                  disposition: { default: 0, forced: 1 },
                },
                { index: 3, codec_type: 'subtitle', codec_name: 'dvd_subtitle' },
              ],
            }),
          )
        : real(command, args, options);
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: testClock().now, trackRunner: runner },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  it('lists PGS and VobSub streams as image subtitles without a link', async () => {
    const a = await signedInMember(t);
    const video = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    const tracks = ok<TracksBody & { subtitles: { kind: string; language: string }[] }>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/files/${video.id}/media_tracks`,
        headers: a.headers,
      }),
    );
    expect(tracks.subtitles).toEqual([
      expect.objectContaining({
        id: 'e2',
        kind: 'image',
        language: 'ja',
        is_forced: true,
        link: null,
      }),
      expect.objectContaining({ id: 'e3', kind: 'image', language: '', link: null }),
    ]);
    expect(tracks.audio).toEqual([
      { index: 0, language: '', title: '', codec: 'ac3', channels: 6, is_default: false },
    ]);
  });
});
