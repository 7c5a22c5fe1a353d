import {
  moderationReasonText,
  shareStatusText,
  type Locale,
  type ShareStatus,
} from '@nimbus/contracts';
import { toFileDto, type FileLinkFields } from '../drive/file.dto';
import type { ShareRecord } from './share.repository';
import type { SharedFile } from './share.service';

/**
 * A file as a share shows it: the owner's private facts (star, trash, params such as the source
 * URL) are left out, and chosen items stand at the share's root (`parent_id` `""`) so no id of
 * the owner's folders outside the share leaks. `links` are the content module's signed links
 * (empty when it is not wired); of the params only media facts (width, height, duration) show.
 */
export function toSharedFileDto(file: SharedFile, links: Partial<FileLinkFields> = {}) {
  const dto = toFileDto(file.record, links);
  return {
    ...dto,
    parent_id: file.isTopLevel ? '' : dto.parent_id,
    trashed: false,
    delete_time: '',
    starred: false,
    tags: [],
    params: links.params ?? {},
    writable: false,
    audit: file.moderation === undefined ? dto.audit : { status: file.moderation, message: '' },
  };
}

/** Whole days left, rounded up, or `-1` for never. */
export function expirationLeftOf(
  expiresAt: string | null,
  now: Date,
): { days: string; seconds: string } {
  if (expiresAt === null) {
    return { days: '-1', seconds: '-1' };
  }
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now.getTime()) / 1000));
  return { days: String(Math.ceil(seconds / 86_400)), seconds: String(seconds) };
}

/**
 * The ShareSummary of docs/api.md#shares; numbers as decimal strings. `thumbnailLink` is the signed
 * thumbnail of the first shared item when it has one (an image or a video), else `""`.
 */
export function toShareSummaryDto(
  share: ShareRecord,
  status: ShareStatus,
  url: string,
  now: Date,
  locale: Locale,
  thumbnailLink = '',
) {
  return {
    share_id: share.id,
    share_url: url,
    share_status: status,
    title: share.title,
    pass_code: share.passCode,
    file_num: String(share.fileNum),
    file_id: share.fileId,
    file_kind: share.fileKind === 'folder' ? 'drive#folder' : 'drive#file',
    file_size: String(share.fileSize),
    expiration_days: String(share.expirationDays),
    expiration_at: share.expiresAt ?? '',
    expiration_left: expirationLeftOf(share.expiresAt, now).days,
    restore_count: String(share.restoreCount),
    restore_limit: String(share.restoreLimit),
    view_count: String(share.viewCount),
    create_time: share.createdAt,
    thumbnail_link: thumbnailLink,
    moderation_reason: share.moderationReason,
    moderation_reason_text: moderationReasonText(share.moderationReason, locale),
  };
}

/** `share_status` and its text in the caller's language. */
export function statusFieldsOf(status: ShareStatus, locale: Locale) {
  return { share_status: status, share_status_text: shareStatusText(status, locale) };
}
