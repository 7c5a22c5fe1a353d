import { AppError } from '../../../http/app-error';
import { createSingleFlight } from '../../../lib/single-flight';
import { withBlobFile } from '../../content/blob-file';
import type { MediaService } from '../../content/media.service';
import type { BlobStore } from '../../storage/blob-store';
import type { SidecarName } from './sidecar-names';
import { drawStoryboard, storyboardVtt, type StoryboardLayout } from './storyboard';
import {
  decodeSubtitleText,
  embeddedSubtitlesToVtt,
  maxSubtitleBytes,
  SubtitleError,
  subtitleFormats,
  subtitleTextToVtt,
} from './subtitle-convert';
import type { TrackCache } from './track-cache';
import { TrackToolBusy, type TrackToolRunner } from './track-tools';

export interface TrackMakerDeps {
  media: Pick<MediaService, 'analyze'>;
  store: Pick<BlobStore, 'get' | 'localPath'>;
  cache: TrackCache;
  run: TrackToolRunner;
  tempDir: string;
  logger?: { warn(message: string): void };
}

/** A file with stored bytes. */
interface Stored {
  sha256: string;
  size: number;
}

/** How many failed conversions are remembered, so a hostile file is not converted again and again. */
const maxFailures = 10_000;

function cannotConvert(description: string): AppError {
  return new AppError('failed_precondition', { description });
}

/**
 * Makes converted tracks on first use and keeps them by content (`TrackCache`): WebVTT of an
 * embedded text stream (`sub:<stream>` of the video's bytes) or of a subtitle file (`vtt` of its
 * bytes), and a video's storyboard (`board` and `sprite:<n>`). Parallel requests share one
 * ffmpeg run; a conversion that failed answers its error again without running ffmpeg.
 */
export function createTrackMaker(deps: TrackMakerDeps) {
  const { cache, run } = deps;
  const once = createSingleFlight();
  const failures = new Map<string, string>();

  function remember(key: string, reason: string): void {
    if (failures.size >= maxFailures) {
      failures.clear();
    }
    failures.set(key, reason);
  }

  async function cached(
    source: string,
    key: string,
    make: () => Promise<{ key: string; bytes: Buffer; contentType: string; meta?: string }[]>,
  ): Promise<{ bytes: Buffer; meta: string }> {
    const known = await cache.find(source, key);
    if (known) {
      return { bytes: await cache.read(known), meta: known.meta };
    }
    const failed = failures.get(`${source}:${key}`);
    if (failed !== undefined) {
      throw cannotConvert(failed);
    }
    return once(`${source}:${key}`, async () => {
      let made: Awaited<ReturnType<typeof make>>;
      try {
        made = await make();
      } catch (error) {
        if (error instanceof TrackToolBusy) {
          throw new AppError('unavailable', {
            description: 'The server is busy converting media; try again in a moment',
            retryAfterSeconds: 5,
          });
        }
        const reason =
          error instanceof SubtitleError ? error.message : 'This video has no seek-bar previews';
        deps.logger?.warn(
          `track ${key} of ${source} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
        remember(`${source}:${key}`, reason);
        throw cannotConvert(reason);
      }
      await cache.save(source, made);
      const wanted = made.find((track) => track.key === key);
      if (!wanted) {
        // The run made the other tracks it was asked for, not this one.
        remember(`${source}:${key}`, 'The subtitle stream could not be read');
        throw cannotConvert('The subtitle stream could not be read');
      }
      return { bytes: wanted.bytes, meta: wanted.meta ?? '' };
    });
  }

  async function readSmall(file: Stored): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.store.get(file.sha256, {
      start: 0,
      end: Math.max(0, file.size - 1),
    })) {
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  async function storyboard(video: Stored): Promise<StoryboardLayout> {
    const { meta } = await cached(video.sha256, 'board', async () => {
      const info = await deps.media.analyze(video);
      const duration = info.durationMs / 1000;
      if (info.kind !== 'video' || !(duration > 0)) {
        throw new Error('not a video with a duration');
      }
      const drawn = await withBlobFile(deps.store, deps.tempDir, video.sha256, (file) =>
        drawStoryboard(run, file, duration, deps.tempDir),
      );
      const layout = JSON.stringify(drawn.layout);
      return [
        ...drawn.sprites.map((bytes, n) => ({
          key: `sprite:${String(n)}`,
          bytes,
          contentType: 'image/jpeg',
        })),
        // Stored last: once the map's row is there, every sprite it names is too.
        {
          key: 'board',
          bytes: Buffer.from(layout, 'utf8'),
          contentType: 'application/json',
          meta: layout,
        },
      ];
    });
    return JSON.parse(meta) as StoryboardLayout;
  }

  return {
    /**
     * WebVTT of an embedded text subtitle stream of a video; the first one asked converts every
     * text stream of the video (`textStreams`) in the same run.
     */
    async embeddedVtt(video: Stored, stream: number, textStreams: number[]): Promise<Buffer> {
      const key = `sub:${String(stream)}`;
      return (
        await cached(video.sha256, key, async () => {
          const made = await withBlobFile(deps.store, deps.tempDir, video.sha256, (file) =>
            embeddedSubtitlesToVtt(run, file, textStreams, deps.tempDir),
          );
          return [...made].map(([n, bytes]) => ({
            key: `sub:${String(n)}`,
            bytes,
            contentType: 'text/vtt',
          }));
        })
      ).bytes;
    },

    /** WebVTT of a subtitle file (charset found, converted), refused past the size cap. */
    async fileVtt(subtitle: Stored, facts: SidecarName): Promise<Buffer> {
      if (subtitle.size > maxSubtitleBytes) {
        throw cannotConvert('The subtitle file is too large');
      }
      const format = subtitleFormats[facts.extension] ?? 'srt';
      return (
        await cached(subtitle.sha256, 'vtt', async () => [
          {
            key: 'vtt',
            bytes: await subtitleTextToVtt(
              run,
              decodeSubtitleText(await readSmall(subtitle)),
              format,
            ),
            contentType: 'text/vtt',
          },
        ])
      ).bytes;
    },

    storyboard,

    /** The storyboard's WebVTT map, with each sprite's link. */
    storyboardMap(layout: StoryboardLayout, spriteUrl: (sprite: number) => string): string {
      return storyboardVtt(layout, spriteUrl);
    },

    /** Sprite `n` of a video's storyboard. */
    async sprite(video: Stored, n: number): Promise<Buffer> {
      const layout = await storyboard(video);
      if (!Number.isInteger(n) || n < 0 || n >= layout.sprites) {
        throw new AppError('not_found');
      }
      const record = await cache.find(video.sha256, `sprite:${String(n)}`);
      if (!record) {
        throw new AppError('not_found');
      }
      return cache.read(record);
    },
  };
}
