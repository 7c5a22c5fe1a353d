import type { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import type { MediaService } from '../content/media.service';
import type { FileRecord } from '../drive/file.repository';
import type { ShareRepository } from '../share/share.repository';
import type { BlobStore } from '../storage/blob-store.interface';
import type { ShareDecisionRepository } from './share-decision.repository';

export interface SharePreviewDeps {
  shares: Pick<ShareRepository, 'find' | 'itemIds' | 'ownerFiles' | 'liveTree'>;
  moderation: Pick<ShareDecisionRepository, 'hasOutsideReport'>;
  media: Pick<MediaService, 'thumbnail'>;
  store: Pick<BlobStore, 'get'>;
}

/** What a moderator's preview serves: always an inert type. */
export interface SharePreview {
  contentType: 'text/plain; charset=utf-8' | 'image/jpeg' | 'image/webp' | 'image/png';
  open: () => Promise<Readable>;
}

/** Bytes of a text file a preview shows (the start of the file). */
export const textPreviewBytes = 64 * 1024;

const imageTypes = new Set(['image/jpeg', 'image/webp', 'image/png']);

/**
 * A preview of reported content for moderators, of a share reported from outside the console only
 * (docs/api.md#moderation), of inert types only:
 * images and videos as the thumbnail the media service drew (re-encoded pixels, never the
 * uploaded bytes), text files as the start of their bytes served as plain text. Anything else
 * (archives, documents, HTML served as markup, ...) has no preview.
 */
export function createSharePreviewService(deps: SharePreviewDeps) {
  /** A live file the share shows: one of its chosen files or inside one of its chosen folders. */
  async function sharedFile(shareId: string, fileId: string): Promise<FileRecord> {
    const share = await deps.shares.find(shareId);
    // Only a share someone outside the console reported is shown: a moderator does not browse
    // members' other shares, pass-code ones included, and cannot open one by reporting it or
    // deciding on it themselves.
    if (!share || !(await deps.moderation.hasOutsideReport(shareId))) {
      throw new AppError('not_found', { description: 'No reported share of this id' });
    }
    const chosen = await deps.shares.ownerFiles(share.userId, await deps.shares.itemIds(shareId));
    const direct = chosen.find((item) => item.id === fileId && item.trashed === 0);
    if (direct) {
      return direct;
    }
    const folders = chosen.filter((item) => item.kind === 'folder' && item.trashed === 0);
    const inside = (
      await deps.shares.liveTree(
        share.userId,
        folders.map((item) => item.id),
      )
    ).find((item) => item.id === fileId);
    const [record] = inside ? await deps.shares.ownerFiles(share.userId, [inside.id]) : [];
    if (!record) {
      throw new AppError('file_not_found');
    }
    return record;
  }

  return {
    async preview(shareId: string, fileId: string): Promise<SharePreview> {
      const file = await sharedFile(shareId, fileId);
      if (file.kind !== 'file' || file.sha256 === null) {
        throw new AppError('failed_precondition', { description: 'Only files have a preview' });
      }
      const sha256 = file.sha256;
      if (file.fileCategory === 'TEXT') {
        return {
          contentType: 'text/plain; charset=utf-8',
          open: () =>
            deps.store.get(
              sha256,
              file.size === 0
                ? undefined
                : { start: 0, end: Math.min(file.size, textPreviewBytes) - 1 },
            ),
        };
      }
      if (file.fileCategory === 'IMAGE' || file.fileCategory === 'VIDEO') {
        const thumbnail = await deps.media.thumbnail({ sha256, size: file.size }, 'SIZE_LARGE');
        if (thumbnail && imageTypes.has(thumbnail.contentType)) {
          return {
            contentType: thumbnail.contentType as SharePreview['contentType'],
            open: () => deps.store.get(thumbnail.blobSha256),
          };
        }
      }
      throw new AppError('failed_precondition', {
        description: 'This type of file has no preview',
      });
    },
  };
}

export type SharePreviewService = ReturnType<typeof createSharePreviewService>;
