import iconv from 'iconv-lite';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';
import {
  assScript,
  contentOrigin,
  countingRunner,
  cuesOf,
  fetchLink,
  useTracksClip,
} from './media-clip';

/*
 * Subtitles, audio tracks and storyboards of a real ffmpeg-made clip (docs/api.md#media-tracks):
 * sidecar files in UTF-8, Windows-1251 and ASS, an embedded SubRip stream, two audio streams,
 * the storyboard's map and sprite, and the content cache that a second drive reuses.
 */

interface Link {
  url: string;
  type: string;
}

interface TracksBody {
  audio: {
    index: number;
    language: string;
    title: string;
    codec: string;
    channels: number;
    is_default: boolean;
  }[];
  subtitles: {
    id: string;
    language: string;
    label: string;
    source: string;
    kind: string;
    is_forced: boolean;
    link: Link | null;
  }[];
  storyboard: { vtt: Link; interval: number } | null;
}

const englishSrt =
  '1\r\n00:00:00,250 --> 00:00:01,000\r\nHello <font color="red">there</font>\r\n\r\n' +
  '2\r\n00:00:01,100 --> 00:00:02,500\r\n<b>General</b> Kenobi\r\n';
const russianText = 'Привет, мир! Как у тебя дела сегодня?';
const russianSrt = iconv.encode(
  `1\r\n00:00:00,400 --> 00:00:01,900\r\n${russianText}\r\n`,
  'win1251',
);
const portugueseAss = assScript([
  'Dialogue: 0,0:00:00.50,0:00:01.50,Default,,0,0,0,,{\\an8\\pos(10,10)}Olá {\\i1}mundo{\\i0} <script>',
  'Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\p1}m 0 0 l 100 0 100 100{\\p0}',
  'Dialogue: 0,0:00:02.00,0:00:02.80,Default,,0,0,0,,Tchau',
]);

const source = useTracksClip();

describe.each(dialects)('media tracks of a video on %s', (dialect) => {
  let t: TestApp;
  let counter = countingRunner();
  let clock = testClock();

  beforeEach(async () => {
    counter = countingRunner();
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { CONTENT_ORIGIN: contentOrigin, CONTENT_LINK_TTL_SECONDS: '3600' },
      { now: clock.now, trackRunner: counter.runner },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  async function tracksOf(headers: Record<string, string>, fileId: string): Promise<TracksBody> {
    return ok<TracksBody>(
      await t.app.inject({ method: 'GET', url: `/drive/v1/files/${fileId}/media_tracks`, headers }),
    );
  }

  async function vttOf(link: Link | null | undefined): Promise<string> {
    expect(link?.type).toBe('text/vtt');
    const fetched = await fetchLink(t, link?.url ?? '');
    expect(fetched.statusCode, fetched.body).toBe(200);
    expect(fetched.headers['content-type']).toBe('text/vtt; charset=utf-8');
    return fetched.body;
  }

  it('lists the audio streams, the embedded and sidecar subtitles as WebVTT, and a storyboard that covers the video', async () => {
    const a = await signedInMember(t);
    const folder = await t.container.files.createFolder(a.user.id, { name: 'Films', parentId: '' });
    const video = await storeFile(t, a.user.id, 'Movie.mkv', source.clip, folder.id);
    await storeFile(t, a.user.id, 'Movie.en.srt', englishSrt, folder.id);
    await storeFile(t, a.user.id, 'movie.RU.srt', russianSrt, folder.id);
    await storeFile(t, a.user.id, 'Movie.pt-BR.forced.ass', portugueseAss, folder.id);
    await storeFile(t, a.user.id, 'Other.srt', englishSrt, folder.id);
    await storeFile(t, a.user.id, 'Movie.en.srt', englishSrt);

    const tracks = await tracksOf(a.headers, video.id);
    expect(tracks.audio).toEqual([
      { index: 0, language: 'en', title: 'Main', codec: 'aac', channels: 1, is_default: true },
      {
        index: 1,
        language: 'ru',
        title: 'Commentary',
        codec: 'aac',
        channels: 2,
        is_default: false,
      },
    ]);
    const byLabel = new Map(tracks.subtitles.map((track) => [track.label, track]));
    expect(tracks.subtitles.map((track) => [track.source, track.language, track.kind])).toEqual(
      expect.arrayContaining([
        ['embedded', 'fr', 'text'],
        ['embedded', 'de', 'text'],
        ['sidecar', 'en', 'text'],
        ['sidecar', 'ru', 'text'],
        ['sidecar', 'pt-BR', 'text'],
      ]),
    );
    expect(tracks.subtitles).toHaveLength(5);
    expect(byLabel.get('Movie.pt-BR.forced.ass')?.is_forced).toBe(true);

    const embedded = tracks.subtitles.find((track) => track.language === 'fr');
    // The muxer moved every stream by the AAC priming (23 ms) when it made the clip.
    const cues = cuesOf(await vttOf(embedded?.link));
    expect(cues.map((cue) => cue.text)).toEqual(['Bonjour', 'Au revoir']);
    expect(cues.map((cue) => [cue.start, cue.end])).toEqual([
      [expect.closeTo(0.5, 1), expect.closeTo(1.2, 1)],
      [expect.closeTo(1.5, 1), expect.closeTo(2.75, 1)],
    ]);
    // Embedded ASS: the fade and the drawing dropped, bold kept, the HTML made text.
    expect(cuesOf(await vttOf(byLabel.get('Deutsch')?.link)).map((cue) => cue.text)).toEqual([
      '<b>Hallo</b> &lt;img src=x onerror=alert(1)>',
    ]);
    expect(cuesOf(await vttOf(byLabel.get('Movie.en.srt')?.link))).toEqual([
      { start: 0.25, end: 1, text: 'Hello there' },
      { start: 1.1, end: 2.5, text: '<b>General</b> Kenobi' },
    ]);
    expect(cuesOf(await vttOf(byLabel.get('movie.RU.srt')?.link))).toEqual([
      { start: 0.4, end: 1.9, text: russianText },
    ]);
    // ASS: override tags and drawings dropped, italics kept, a stray tag made text.
    expect(cuesOf(await vttOf(byLabel.get('Movie.pt-BR.forced.ass')?.link))).toEqual([
      { start: 0.5, end: 1.5, text: 'Olá <i>mundo</i> &lt;script>' },
      { start: 2, end: 2.8, text: 'Tchau' },
    ]);

    expect(tracks.storyboard?.interval).toBe(1);
    const map = cuesOf(await vttOf(tracks.storyboard?.vtt));
    expect(map[0]?.start).toBe(0);
    expect(map.at(-1)?.end).toBeCloseTo(3, 1);
    for (let n = 1; n < map.length; n += 1) {
      expect(map[n]?.start).toBe(map[n - 1]?.end);
    }
    const sprites = new Set(map.map((cue) => cue.text.split('#')[0] ?? ''));
    expect(sprites.size).toBe(1);
    const [spriteUrl = ''] = [...sprites];
    const sprite = await fetchLink(t, spriteUrl);
    expect(sprite.statusCode).toBe(200);
    expect(sprite.headers['content-type']).toBe('image/jpeg');
    const image = await sharp(sprite.rawPayload).metadata();
    for (const cue of map) {
      const [x = -1, y = -1, w = 0, h = 0] = (cue.text.split('#xywh=')[1] ?? '')
        .split(',')
        .map(Number);
      expect(w).toBe(160);
      expect(h).toBe(90);
      expect(x + w).toBeLessThanOrEqual(image.width);
      expect(y + h).toBeLessThanOrEqual(image.height);
    }
  });

  it('converts the same bytes once: a second member with the same video and subtitles runs no ffmpeg', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const first = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    await storeFile(t, a.user.id, 'Film.srt', englishSrt);
    const second = await storeFile(t, b.user.id, 'Copy.mkv', source.clip);
    await storeFile(t, b.user.id, 'Copy.en.srt', englishSrt);

    async function fetchAll(headers: Record<string, string>, fileId: string) {
      const tracks = await tracksOf(headers, fileId);
      const bodies = [];
      for (const track of tracks.subtitles) {
        bodies.push(await vttOf(track.link));
      }
      const map = await vttOf(tracks.storyboard?.vtt);
      const sprite = cuesOf(map)[0]?.text.split('#')[0] ?? '';
      expect((await fetchLink(t, sprite)).statusCode).toBe(200);
      return bodies;
    }
    const made = await fetchAll(a.headers, first.id);
    const runs = counter.ffmpegRuns();
    // Both embedded streams in one run, the sidecar and the storyboard.
    expect(runs).toBe(3);
    expect(await fetchAll(b.headers, second.id)).toEqual(made);
    expect(counter.ffmpegRuns()).toBe(runs);
  });

  it('answers not_found for another member’s video and its links keep to their own video', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const video = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    const answer = await t.app.inject({
      method: 'GET',
      url: `/drive/v1/files/${video.id}/media_tracks`,
      headers: b.headers,
    });
    expect(answer.statusCode).toBe(404);
    expect(errorOf(answer).error).toBe('not_found');
    const forged = await fetchLink(t, `${contentOrigin}/content/v1/tracks/abc.def`);
    expect(forged.statusCode).toBe(403);
    expect(errorOf(forged).error).toBe('content_link_invalid');
    expect(forged.headers['content-security-policy']).toBe("default-src 'none'; sandbox");

    const tracks = await tracksOf(a.headers, video.id);
    clock.advance(3601 * 1000);
    const expired = await fetchLink(t, tracks.subtitles[0]?.link?.url ?? '');
    expect(expired.statusCode).toBe(403);
    expect(errorOf(expired).error).toBe('content_link_expired');
    clock.advance(-3601 * 1000);
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:batchTrash',
        headers: a.headers,
        payload: { ids: [video.id] },
      }),
    );
    const gone = await fetchLink(t, tracks.subtitles[0]?.link?.url ?? '');
    expect(gone.statusCode).toBe(404);
    expect(errorOf(gone).error).toBe('not_found');
  });

  it('refuses hostile subtitle files with a clear error, and a file that is not subtitles on pick', async () => {
    const a = await signedInMember(t);
    const video = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    const garbage = Buffer.from(Array.from({ length: 4000 }, (_, n) => (n * 7919) % 256));
    await storeFile(t, a.user.id, 'Film.xx.srt', garbage);
    await storeFile(t, a.user.id, 'Film.yy.srt', 'no cues here, just words\n');
    await storeFile(t, a.user.id, 'Film.zz.srt', Buffer.alloc(5 * 1024 * 1024, 0x41));
    const tracks = await tracksOf(a.headers, video.id);
    const sidecars = tracks.subtitles.filter((track) => track.source === 'sidecar');
    expect(sidecars).toHaveLength(3);
    for (const track of sidecars) {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const answer = await fetchLink(t, track.link?.url ?? '');
        expect(answer.statusCode, answer.body).toBe(400);
        expect(errorOf(answer).error).toBe('failed_precondition');
      }
    }

    const notes = await storeFile(t, a.user.id, 'notes.txt', 'hello');
    const refused = await t.app.inject({
      method: 'POST',
      url: `/drive/v1/files/${video.id}/media_tracks:pick`,
      headers: a.headers,
      payload: { subtitle_file_id: notes.id },
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).error).toBe('invalid_argument');
  });

  it('reads nothing outside a hostile or truncated video and answers clearly', async () => {
    const a = await signedInMember(t);
    const playlist =
      '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n';
    const evil = await storeFile(t, a.user.id, 'Evil.mkv', playlist);
    await storeFile(t, a.user.id, 'Evil.srt', playlist);
    const concat = await storeFile(
      t,
      a.user.id,
      'List.mp4',
      "ffconcat version 1.0\nfile '/etc/passwd'\n",
    );
    for (const file of [evil, concat]) {
      expect(await tracksOf(a.headers, file.id)).toEqual({
        audio: [],
        subtitles: [],
        storyboard: null,
      });
    }
    expect(counter.ffmpegRuns()).toBe(0);

    const truncated = await storeFile(
      t,
      a.user.id,
      'Cut.mkv',
      source.clip.subarray(0, Math.floor(source.clip.length / 2)),
    );
    const tracks = await tracksOf(a.headers, truncated.id);
    // The half that is there still lists and serves; what ffmpeg cannot read answers clearly.
    expect(tracks.audio).toHaveLength(2);
    expect(tracks.subtitles).toHaveLength(2);
    for (const link of [tracks.storyboard?.vtt, ...tracks.subtitles.map((track) => track.link)]) {
      if (link) {
        const answer = await fetchLink(t, link.url);
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        if (answer.statusCode !== 200) {
          expect(errorOf(answer).error).toBe('failed_precondition');
        }
      }
    }
  });

  it('adds a subtitle file the member picks from anywhere in the drive, for that member only', async () => {
    const a = await signedInMember(t);
    const b = await signedInMember(t);
    const video = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    const folder = await t.container.files.createFolder(a.user.id, { name: 'Subs', parentId: '' });
    const picked = await storeFile(t, a.user.id, 'whatever.de.srt', englishSrt, folder.id);
    const theirs = await storeFile(t, b.user.id, 'theirs.srt', englishSrt);

    const track = ok<TracksBody['subtitles'][number]>(
      await t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${video.id}/media_tracks:pick`,
        headers: a.headers,
        payload: { subtitle_file_id: picked.id },
      }),
    );
    expect(track).toMatchObject({ source: 'picked', language: 'de', kind: 'text' });
    expect(cuesOf(await vttOf(track.link))).toHaveLength(2);
    const listed = await tracksOf(a.headers, video.id);
    expect(listed.subtitles.filter((item) => item.source === 'picked')).toHaveLength(1);

    // A sidecar picked again is listed once.
    const sidecar = await storeFile(t, a.user.id, 'Film.srt', englishSrt);
    ok(
      await t.app.inject({
        method: 'POST',
        url: `/drive/v1/files/${video.id}/media_tracks:pick`,
        headers: a.headers,
        payload: { subtitle_file_id: sidecar.id },
      }),
    );
    const again = await tracksOf(a.headers, video.id);
    expect(
      again.subtitles.filter((item) => item.source !== 'embedded').map((item) => item.source),
    ).toEqual(['sidecar', 'picked']);

    const other = await t.app.inject({
      method: 'POST',
      url: `/drive/v1/files/${video.id}/media_tracks:pick`,
      headers: a.headers,
      payload: { subtitle_file_id: theirs.id },
    });
    expect(other.statusCode).toBe(404);
    expect(errorOf(other).error).toBe('not_found');
  });

  it('releases the converted tracks of content no file references any more', async () => {
    const a = await signedInMember(t);
    const video = await storeFile(t, a.user.id, 'Film.mkv', source.clip);
    const tracks = await tracksOf(a.headers, video.id);
    await vttOf(tracks.subtitles[0]?.link);
    await vttOf(tracks.storyboard?.vtt);
    const sha256 = video.sha256 ?? '';
    const stored = await t.container.trackCache.find(sha256, 'sub:3');
    expect(stored).toBeDefined();
    expect((await t.container.blobRecords.find(stored?.blobSha256 ?? ''))?.refCount).toBe(1);

    expect(await t.container.trackCache.releaseOrphans()).toBe(0);
    ok(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/files:batchDelete',
        headers: a.headers,
        payload: { ids: [video.id] },
      }),
    );
    // Both subtitle streams, the storyboard's map and its one sprite.
    expect(await t.container.trackCache.releaseOrphans()).toBe(4);
    expect(await t.container.trackCache.find(sha256, 'sub:3')).toBeUndefined();
    expect((await t.container.blobRecords.find(stored?.blobSha256 ?? ''))?.refCount).toBe(0);
    expect(await t.container.trackCache.releaseOrphans()).toBe(0);
  });
});
