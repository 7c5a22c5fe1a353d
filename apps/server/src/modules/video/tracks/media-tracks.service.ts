import { defaultSortOrder, type MediaTracks, type SubtitleTrack } from '@nimbus/contracts';
import { AppError } from '../../../http/app-error';
import { createSingleFlight } from '../../../lib/single-flight';
import { withBlobFile } from '../../content/blob-file';
import type { MediaTools } from '../../content/media-tools';
import type { MediaService } from '../../content/media.service';
import type { ShareScope } from '../../drive/file.dto';
import type { FileRecord } from '../../drive/file.repository';
import type { FileService } from '../../drive/file.service';
import type { ShareService, Visitor } from '../../share/share.service';
import type { BlobStore } from '../../storage/blob-store';
import type { MediaTracksRepository } from './media-tracks.repository';
import { sidecarOf, subtitleFileName, type SidecarName } from './sidecar-names';
import { storyboardInterval } from './storyboard';
import type { TrackCache } from './track-cache';
import type { TrackClaims, TrackLinkSigner } from './track-link';
import {
  probeStreams,
  streamsOf,
  textSubtitleCodecs,
  type ProbedStreams,
  type TrackToolRunner,
} from './track-tools';
import { createTrackMaker } from './track-maker';

export interface MediaTracksServiceDeps {
  files: Pick<FileService, 'get' | 'list' | 'findMany'>;
  shares: Pick<ShareService, 'fileInfo' | 'holdsFile'>;
  media: Pick<MediaService, 'analyze'>;
  store: Pick<BlobStore, 'get' | 'localPath'>;
  tracks: MediaTracksRepository;
  cache: TrackCache;
  signer: TrackLinkSigner;
  run: TrackToolRunner;
  tools: MediaTools;
  /** Where a blob of a remote store is copied while ffmpeg reads it, and storyboards are drawn. */
  tempDir: string;
  now: () => Date;
  logger?: { warn(message: string): void };
}

/** A stored file that can be read: complete, live, with bytes. */
type Servable = FileRecord & { sha256: string };

function isServable(record: FileRecord): record is Servable {
  return (
    record.kind === 'file' &&
    record.trashed === 0 &&
    record.sha256 !== null &&
    record.phase === 'PHASE_TYPE_COMPLETE'
  );
}

function notFound(): AppError {
  return new AppError('not_found', { description: 'This video does not exist or is not shared' });
}

/** The most folder entries looked through for a video's sidecar subtitles. */
const maxFolderEntries = 5000;

const noTracks: MediaTracks = { audio: [], subtitles: [], storyboard: null };

/**
 * Subtitles, audio tracks and seek-bar storyboards of a member's videos and of videos inside
 * shares (docs/api.md#media-tracks). Lists come from a stored probe; WebVTT and storyboards are
 * made when their signed link is first opened and kept by content (see `createTrackMaker`).
 */
export function createMediaTracksService(deps: MediaTracksServiceDeps) {
  const { files, shares, tracks, signer, tools } = deps;
  const once = createSingleFlight();
  const maker = createTrackMaker(deps);

  /** The owner's live file, or `not_found` (absent, another member's, trashed, not complete). */
  async function ownedFile(userId: string, id: string): Promise<Servable> {
    let record: FileRecord;
    try {
      record = await files.get(userId, id);
    } catch {
      throw notFound();
    }
    if (!isServable(record)) {
      throw notFound();
    }
    return record;
  }

  /** ffprobe's audio and subtitle streams of a content, probed once and kept. */
  async function streamsOfContent(sha256: string): Promise<ProbedStreams> {
    const known = await tracks.findStreams(sha256);
    if (known !== undefined) {
      return streamsOf(known);
    }
    return once(`streams:${sha256}`, async () => {
      let probed: ProbedStreams = { audio: [], subtitles: [] };
      try {
        probed = await withBlobFile(deps.store, deps.tempDir, sha256, (file) =>
          probeStreams(deps.run, file),
        );
      } catch (error) {
        // A damaged file lists no tracks; it is not probed again.
        deps.logger?.warn(
          `stream probe of ${sha256} failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      await tracks.saveStreams(
        sha256,
        JSON.stringify({ streams: toFfprobeShape(probed) }),
        deps.now().toISOString(),
      );
      return probed;
    });
  }

  /** The subtitle files beside a video in its folder, by name. */
  async function sidecarsOf(video: Servable): Promise<{ record: Servable; facts: SidecarName }[]> {
    const found: { record: Servable; facts: SidecarName }[] = [];
    let pageToken: string | undefined;
    for (let seen = 0; seen < maxFolderEntries;) {
      const page = await files.list(video.userId, {
        parentId: video.parentId,
        filters: undefined,
        order: defaultSortOrder,
        foldersFirst: false,
        limit: 1000,
        pageToken,
      });
      for (const record of page.files) {
        const facts = sidecarOf(video.name, record.name);
        if (facts && isServable(record)) {
          found.push({ record, facts });
        }
      }
      seen += page.files.length;
      if (page.nextPageToken === '') {
        break;
      }
      pageToken = page.nextPageToken;
    }
    return found;
  }

  function subtitleOfFile(
    video: Servable,
    record: Servable,
    facts: SidecarName,
    source: 'sidecar' | 'picked',
    share: ShareScope | undefined,
  ): SubtitleTrack {
    const id = `${source === 'sidecar' ? 's' : 'p'}${record.id}`;
    return {
      id,
      language: facts.language,
      label: record.name,
      source,
      kind: 'text',
      is_forced: facts.isForced,
      is_default: facts.isDefault,
      link: signer.sign({ k: 'sub', u: video.userId, f: video.id, t: id, ...scopeClaim(share) }),
    };
  }

  function scopeClaim(share: ShareScope | undefined): Pick<TrackClaims, 'h'> {
    return share === undefined ? {} : { h: { s: share.shareId, k: share.stamp } };
  }

  async function tracksOf(
    video: Servable,
    viewer: { userId: string } | { share: ShareScope },
  ): Promise<MediaTracks> {
    const info = await deps.media.analyze({ sha256: video.sha256, size: video.size });
    if ((info.kind !== 'video' && info.kind !== 'audio') || !tools.ffprobe) {
      return noTracks;
    }
    const share = 'share' in viewer ? viewer.share : undefined;
    const streams = await streamsOfContent(video.sha256);
    const audio = streams.audio.map((stream) => ({
      index: stream.index,
      language: stream.language,
      title: stream.title,
      codec: stream.codec,
      channels: stream.channels,
      is_default: stream.isDefault,
    }));
    if (info.kind !== 'video') {
      return { audio, subtitles: [], storyboard: null };
    }
    const subtitles: SubtitleTrack[] = streams.subtitles.map((stream) => {
      const id = `e${String(stream.stream)}`;
      const isText = textSubtitleCodecs.has(stream.codec) && tools.ffmpeg;
      return {
        id,
        language: stream.language,
        label: stream.title,
        source: 'embedded',
        kind: textSubtitleCodecs.has(stream.codec) ? 'text' : 'image',
        is_forced: stream.isForced,
        is_default: stream.isDefault,
        link: isText
          ? signer.sign({ k: 'sub', u: video.userId, f: video.id, t: id, ...scopeClaim(share) })
          : null,
      };
    });
    if (tools.ffmpeg) {
      for (const { record, facts } of await sidecarsOf(video)) {
        // Through a share, a sidecar is offered only when the share holds it too.
        if (share && !(await shares.holdsFile(share, record.id, 'file'))) {
          continue;
        }
        subtitles.push(subtitleOfFile(video, record, facts, 'sidecar', share));
      }
      if ('userId' in viewer) {
        const picked = await tracks.pickedSubtitles(viewer.userId, video.id);
        for (const record of await files.findMany(viewer.userId, picked)) {
          const facts = subtitleFileName(record.name);
          // A picked file that is also a sidecar is listed once, as the sidecar.
          if (
            facts &&
            isServable(record) &&
            !subtitles.some((item) => item.id === `s${record.id}`)
          ) {
            subtitles.push(subtitleOfFile(video, record, facts, 'picked', undefined));
          }
        }
      }
    }
    const duration = info.durationMs / 1000;
    const storyboard =
      tools.ffmpeg && duration > 0 && info.width > 0
        ? {
            vtt: signer.sign({
              k: 'board',
              u: video.userId,
              f: video.id,
              t: '',
              ...scopeClaim(share),
            }),
            interval: storyboardInterval(duration),
          }
        : null;
    return { audio, subtitles, storyboard };
  }

  return {
    /** `GET /drive/v1/files/{id}/media_tracks`: the member's own video. */
    async list(userId: string, fileId: string): Promise<MediaTracks> {
      return tracksOf(await ownedFile(userId, fileId), { userId });
    },

    /**
     * `GET /drive/v1/share/media_tracks`: a video inside a share, through the share's access
     * rules; a share that is not readable, an item outside it or under moderation is `not_found`.
     */
    async listShared(
      visitor: Visitor,
      shareId: string,
      fileId: string,
      passCodeToken: string,
    ): Promise<MediaTracks> {
      if (shareId === '' || fileId === '') {
        throw notFound();
      }
      const result = await shares.fileInfo(shareId, visitor, passCodeToken, [fileId]);
      const file = result.status === 'OK' ? result.files[0] : undefined;
      if (result.status !== 'OK' || !file || file.moderation !== undefined) {
        throw notFound();
      }
      if (!isServable(file.record)) {
        throw notFound();
      }
      return tracksOf(file.record, { share: result.scope });
    },

    /**
     * `POST /drive/v1/files/{id}/media_tracks:pick`: a subtitle file of the member's drive added
     * to a video's subtitles. It is converted at once, so a file that is not subtitles is refused.
     */
    async pick(userId: string, videoId: string, subtitleFileId: string): Promise<SubtitleTrack> {
      const video = await ownedFile(userId, videoId);
      const subtitle = await ownedFile(userId, subtitleFileId);
      const facts = subtitleFileName(subtitle.name);
      if (!facts) {
        throw new AppError('invalid_argument', {
          description: 'Pick a subtitle file: .srt, .vtt, .ass or .ssa',
        });
      }
      await maker.fileVtt(subtitle, facts);
      await tracks.pickSubtitle(userId, video.id, subtitle.id, deps.now().toISOString());
      return subtitleOfFile(video, subtitle, facts, 'picked', undefined);
    },

    /**
     * The bytes behind a media-track link, checked again now: the video is still the member's
     * and live, and a share's link still finds it (and a sidecar) inside the share.
     */
    async open(token: string): Promise<{ contentType: string; body: Buffer }> {
      const claims = signer.verify(token);
      const video = await ownedFile(claims.u, claims.f);
      if (
        claims.h &&
        !(await shares.holdsFile({ shareId: claims.h.s, stamp: claims.h.k }, video.id, 'file'))
      ) {
        throw notFound();
      }
      if (claims.k === 'board') {
        const layout = await maker.storyboard(video);
        return {
          contentType: 'text/vtt; charset=utf-8',
          body: Buffer.from(
            maker.storyboardMap(
              layout,
              (sprite) => signer.sign({ ...claims, k: 'sprite', t: String(sprite) }).url,
            ),
            'utf8',
          ),
        };
      }
      if (claims.k === 'sprite') {
        return { contentType: 'image/jpeg', body: await maker.sprite(video, Number(claims.t)) };
      }
      return { contentType: 'text/vtt; charset=utf-8', body: await subtitleBytes(video, claims) };
    },
  };

  async function subtitleBytes(video: Servable, claims: TrackClaims): Promise<Buffer> {
    const kind = claims.t.slice(0, 1);
    const id = claims.t.slice(1);
    if (kind === 'e') {
      const stream = Number(id);
      const textStreams = (await streamsOfContent(video.sha256)).subtitles
        .filter((item) => textSubtitleCodecs.has(item.codec))
        .map((item) => item.stream);
      if (!textStreams.includes(stream)) {
        throw notFound();
      }
      return maker.embeddedVtt(video, stream, textStreams);
    }
    if (kind !== 's' && kind !== 'p') {
      throw notFound();
    }
    const subtitle = await ownedFile(claims.u, id);
    const facts = subtitleFileName(subtitle.name);
    if (
      !facts ||
      (claims.h &&
        !(await shares.holdsFile({ shareId: claims.h.s, stamp: claims.h.k }, id, 'file')))
    ) {
      throw notFound();
    }
    return maker.fileVtt(subtitle, facts);
  }
}

/** Probed streams in ffprobe's own JSON shape, so the stored probe reads back through `streamsOf`. */
function toFfprobeShape(probed: ProbedStreams): object[] {
  return [
    ...probed.audio.map((stream) => ({
      codec_type: 'audio',
      codec_name: stream.codec,
      channels: stream.channels,
      tags: { language: stream.language, title: stream.title },
      disposition: { default: stream.isDefault ? 1 : 0 },
    })),
    ...probed.subtitles.map((stream) => ({
      index: stream.stream,
      codec_type: 'subtitle',
      codec_name: stream.codec,
      tags: { language: stream.language, title: stream.title },
      disposition: { default: stream.isDefault ? 1 : 0, forced: stream.isForced ? 1 : 0 },
    })),
  ];
}

export type MediaTracksService = ReturnType<typeof createMediaTracksService>;
