import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSiblingApp, buildTestApp, dialects, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { startS3Server, s3Env, type TestS3Server } from '../s3-server';
import { storeFile } from '../support/stored-file';
import { startRedis, type TestRedis } from '../support/redis-server';
import {
  clipDir,
  contentOrigin,
  countingRunner,
  h264,
  makeClip,
  probe,
  type MediaBody,
} from './video-fixture';

let dir = '';
let clip = Buffer.alloc(0);
let redis: TestRedis;

beforeAll(async () => {
  dir = await clipDir();
  [redis, clip] = await Promise.all([
    startRedis(),
    makeClip(dir, 'film.mkv', h264, ['-c:a', 'ac3'], 12).then((file) => fs.readFile(file)),
  ]);
}, 60_000);
afterAll(async () => {
  await redis.stop();
  await fs.rm(dir, { recursive: true, force: true });
});

function fetchContent(t: TestApp, url: string) {
  const parsed = new URL(url, contentOrigin);
  return t.app.inject({
    method: 'GET',
    url: parsed.pathname + parsed.search,
    headers: { host: parsed.host },
  });
}

// Two API nodes of a fleet, each with its own segment cache on its own disk, over one database,
// one bucket and one Redis: a film one node transcodes is not transcoded again by the other.
describe.each(dialects)('video segments in a fleet on %s', (dialect) => {
  it('gives node B the segments of node A’s run through the bucket, with no ffmpeg run of its own', async () => {
    // A bucket of its own: the other dialect's run left this film's segments in the first one.
    const s3: TestS3Server = await startS3Server();
    const prefix = `test-${randomBytes(4).toString('hex')}:`;
    const shared = {
      CONTENT_ORIGIN: contentOrigin,
      REDIS_URL: redis.url,
      REDIS_PREFIX: prefix,
      ...s3Env(s3),
    };
    const runners = [countingRunner(), countingRunner()] as const;
    const caches = await Promise.all([0, 1].map(() => clipDir()));
    const a = await buildTestApp(
      dialect,
      { ...shared, TRANSCODE_CACHE_DIR: caches[0]! },
      { mediaRunner: runners[0] },
    );
    const b = await buildSiblingApp(
      a,
      { ...shared, TRANSCODE_CACHE_DIR: caches[1]! },
      { mediaRunner: runners[1] },
    );
    const inspect = new Redis(redis.url);
    try {
      const { user, headers } = await signedInMember(a);
      const film = await storeFile(a, user.id, 'film.mkv', clip);
      const answer = await a.app.inject({ url: `/drive/v1/files/${film.id}`, headers });
      const remux = answer.json<{ medias: MediaBody[] }>().medias.find((m) => !m.is_origin);
      expect(remux?.link.type, answer.body).toBe('application/vnd.apple.mpegurl');
      const playlist = await fetchContent(a, remux!.link.url);
      const urls = playlist.body
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#'))
        .map((line) => new URL(line, remux!.link.url).toString());
      expect(urls.length).toBeGreaterThanOrEqual(3);

      // Node A's run starts held, so node B finds it advertised and short of segments 1 and 2.
      runners[0].hold = true;
      const playing = [fetchContent(a, urls[0]!), fetchContent(a, urls[1]!)];
      await expect
        .poll(() => inspect.keys(`${prefix}transcode:run:*`), { interval: 50, timeout: 10_000 })
        .toHaveLength(1);
      const asked = [fetchContent(b, urls[1]!), fetchContent(b, urls[2]!)];
      await new Promise((resolve) => setTimeout(resolve, 300));
      runners[0].release();

      const segments = await Promise.all([...playing, ...asked]);
      for (const segment of segments) {
        expect(segment.statusCode, segment.body.slice(0, 200)).toBe(200);
      }
      expect(segments[1]!.rawPayload.equals(segments[2]!.rawPayload)).toBe(true);
      const decoded = await probe(dir, segments[3]!.rawPayload);
      expect(decoded.streams).toEqual(['audio:aac', 'video:h264']);
      expect(decoded.videoFrames).toBeGreaterThan(0);
      // Segment 0 A made earlier comes from the bucket too.
      expect((await fetchContent(b, urls[0]!)).rawPayload.equals(segments[0]!.rawPayload)).toBe(
        true,
      );
      expect(runners[0].runs.filter((run) => run === 'ffmpeg')).toHaveLength(1);
      expect(runners[1].runs.filter((run) => run === 'ffmpeg')).toHaveLength(0);
      // Node B keeps what it read in its own cache.
      const kept = await fs.readdir(caches[1]!, { recursive: true });
      expect(kept.filter((name) => /\d+\.ts$/.test(path.basename(name)))).toHaveLength(3);
      // It needed no copy of the film from the bucket: it ran nothing on it.
      expect(kept.filter((name) => name.startsWith('sources'))).toEqual([]);
      // The run's advert goes when the run ends.
      await expect
        .poll(() => inspect.keys(`${prefix}transcode:run:*`), { interval: 100, timeout: 5_000 })
        .toHaveLength(0);
    } finally {
      inspect.disconnect();
      await b.close();
      await a.close();
      await s3.close();
      await Promise.all(caches.map((cache) => fs.rm(cache, { recursive: true, force: true })));
    }
  });
});
