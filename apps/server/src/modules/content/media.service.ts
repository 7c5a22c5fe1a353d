import { Readable } from 'node:stream';
import type { ThumbnailSize } from '@nimbus/contracts';
import { fileTypeFromBuffer } from 'file-type';
import sharp, { type OutputInfo } from 'sharp';
import { createFleetFlight, type FleetFlight } from '../../lib/fleet-flight';
import type { BlobStore } from '../storage/blob-store';
import type { BlobService } from '../storage/blob.service';
import { withBlobFile } from './blob-file';
import { extractFrame, probeMedia, probePdf, renderPdfPage, type MediaTools } from './media-tools';
import type { MediaInfo, MediaRepository, ThumbnailRecord } from './media.repository';

/**
 * The longest side of each thumbnail size, in pixels. docs/product.md#entities names the sizes;
 * these are the bounding boxes Nimbus draws them in: a list row or a small grid tile, a large
 * grid tile, and the preview of a phone or a laptop screen.
 */
export const thumbnailPixels: Readonly<Record<ThumbnailSize, number>> = {
  SIZE_SMALL: 256,
  SIZE_MEDIUM: 512,
  SIZE_LARGE: 1280,
};

/** Bytes read to recognise content by its magic numbers (what `file-type` needs at most). */
const sniffBytes = 4100;

/** Images above this many pixels are not decoded (a decompression bomb guard). */
const maxInputPixels = 150_000_000;

/** The content type of PDF documents, whose first page Poppler draws as their thumbnail. */
export const pdfType = 'application/pdf';

/** PDFs above this size get no thumbnail (a remote store would copy all of it to draw one page). */
const maxPdfBytes = 256 * 1024 * 1024;

/** How many contents whose thumbnail failed are remembered, so they are not drawn again. */
const maxFailedDrawings = 10_000;

/** Whether a thumbnail of this PDF may be drawn: Poppler is installed and read its first page. */
export function isDrawablePdf(info: MediaInfo, tools: MediaTools): boolean {
  return info.detectedType === pdfType && info.width > 0 && tools.poppler === true;
}

/** A stored blob as media analysis sees it. */
export interface MediaSource {
  sha256: string;
  size: number;
}

export interface MediaServiceDeps {
  store: Pick<BlobStore, 'get' | 'localPath'>;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  media: MediaRepository;
  tools: MediaTools;
  /** Where a blob of a remote store is copied while sharp or ffprobe read it. */
  tempDir: string;
  now: () => Date;
  logger?: { warn(message: string): void };
  /** Shares a drawing or an analysis among the fleet's nodes; among this node's callers without. */
  flight?: FleetFlight;
}

const archiveTypes = new Set([
  'application/zip',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/gzip',
  'application/x-tar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
  'application/x-iso9660-image',
  'application/vnd.ms-cab-compressed',
]);

/** The kind of content its magic numbers say, or `other`. */
export function kindOfDetected(detectedType: string): MediaInfo['kind'] {
  if (detectedType === 'application/x-bittorrent') {
    return 'torrent';
  }
  if (detectedType.startsWith('image/')) {
    return 'image';
  }
  if (detectedType.startsWith('video/')) {
    return 'video';
  }
  if (detectedType.startsWith('audio/')) {
    return 'audio';
  }
  return archiveTypes.has(detectedType) ? 'archive' : 'other';
}

/** A bencoded dictionary with a torrent's keys (`file-type` knows no torrents). */
function isTorrentBytes(head: Buffer): boolean {
  if (head[0] !== 0x64) {
    return false;
  }
  const text = head.toString('latin1');
  return text.includes('8:announce') || text.includes('4:info');
}

/** The sync byte that starts every packet of an MPEG transport stream. */
const tsSyncByte = 0x47;

/** How many packets of `size` bytes, from `offset`, all start with the sync byte; 0 when one does not. */
function syncedPackets(head: Buffer, offset: number, size: number): number {
  if (head.length < offset + size) {
    return 0;
  }
  let packets = 0;
  for (let at = offset; at < head.length; at += size) {
    if (head[at] !== tsSyncByte) {
      return 0;
    }
    packets += 1;
  }
  return packets;
}

/**
 * The packet pattern of an MPEG transport stream: 0x47 every 188 bytes, or every 192 bytes after
 * a 4-byte timecode (BDAV, as in `.m2ts` and camcorder `.mts`). The count of packets seen.
 */
export function transportStreamPackets(head: Buffer): number {
  return Math.max(syncedPackets(head, 0, 188), syncedPackets(head, 4, 192));
}

/** Bytes that read as UTF-8 text: no NUL, and no invalid sequence (one cut at the end is fine). */
export function isUtf8Text(head: Buffer): boolean {
  if (head.length === 0 || head.includes(0)) {
    return false;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The content type of bytes from their magic numbers: `video/mp2t` only for the transport stream
 * packet pattern (so a TypeScript source named `.ts` is not taken for video), `text/plain` for
 * UTF-8 text nothing else matched, `''` when nothing matches.
 */
export async function detectType(head: Buffer): Promise<string> {
  if (isTorrentBytes(head)) {
    return 'application/x-bittorrent';
  }
  const text = isUtf8Text(head);
  const packets = transportStreamPackets(head);
  // Real streams are binary (the PAT's PID is 0x0000); text with a `G` at a few packet starts is
  // chance, but not at eight.
  if ((packets >= 1 && !text) || packets >= 8) {
    return 'video/mp2t';
  }
  let detected = '';
  try {
    detected = (await fileTypeFromBuffer(head))?.mime ?? '';
  } catch {
    // A container whose first bytes are cut or damaged (a zip header with nothing behind it).
  }
  if (detected === 'video/mp2t') {
    // file-type looks at two sync bytes only; the pattern above decides.
    detected = '';
  }
  return detected === '' && text ? 'text/plain' : detected;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Media facts and thumbnails: the kind of content from its bytes, image dimensions from sharp,
 * video and audio facts from ffprobe when it is installed, thumbnails drawn by sharp (from a
 * frame ffmpeg takes, for a video). Both are computed once per content and kept: facts in
 * `media_info`, thumbnails as blobs named in `media_thumbnails`. Parallel requests for the same
 * work share one computation.
 */
export function createMediaService(deps: MediaServiceDeps) {
  const { store, blobs, media, tools, now } = deps;
  const once = deps.flight ?? createFleetFlight({ redis: undefined });
  /**
   * Contents whose thumbnail could not be drawn (damaged, hostile, too slow): asked again, they
   * answer "no thumbnail" at once rather than running the tools again on every request.
   */
  const failedDrawings = new Set<string>();

  /** Runs `use` with a path to the blob's bytes: the blob itself on local disk, else a temp copy. */
  function withFile<T>(sha256: string, use: (file: string) => Promise<T>): Promise<T> {
    return withBlobFile(store, deps.tempDir, sha256, use);
  }

  async function analyzeNow(source: MediaSource): Promise<MediaInfo> {
    const info: MediaInfo = {
      sha256: source.sha256,
      detectedType: '',
      kind: 'other',
      width: 0,
      height: 0,
      durationMs: 0,
      videoCodec: '',
      audioCodec: '',
    };
    if (source.size === 0) {
      return info;
    }
    const head = await readAll(
      await store.get(source.sha256, { start: 0, end: Math.min(source.size, sniffBytes) - 1 }),
    );
    info.detectedType = await detectType(head);
    info.kind = kindOfDetected(info.detectedType);
    try {
      if (info.kind === 'image') {
        const metadata = await withFile(source.sha256, (file) =>
          sharp(file, { limitInputPixels: maxInputPixels }).metadata(),
        );
        // Dimensions as shown: an EXIF rotation of 90° swaps them.
        info.width = metadata.autoOrient.width;
        info.height = metadata.autoOrient.height;
      } else if ((info.kind === 'video' || info.kind === 'audio') && tools.ffprobe) {
        Object.assign(info, await withFile(source.sha256, probeMedia));
      } else if (info.detectedType === pdfType && tools.poppler && source.size <= maxPdfBytes) {
        // The first page's size in points; a PDF Poppler cannot read keeps 0 and no thumbnail.
        Object.assign(info, await withFile(source.sha256, probePdf));
      }
    } catch (error) {
      // Damaged or unusual content keeps its kind and no dimensions; it is not analysed again.
      deps.logger?.warn(
        `media analysis of ${source.sha256} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    await media.saveInfo(info, now().toISOString());
    return info;
  }

  async function drawThumbnail(
    source: MediaSource,
    info: MediaInfo,
    size: ThumbnailSize,
  ): Promise<ThumbnailRecord | undefined> {
    const pixels = thumbnailPixels[size];
    const resize = (input: string | Buffer) =>
      sharp(input, { limitInputPixels: maxInputPixels })
        .rotate()
        .resize({ width: pixels, height: pixels, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
    let drawn: { data: Buffer; info: OutputInfo };
    try {
      if (info.kind === 'image' && info.width > 0) {
        drawn = await withFile(source.sha256, resize);
      } else if (info.kind === 'video' && tools.ffmpeg) {
        const at = info.durationMs > 4000 ? 1 : 0;
        drawn = await resize(await withFile(source.sha256, (file) => extractFrame(file, at)));
      } else if (isDrawablePdf(info, tools)) {
        drawn = await resize(await withFile(source.sha256, (file) => renderPdfPage(file, pixels)));
      } else {
        return undefined;
      }
    } catch (error) {
      // Damaged content (a video cut short, a picture whose header lies) has no thumbnail.
      if (failedDrawings.size >= maxFailedDrawings) {
        failedDrawings.clear();
      }
      failedDrawings.add(source.sha256);
      deps.logger?.warn(
        `thumbnail of ${source.sha256} failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      return undefined;
    }
    const digest = await blobs.ingest(Readable.from([drawn.data]));
    const thumbnail: ThumbnailRecord = {
      sourceSha256: source.sha256,
      sizeName: size,
      blobSha256: digest.sha256,
      contentType: 'image/webp',
      width: drawn.info.width,
      height: drawn.info.height,
      bytes: digest.size,
    };
    if (await media.saveThumbnail(thumbnail, now().toISOString())) {
      return thumbnail;
    }
    // Another node drew it first: keep theirs, drop our reference.
    await blobs.release(digest.sha256);
    return media.findThumbnail(source.sha256, size);
  }

  async function analyze(source: MediaSource): Promise<MediaInfo> {
    const known = await media.findInfo(source.sha256);
    if (known) {
      return known;
    }
    const stored = () => media.findInfo(source.sha256);
    return once(`info:${source.sha256}`, stored, () => analyzeNow(source));
  }

  return {
    tools,

    /** The facts known without work, for a page of a listing. */
    async knownInfos(sha256s: string[]): Promise<Map<string, MediaInfo>> {
      const infos = await media.findInfos([...new Set(sha256s)]);
      return new Map(infos.map((info) => [info.sha256, info]));
    },

    /** The facts of a blob, analysed on first use. */
    analyze,

    /**
     * Drops the thumbnails of content no file references any more and releases their blobs
     * (the blob service's garbage collection then frees the bytes); forgets the facts of blobs
     * that are gone. Returns how many thumbnails were released.
     */
    async releaseOrphans(limit = 500): Promise<number> {
      let released = 0;
      for (const thumbnail of await media.listOrphanedThumbnails(limit)) {
        if (await media.deleteThumbnail(thumbnail.sourceSha256, thumbnail.sizeName)) {
          await blobs.release(thumbnail.blobSha256);
          released += 1;
        }
      }
      await media.deleteOrphanedInfos();
      return released;
    },

    /** A thumbnail in `size`, drawn on first use; undefined when the content has none. */
    async thumbnail(
      source: MediaSource,
      size: ThumbnailSize,
    ): Promise<ThumbnailRecord | undefined> {
      const known = await media.findThumbnail(source.sha256, size);
      if (known) {
        return known;
      }
      if (failedDrawings.has(source.sha256)) {
        return undefined;
      }
      const stored = () => media.findThumbnail(source.sha256, size);
      return once(`thumb:${source.sha256}:${size}`, stored, async () => {
        const info = await analyze(source);
        return drawThumbnail(source, info, size);
      });
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;
