import type { Readable } from 'node:stream';
import {
  isAudio,
  isAudioCodecSupported,
  isImage,
  isVideo,
  safeFileName,
  type FileCategory,
  type FileMedia,
  type ThumbnailSize,
} from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import type { FileLinker, FileLinkFields, ShareScope } from '../drive/file.dto';
import type { FileRecord } from '../drive/file.repository';
import { checkName, type FileService } from '../drive/file.service';
import type { EventRecorder } from '../drive/drive.ports';
import type { BlobStore, ReadRange } from '../storage/blob-store';
import type { LinkClaims, LinkSigner, SignedLink } from './content-link';
import type { MediaInfo } from './media.repository';
import type { DownloadTrafficMeter } from './download-traffic';
import { isDrawablePdf, pdfType, type MediaService } from './media.service';
import type { ShareZipResult, ShareZipSource, VideoMediaSource } from './content.ports';
import { servingTypeOf, type ServingType, type Validators } from './content-serving';

/** A file as the content origin serves it. */
export interface ServedFile {
  record: FileRecord & { sha256: string };
  size: number;
  validators: Validators;
  type: ServingType;
}

export interface ContentServiceDeps {
  files: Pick<FileService, 'get' | 'selectionTree'>;
  store: Pick<BlobStore, 'get'>;
  signer: LinkSigner;
  /** Media facts and thumbnails; without it Files carry download links only. */
  media?: Pick<MediaService, 'tools' | 'analyze' | 'knownInfos' | 'thumbnail'>;
  /** Records downloads, views and playback in the member's recent events. */
  events?: EventRecorder;
  /** Counts the member's downloads against the plan's download traffic; none without it. */
  traffic?: Pick<DownloadTrafficMeter, 'check' | 'meter'>;
  now: () => Date;
  logger?: { warn(message: string): void };
  /**
   * Shares (the share module): what a share's zip holds, and whether a share still holds a file
   * its links name. Links handed out through a share answer `file_not_found` without it.
   */
  shares?: ShareZipSource;
  /** HLS renditions of videos (the video module); the original alone without it. */
  videos?: VideoMediaSource;
}

const octetStream = 'application/octet-stream';
const textPlain = 'text/plain';

/** Extensions shared by MPEG transport streams and TypeScript sources: the bytes decide. */
const textOrStreamExtensions = new Set(['ts', 'mts', 'cts']);

function isTextOrStream(record: FileRecord): boolean {
  return textOrStreamExtensions.has(record.fileExtension.toLowerCase());
}

/** How a file is sent: by its extension, but a `.ts`-like name by what its bytes are. */
function servingTypeOfContent(record: FileRecord, info: MediaInfo | undefined): ServingType {
  if (info && isTextOrStream(record) && info.kind !== 'video') {
    return info.detectedType === textPlain
      ? { contentType: 'text/plain; charset=utf-8', mayBeInline: false }
      : { contentType: octetStream, mayBeInline: false };
  }
  return servingTypeOf(record.fileExtension);
}

function notFound(): AppError {
  return new AppError('file_not_found');
}

/** A stored file that can be read: complete, live, with bytes. */
function isServable(record: FileRecord): record is FileRecord & { sha256: string } {
  return (
    record.kind === 'file' &&
    record.trashed === 0 &&
    record.sha256 !== null &&
    record.phase === 'PHASE_TYPE_COMPLETE'
  );
}

/**
 * The content origin's rules: which links a File carries, and what a signed link opens. Every
 * link is checked against the database when it is used, so a file deleted or trashed after its
 * link was made answers `file_not_found`, and a link of one member never opens another's file.
 */
export function createContentService(deps: ContentServiceDeps) {
  const { files, store, signer } = deps;

  /** The claim of a link handed out through a share. */
  function scopeClaim(share: ShareScope | undefined): { h?: { s: string; k: string } } {
    return share === undefined ? {} : { h: { s: share.shareId, k: share.stamp } };
  }

  /** The member's link to their own file (metered), or a share's link to it (bound to the share). */
  function fileLink(record: FileRecord, share: ShareScope | undefined): SignedLink {
    return signer.sign(
      share === undefined
        ? { p: 'file', u: record.userId, f: record.id, t: 1 }
        : { p: 'file', u: record.userId, f: record.id, ...scopeClaim(share) },
      record.name,
    );
  }

  function thumbnailLink(
    record: FileRecord,
    size: ThumbnailSize,
    share: ShareScope | undefined,
  ): string {
    return signer.sign(
      { p: 'thumb', u: record.userId, f: record.id, s: size, ...scopeClaim(share) },
      `${record.name}.webp`,
    ).url;
  }

  /**
   * Whether links to `record` may be handed out to `userId`: the owner's own, or anyone's through
   * a share (which the share module has checked). No other link to a member's file is ever made.
   */
  function mayLink(userId: string, record: FileRecord, share: ShareScope | undefined): boolean {
    return share !== undefined || userId === record.userId;
  }

  /**
   * A link handed out through a share opens only while that share still holds the file as it
   * did: readable (not deleted, expired, used up or moderated), under the same pass code, the
   * file (and every folder between it and the chosen item) still inside and not moderated.
   * Checked once per request, before any byte or header of the file.
   */
  async function checkShared(
    claims: { f: string; h?: { s: string; k: string } | undefined },
    use: 'file' | 'thumbnail',
  ): Promise<void> {
    if (claims.h === undefined) {
      return;
    }
    if (
      !deps.shares ||
      !(await deps.shares.holdsFile({ shareId: claims.h.s, stamp: claims.h.k }, claims.f, use))
    ) {
      throw notFound();
    }
  }

  /**
   * Whether a thumbnail can be drawn: the bytes are an image (or, before they were looked at,
   * the name says an image sharp reads or a PDF), a video and ffmpeg is installed, or a PDF
   * whose first page Poppler read.
   */
  function hasThumbnail(record: FileRecord, info: MediaInfo | undefined): boolean {
    if (!deps.media) {
      return false;
    }
    const { tools } = deps.media;
    if (info === undefined) {
      const type = servingTypeOf(record.fileExtension);
      return (
        (isImage({ name: record.name }) && type.mayBeInline) ||
        (type.contentType === pdfType && tools.poppler === true)
      );
    }
    return (
      (info.kind === 'image' && info.width > 0) ||
      (info.kind === 'video' && tools.ffmpeg) ||
      isDrawablePdf(info, tools)
    );
  }

  /** `params` facts of docs/api.md#files: `width`, `height`, `duration` (whole seconds). */
  function mediaParams(info: MediaInfo | undefined): Record<string, string> {
    // A PDF's first-page size (in points) only decides its thumbnail.
    if (!info || info.detectedType === pdfType) {
      return {};
    }
    const params: Record<string, string> = {};
    if (info.width > 0 && info.height > 0) {
      params.width = String(info.width);
      params.height = String(info.height);
    }
    if (info.durationMs > 0) {
      params.duration = String(Math.round(info.durationMs / 1000));
    }
    return params;
  }

  /**
   * A file the extension left as `OTHER` takes the category its bytes show; a `.ts`, `.mts` or
   * `.cts` file is TEXT when its bytes are text rather than a transport stream.
   */
  function categoryFromContent(
    record: FileRecord,
    info: MediaInfo | undefined,
  ): FileCategory | undefined {
    if (info && isTextOrStream(record) && info.kind !== 'video') {
      return info.detectedType === textPlain ? 'TEXT' : undefined;
    }
    if (record.fileCategory !== 'OTHER' || !info) {
      return undefined;
    }
    const byKind: Partial<Record<MediaInfo['kind'], FileCategory>> = {
      image: 'IMAGE',
      video: 'VIDEO',
      audio: 'AUDIO',
      archive: 'ARCHIVE',
    };
    return byKind[info.kind];
  }

  async function analyzed(record: FileRecord & { sha256: string }): Promise<MediaInfo | undefined> {
    if (!deps.media) {
      return undefined;
    }
    try {
      return await deps.media.analyze({ sha256: record.sha256, size: record.size });
    } catch (error) {
      // A File is still answered (with its download link) when its bytes cannot be analysed.
      deps.logger?.warn(
        `media analysis failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
  }

  /** The playable renditions: the original, flagged unplayable when a browser cannot decode its audio. */
  function mediasOf(
    record: FileRecord,
    link: SignedLink,
    info: MediaInfo | undefined,
  ): FileMedia[] {
    const isMedia = info
      ? info.kind === 'video' || info.kind === 'audio'
      : isVideo({ name: record.name }) || isAudio({ name: record.name });
    if (!isMedia) {
      return [];
    }
    const audioCodec = info?.audioCodec ?? '';
    const playable = isAudioCodecSupported(audioCodec);
    return [
      {
        media_id: record.id,
        media_name: 'Original',
        video: {
          width: info?.width ?? 0,
          height: info?.height ?? 0,
          duration: Math.round((info?.durationMs ?? 0) / 1000),
          video_codec: info?.videoCodec ?? '',
          audio_codec: audioCodec,
        },
        link: {
          url: `${link.url}?disposition=inline`,
          token: link.token,
          expire: link.expire,
          type: servingTypeOf(record.fileExtension).contentType,
        },
        is_origin: true,
        is_default: true,
        is_playable: playable,
        unsupported_codecs: playable ? [] : [audioCodec],
      },
    ];
  }

  const linker: FileLinker = {
    async forFile(userId, record, options) {
      if (!isServable(record)) {
        return {};
      }
      if (!mayLink(userId, record, options.share)) {
        return {};
      }
      if (options.share === undefined && options.fetch && deps.traffic) {
        await deps.traffic.check(userId);
      }
      const info = await analyzed(record);
      const link = fileLink(record, options.share);
      const category = categoryFromContent(record, info);
      return {
        web_content_link: link.url,
        links: { [octetStream]: { ...link, type: octetStream } },
        thumbnail_link: hasThumbnail(record, info)
          ? thumbnailLink(record, options.thumbnailSize ?? 'SIZE_MEDIUM', options.share)
          : '',
        medias:
          deps.videos && info?.kind === 'video'
            ? await deps.videos.mediasOf({
                record,
                original: mediasOf(record, link, info)[0]!,
                codecs: options.mediaCodecs,
                share: options.share,
              })
            : mediasOf(record, link, info),
        params: mediaParams(info),
        ...(category ? { file_category: category } : {}),
      };
    },

    async forListing(userId, records, options) {
      const fields = new Map<string, Partial<FileLinkFields>>();
      const servable = records
        .filter(isServable)
        .filter((record) => mayLink(userId, record, options.share));
      const infos = deps.media
        ? await deps.media.knownInfos(servable.map((record) => record.sha256))
        : new Map<string, MediaInfo>();
      // A `.ts` name says nothing until the bytes are read (a few KiB), so those are read now.
      for (const record of servable) {
        if (isTextOrStream(record) && !infos.has(record.sha256)) {
          const info = await analyzed(record);
          if (info) {
            infos.set(record.sha256, info);
          }
        }
      }
      for (const record of servable) {
        const info = infos.get(record.sha256);
        const category = categoryFromContent(record, info);
        fields.set(record.id, {
          thumbnail_link: hasThumbnail(record, info)
            ? thumbnailLink(record, options.thumbnailSize ?? 'SIZE_SMALL', options.share)
            : '',
          params: mediaParams(info),
          ...(category ? { file_category: category } : {}),
        });
      }
      return fields;
    },
  };

  /** The member's servable file a link names; `file_not_found` when it is gone or not theirs. */
  async function servable(
    userId: string,
    fileId: string,
  ): Promise<FileRecord & { sha256: string }> {
    let record: FileRecord;
    try {
      record = await files.get(userId, fileId);
    } catch (error) {
      if (error instanceof AppError) {
        throw notFound();
      }
      throw error;
    }
    if (!isServable(record)) {
      throw notFound();
    }
    return record;
  }

  return {
    linker,

    /** The claims of a link; see `LinkSigner.verify` for its errors. */
    verify(token: string): LinkClaims {
      return signer.verify(token);
    },

    /** What a `file` link opens. */
    async openFile(claims: Extract<LinkClaims, { p: 'file' }>): Promise<ServedFile> {
      await checkShared(claims, 'file');
      const record = await servable(claims.u, claims.f);
      return {
        record,
        size: record.size,
        validators: {
          etag: `"${record.sha256}"`,
          lastModified: Math.floor(Date.parse(record.createdAt) / 1000),
        },
        type: servingTypeOfContent(
          record,
          isTextOrStream(record) ? await analyzed(record) : undefined,
        ),
      };
    },

    /**
     * Notes in the member's recent events that a file was opened: played (audio, video shown
     * inline), viewed (other inline types) or downloaded. Only a read from the first byte counts,
     * so a player's many range requests make one event.
     */
    async noteOpened(
      file: ServedFile,
      how: { inline: boolean; fromStart: boolean },
    ): Promise<void> {
      if (!deps.events || !how.fromStart) {
        return;
      }
      const name = { name: file.record.name };
      const type = !how.inline
        ? 'TYPE_DOWNLOAD'
        : isVideo(name) || isAudio(name)
          ? 'TYPE_PLAY'
          : 'TYPE_VIEW';
      await deps.events.record(file.record.userId, { type, fileId: file.record.id });
    },

    /** The bytes of a served file, or of an inclusive range of them. */
    read(file: ServedFile, range?: ReadRange): Promise<Readable> {
      return store.get(file.record.sha256, range);
    },

    /**
     * The member whose download traffic a body sent for a link counts against: the member's own
     * file links sent as attachments, and zip links. Thumbnails, inline previews and playback
     * (`disposition=inline` of an inert type) and links of shares are not counted.
     */
    meteredMember(claims: LinkClaims, inline: boolean): string | undefined {
      if (!deps.traffic) {
        return undefined;
      }
      if (claims.p === 'zip' || (claims.p === 'file' && claims.t === 1 && !inline)) {
        return claims.u;
      }
      return undefined;
    },

    /** `download_traffic_exhausted` once the member's traffic of the month is used up. */
    async checkTraffic(userId: string): Promise<void> {
      await deps.traffic?.check(userId);
    },

    /** The body with its bytes counted against the member's download traffic as they are sent. */
    metered(userId: string | undefined, body: Readable): Readable {
      return userId === undefined || !deps.traffic ? body : deps.traffic.meter(userId, body);
    },

    /** The bytes of any blob (zip entries). */
    readBlob(sha256: string): Promise<Readable> {
      return store.get(sha256);
    },

    /** What a `thumb` link opens: the thumbnail blob, drawn on first use. */
    async openThumbnail(claims: Extract<LinkClaims, { p: 'thumb' }>) {
      await checkShared(claims, 'thumbnail');
      const record = await servable(claims.u, claims.f);
      const thumbnail = deps.media
        ? await deps.media.thumbnail({ sha256: record.sha256, size: record.size }, claims.s)
        : undefined;
      if (!thumbnail) {
        throw notFound();
      }
      return {
        contentType: thumbnail.contentType,
        etag: `"${thumbnail.blobSha256}"`,
        size: thumbnail.bytes,
        width: thumbnail.width,
        height: thumbnail.height,
        open: () => store.get(thumbnail.blobSha256),
      };
    },

    /** A signed link to a zip of the member's selection; every id is checked now and when used. */
    async zipLink(
      userId: string,
      ids: string[],
      name: string | undefined,
    ): Promise<SignedLink & { name: string }> {
      const entries = await files.selectionTree(userId, ids);
      await deps.traffic?.check(userId);
      const roots = entries.filter((entry) => !entry.path.includes('/'));
      const stamp = deps.now().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
      const zipName =
        name !== undefined
          ? checkName(name)
          : safeFileName(
              roots.length === 1 && roots[0]
                ? `${roots[0].record.name}.zip`
                : `Nimbus-${stamp}.zip`,
            );
      return {
        ...signer.sign({ p: 'zip', u: userId, i: [...new Set(ids)], n: zipName }, zipName),
        name: zipName,
      };
    },

    /**
     * A signed link to a zip of items inside a share, for the signed-in member who asked with
     * a valid pass-code token; named after the one chosen item, else after the share's title.
     */
    shareZipLink(
      userId: string,
      zip: Extract<ShareZipResult, { status: 'OK' }>,
      input: { passCodeToken: string; name: string | undefined },
    ): SignedLink & { name: string } {
      const roots = zip.entries.filter((entry) => !entry.path.includes('/'));
      const title = safeFileName(zip.share.title);
      const zipName =
        input.name !== undefined
          ? checkName(input.name)
          : safeFileName(
              roots.length === 1 && roots[0]
                ? `${roots[0].record.name}.zip`
                : `${title === '' ? 'Nimbus' : title}.zip`,
            );
      return {
        ...signer.sign(
          {
            p: 'share-zip',
            u: userId,
            s: zip.share.id,
            t: input.passCodeToken,
            i: zip.rootIds,
            n: zipName,
          },
          zipName,
        ),
        name: zipName,
      };
    },

    /**
     * The files and folders a `share-zip` link opens, checked again now as the call that made
     * it checked them: a share no longer readable, or an item no longer in it, is `file_not_found`.
     */
    async openShareZip(claims: Extract<LinkClaims, { p: 'share-zip' }>) {
      if (!deps.shares) {
        throw notFound();
      }
      const visitor = {
        userId: claims.u,
        locale: 'en-US' as const,
        address: '',
        deviceId: '',
        clientId: '',
        captchaToken: undefined,
      };
      const zip = await deps.shares.zipEntries(claims.s, visitor, {
        passCodeToken: claims.t,
        fileIds: claims.i,
        ancestorIds: [],
      });
      if (zip.status !== 'OK') {
        throw notFound();
      }
      return zip.entries;
    },

    /** The files and folders a `zip` link opens, checked again now. */
    async openZip(claims: Extract<LinkClaims, { p: 'zip' }>) {
      return files.selectionTree(claims.u, claims.i);
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
