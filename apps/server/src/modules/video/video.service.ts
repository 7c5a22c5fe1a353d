import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseMediaCodecs, type FileMedia } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { createFleetFlight, type FleetFlight } from '../../lib/fleet-flight';
import { createSingleFlight } from '../../lib/single-flight';
import type { VideoMediaSource } from '../content/content.ports';
import type { LinkClaims, LinkSigner } from '../content/content-link';
import type { ContentService } from '../content/content.service';
import type { BlobStore } from '../storage/blob-store';
import { writesFmp4, type VideoEncoder } from './ffmpeg-args';
import type { MediaRunner, RunLimits } from './ffmpeg-runner';
import {
  audioNameOf,
  choiceQuery,
  masterPlaylist,
  mediaPlaylist,
  segmentBounds,
  variantOf,
  type HlsPart,
} from './hls-playlist';
import {
  decidePlayback,
  defaultAudioIndex,
  hlsRenditions,
  renditionPlan,
  type RenditionPlan,
} from './play-decision';
import { TranscodeBusyError, type TranscodeJobs } from './transcode-jobs';
import { probeVideo, readKeyframes, UnplayableMediaError, type VideoFacts } from './video-facts';
import { languageTag } from './tracks/track-tools';
import type { StoredVideoFacts, VideoRepository } from './video.repository';

type HlsClaims = Extract<LinkClaims, { p: 'hls' }>;

export interface VideoServiceDeps {
  videos: VideoRepository;
  runner: MediaRunner;
  jobs: TranscodeJobs;
  store: Pick<BlobStore, 'get' | 'localPath'>;
  signer: Pick<LinkSigner, 'sign'>;
  /** The content origin's check of a link's file: live, the member's, still in its share. */
  files: Pick<ContentService, 'openFile'>;
  probeLimits: RunLimits;
  encoder: VideoEncoder;
  vaapiDevice: string;
  /** Where a remote store's blob is copied for ffmpeg (local stores are read in place). */
  sourceDir: string;
  now: () => Date;
  logger?: { warn(message: string): void };
  /** Shares a video's probes among the fleet's nodes; among this node's callers without. */
  flight?: FleetFlight;
}

/** Facts of bytes ffprobe could not read: no video, so no rendition is offered. */
const unreadable: VideoFacts = {
  demuxer: '',
  container: 'other',
  startTime: 0,
  duration: 0,
  video: null,
  audio: [],
};

function mapErrors(error: unknown): never {
  if (error instanceof UnplayableMediaError) {
    throw new AppError('media_unplayable', { cause: error });
  }
  if (error instanceof TranscodeBusyError) {
    throw new AppError('transcode_busy', { cause: error, retryAfterSeconds: 5 });
  }
  throw error;
}

/**
 * Video playback (docs/product.md#video-playback): which medias a browser gets for a video, the
 * HLS playlists of its renditions, and their segments, made on demand by the transcode jobs and
 * kept in the content-addressed segment cache.
 */
export function createVideoService(deps: VideoServiceDeps) {
  const { videos, runner } = deps;
  /** Work on this node's own files (a remote blob's local copy). */
  const once = createSingleFlight();
  /** Work whose result every node reads (facts and keyframes, stored), once in the fleet. */
  const fleetOnce = deps.flight ?? createFleetFlight({ redis: undefined });

  /** A local path to the blob's bytes: the blob itself, or a kept copy for a remote store. */
  async function inputOf(sha256: string): Promise<string> {
    const local = deps.store.localPath?.(sha256);
    if (local !== undefined) {
      return local;
    }
    const copy = path.join(deps.sourceDir, sha256);
    if (await fs.stat(copy).catch(() => undefined)) {
      return copy;
    }
    return once(`copy:${sha256}`, async () => {
      await fs.mkdir(deps.sourceDir, { recursive: true });
      const temp = `${copy}.part`;
      await pipeline(await deps.store.get(sha256), createWriteStream(temp));
      await fs.rename(temp, copy);
      return copy;
    });
  }

  async function factsOf(sha256: string, extension: string): Promise<StoredVideoFacts> {
    const known = await videos.find(sha256);
    if (known) {
      return known;
    }
    const storedFacts = () => videos.find(sha256);
    return fleetOnce(`facts:${sha256}`, storedFacts, async () => {
      let facts: VideoFacts;
      try {
        facts = await probeVideo(runner, await inputOf(sha256), extension, deps.probeLimits);
      } catch (error) {
        if (!(error instanceof UnplayableMediaError)) {
          throw error;
        }
        deps.logger?.warn(`video ${sha256} cannot be played: ${error.message}`);
        facts = unreadable;
      }
      await videos.save(sha256, facts, deps.now().toISOString());
      return { facts, keyframes: undefined };
    });
  }

  async function keyframesOf(sha256: string, stored: StoredVideoFacts): Promise<number[]> {
    if (stored.keyframes) {
      return stored.keyframes;
    }
    const storedKeyframes = async () => (await videos.find(sha256))?.keyframes;
    return fleetOnce(`keys:${sha256}`, storedKeyframes, async () => {
      const keyframes = await readKeyframes(
        runner,
        await inputOf(sha256),
        stored.facts,
        // A long film's packets take longer to list than one probe.
        { ...deps.probeLimits, wallMs: deps.probeLimits.wallMs * 10 },
      );
      await videos.saveKeyframes(sha256, keyframes);
      return keyframes;
    });
  }

  function mediaOf(
    recordId: string,
    plan: RenditionPlan,
    duration: number,
    link: { url: string; token: string; expire: string },
    isDefault: boolean,
  ): FileMedia {
    return {
      media_id: `${recordId}:${plan.name}`,
      media_name: plan.name === 'remux' ? 'Remux' : plan.name,
      video: {
        width: plan.width,
        height: plan.height,
        duration,
        video_codec: plan.videoCodec,
        audio_codec: 'aac',
      },
      link: { ...link, type: 'application/vnd.apple.mpegurl' },
      is_origin: false,
      is_default: isDefault,
      is_playable: true,
      unsupported_codecs: [],
      rendition: plan.name,
    };
  }

  /** A signed link to a rendition of a member's file (through the share that gave it, if any). */
  function signRendition(file: Pick<HlsClaims, 'u' | 'f' | 'h'>, rendition: HlsClaims['r']) {
    return deps.signer.sign(
      {
        p: 'hls',
        u: file.u,
        f: file.f,
        r: rendition,
        ...(file.h === undefined ? {} : { h: file.h }),
      },
      'hls',
    );
  }

  const medias: VideoMediaSource = {
    async mediasOf({ record, original, codecs, share }) {
      const stored = await factsOf(record.sha256, record.fileExtension);
      const { facts } = stored;
      const decision = decidePlayback(facts, parseMediaCodecs(codecs));
      if (decision.mode === 'remux') {
        // The remux's cuts need the keyframes: read them now, before the player asks.
        void keyframesOf(record.sha256, stored).catch((error: unknown) => {
          deps.logger?.warn(`keyframes of ${record.sha256}: ${String(error)}`);
        });
      }
      const duration = Math.round(facts.duration);
      const renditions = decision.renditions.map((plan) => {
        const signed = signRendition(
          {
            u: record.userId,
            f: record.id,
            ...(share === undefined ? {} : { h: { s: share.shareId, k: share.stamp } }),
          },
          plan.name,
        );
        return mediaOf(
          record.id,
          plan,
          duration,
          { ...signed, url: `${signed.url}/index.m3u8` },
          decision.defaultRendition === plan.name,
        );
      });
      return [
        {
          ...original,
          is_default: decision.defaultRendition === 'original',
          is_playable: decision.originalPlayable,
          unsupported_codecs: decision.unsupported,
          rendition: 'original',
        },
        ...renditions,
      ];
    },
  };

  /**
   * A rendition of a content: its facts, plan, segment bounds, audio stream and the picture
   * subtitle burned in (`e<stream>`, as media tracks name embedded streams; transcodes only).
   */
  async function renditionOf(
    sha256: string,
    extension: string,
    rendition: RenditionPlan['name'],
    audio: number | undefined,
    burn?: string,
  ) {
    const stored = await factsOf(sha256, extension);
    const { facts } = stored;
    const chosen = renditionPlan(facts, rendition);
    if (!chosen) {
      throw new AppError('media_unplayable');
    }
    const bounds = segmentBounds(
      facts.startTime,
      facts.duration,
      chosen.copyVideo ? await keyframesOf(sha256, stored) : undefined,
    );
    const audioIndex =
      facts.audio.length === 0
        ? undefined
        : audio !== undefined && audio < facts.audio.length
          ? audio
          : defaultAudioIndex(facts);
    const burned = burn === undefined ? undefined : Number(burn.slice(1));
    if (burned !== undefined && !(facts.imageSubtitles ?? []).includes(burned)) {
      throw new AppError('invalid_argument', {
        description: 'burn names no picture subtitle stream of this video',
      });
    }
    if (burned !== undefined && chosen.copyVideo) {
      throw new AppError('invalid_argument', {
        description: 'a subtitle is burned into a transcode only, not a remux',
      });
    }
    return {
      sha256,
      rendition: rendition as string,
      facts,
      plan: chosen,
      bounds,
      audio: audioIndex,
      burn: burned,
      audioOnly: false,
    };
  }

  /**
   * The part of a rendition a playlist carries: all of it, its video alone (the master
   * playlist's variants), or the chosen audio stream alone — one audio rendition per stream of
   * the content, whatever the video rendition, cut every few seconds.
   */
  function partOf(opened: Rendition, part: HlsPart): Rendition {
    if (part === 'video') {
      return { ...opened, audio: undefined };
    }
    if (part === 'audio') {
      if (opened.audio === undefined) {
        throw new AppError('file_not_found');
      }
      return {
        ...opened,
        rendition: 'audio',
        burn: undefined,
        audioOnly: true,
        bounds: segmentBounds(opened.facts.startTime, opened.facts.duration, undefined),
      };
    }
    return opened;
  }

  type Rendition = Awaited<ReturnType<typeof renditionOf>>;

  /** What the transcode jobs need to make segment `segment` of a rendition. */
  function segmentRequest(opened: Rendition, segment: number) {
    return {
      kind: writesFmp4(opened) ? ('m4s' as const) : ('ts' as const),
      sha256: opened.sha256,
      rendition: opened.rendition,
      audio: opened.audio,
      burn: opened.burn,
      audioOnly: opened.audioOnly,
      segment,
      // Copied from a remote store only when this node runs ffmpeg, not for a segment it reads.
      input: () => inputOf(opened.sha256),
      facts: opened.facts,
      plan: opened.plan,
      bounds: opened.bounds,
      encoder: deps.encoder,
      vaapiDevice: deps.vaapiDevice,
    };
  }

  /** What an `hls` link opens, checked now: the file, its facts, the rendition's plan and bounds. */
  async function open(claims: HlsClaims, audio: number | undefined, burn?: string) {
    const served = await deps.files.openFile({
      p: 'file',
      u: claims.u,
      f: claims.f,
      e: claims.e,
      ...(claims.h === undefined ? {} : { h: claims.h }),
    });
    const { record } = served;
    return renditionOf(record.sha256, record.fileExtension, claims.r, audio, burn);
  }

  /** Opens a segment the jobs made; one evicted between finding and opening it is made again. */
  async function openMade(made: () => Promise<string>) {
    for (let attempt = 0; ; attempt += 1) {
      const file = await made();
      const handle = await fs.open(file, 'r').catch((error: unknown) => {
        if (attempt < 2 && (error as NodeJS.ErrnoException).code === 'ENOENT') {
          return undefined;
        }
        throw error;
      });
      if (handle) {
        const { size } = await handle.stat();
        return { size, open: () => handle.createReadStream() };
      }
    }
  }

  return {
    medias,

    /**
     * Prepares a video at ingest: reads its facts and, when its video can be copied (a remux for
     * some browser), its keyframes, so its playlists are answered from the database, not after
     * ffprobe. With `TRANSCODE_AT_INGEST` it also makes every segment of what a baseline browser
     * would be given — the remux (`remux` and `all`) or the default transcode (`all`), its video
     * and its default audio as the master playlist lists them — into the segment cache, so its
     * playback starts at once later.
     * Answers why the video cannot be prepared; throws `TranscodeBusyError` when the node's
     * transcode slots stayed busy (the job is taken again later).
     */
    async prepare(
      job: { sha256: string; extension: string },
      mode: 'off' | 'remux' | 'all',
    ): Promise<{ phase: 'done' } | { phase: 'failed'; reason: string }> {
      try {
        const stored = await factsOf(job.sha256, job.extension);
        const { facts } = stored;
        const decision = decidePlayback(facts, parseMediaCodecs(undefined));
        if (decision.mode === 'none') {
          return { phase: 'failed', reason: 'no video stream ffprobe can read' };
        }
        if (renditionPlan(facts, 'remux')) {
          await keyframesOf(job.sha256, stored);
        }
        const made =
          decision.mode === 'remux'
            ? mode !== 'off'
            : decision.mode === 'transcode' && mode === 'all';
        if (!made || decision.defaultRendition === 'original') {
          return { phase: 'done' };
        }
        const opened = await renditionOf(
          job.sha256,
          job.extension,
          decision.defaultRendition,
          undefined,
        );
        // What the master playlist's player asks for: the video alone and the default audio.
        const parts: HlsPart[] = opened.audio === undefined ? ['video'] : ['video', 'audio'];
        for (const part of parts) {
          const made = partOf(opened, part);
          // In order: one run makes them all, each request keeping it going.
          for (let segment = 0; segment < made.bounds.length - 1; segment += 1) {
            await deps.jobs.segment(segmentRequest(made, segment));
          }
        }
        return { phase: 'done' };
      } catch (error) {
        if (error instanceof AppError) {
          return { phase: 'failed', reason: error.reason };
        }
        if (error instanceof UnplayableMediaError) {
          return { phase: 'failed', reason: `media_unplayable: ${error.message}` };
        }
        throw error;
      }
    },

    /** A media playlist of a rendition: `index.m3u8`, `video.m3u8` or `audio.m3u8`. */
    async playlist(
      claims: HlsClaims,
      audio: number | undefined,
      burn?: string,
      part: HlsPart = 'muxed',
    ): Promise<string> {
      try {
        const opened = partOf(await open(claims, audio, burn), part);
        const chosen = part === 'audio' || (part === 'muxed' && audio !== undefined);
        return mediaPlaylist(
          opened.bounds,
          chosen ? opened.audio : undefined,
          part === 'audio' ? undefined : burn,
          part,
          writesFmp4(opened) ? 'fmp4' : 'mpegts',
        );
      } catch (error) {
        return mapErrors(error);
      }
    },

    /**
     * The master playlist (`master.m3u8` under any rendition's link): a variant per rendition
     * (its video alone), the link's own first (the rendition the player starts with), each a
     * signed link of its own relative to this one; and every audio stream of the video as a
     * rendition of one audio group, `DEFAULT` on the one chosen (`?audio=`, else the default).
     */
    async master(claims: HlsClaims, audio: number | undefined, burn?: string): Promise<string> {
      try {
        const opened = await open(claims, audio, burn);
        const plans = hlsRenditions(opened.facts, claims.r, burn !== undefined).sort(
          (a, b) => Number(b.name === claims.r) - Number(a.name === claims.r),
        );
        const query = choiceQuery(undefined, burn);
        return masterPlaylist(
          plans.map((plan) =>
            variantOf(
              plan,
              opened.facts,
              `../../${signRendition(claims, plan.name).token}/hls/video.m3u8${query}`,
            ),
          ),
          opened.facts.audio.map((stream, index) => ({
            uri: `audio.m3u8${choiceQuery(index, undefined)}`,
            language: languageTag(stream.language),
            name: audioNameOf(stream, index),
            isDefault: index === opened.audio,
          })),
        );
      } catch (error) {
        return mapErrors(error);
      }
    },

    /** The init segment (`EXT-X-MAP`) of a fragmented MP4 rendition, from the cache or made now. */
    async init(
      claims: HlsClaims,
      audio: number | undefined,
      part: HlsPart = 'muxed',
    ): Promise<{ size: number; open: () => Readable }> {
      try {
        const opened = partOf(await open(claims, audio), part);
        if (!writesFmp4(opened)) {
          throw new AppError('file_not_found');
        }
        const request = segmentRequest(opened, 0);
        return await openMade(() => deps.jobs.init(request));
      } catch (error) {
        return mapErrors(error);
      }
    },

    /** Segment `segment` of a rendition, from the cache or made now. */
    async segment(
      claims: HlsClaims,
      segment: number,
      audio: number | undefined,
      burn?: string,
      part: HlsPart = 'muxed',
      segments: 'mpegts' | 'fmp4' = 'mpegts',
    ): Promise<{ size: number; open: () => Readable }> {
      try {
        const opened = partOf(await open(claims, audio, burn), part);
        const fmp4 = writesFmp4(opened);
        if (segment >= opened.bounds.length - 1 || fmp4 !== (segments === 'fmp4')) {
          throw new AppError('file_not_found');
        }
        const request = segmentRequest(opened, segment);
        return await openMade(() => deps.jobs.segment(request));
      } catch (error) {
        return mapErrors(error);
      }
    },
  };
}

export type VideoService = ReturnType<typeof createVideoService>;
