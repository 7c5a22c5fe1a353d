import type { FileRecord } from './file.repository';
import type { StorageAbout } from './file.service';

/**
 * The File of API.md §2. Links (`web_content_link`, `links`, `thumbnail_link`, `medias`) stay
 * empty until downloads and previews exist.
 */
export function toFileDto(record: FileRecord) {
  return {
    kind: record.kind === 'folder' ? ('drive#folder' as const) : ('drive#file' as const),
    id: record.id,
    parent_id: record.parentId,
    name: record.name,
    size: String(record.size),
    hash: record.gcid.toUpperCase(),
    mime_type: record.mimeType,
    file_extension: record.fileExtension,
    file_category: record.fileCategory,
    phase: record.phase,
    trashed: record.trashed !== 0,
    delete_time: record.trashedAt ?? '',
    starred: record.starred,
    tags: record.starred ? [{ name: 'STAR' }] : [],
    created_time: record.createdAt,
    modified_time: record.modifiedAt,
    thumbnail_link: '',
    web_content_link: '',
    links: {},
    medias: [],
    audit: { status: 'STATUS_OK', message: '' },
    params: record.params,
    space: '',
    writable: true,
    folder_type: record.kind === 'folder' ? 'NORMAL' : '',
  };
}

/** `GET /drive/v1/about` (API.md §5); numbers as decimal strings. */
export function toAboutDto(about: StorageAbout) {
  return {
    kind: 'drive#about' as const,
    quota: {
      kind: 'drive#quota' as const,
      limit: String(about.limit),
      usage: String(about.usage),
      usage_in_trash: String(about.usageInTrash),
      is_unlimited: false,
    },
    // Usage above the limit (a membership lapsed): the spec's `overStorageLimit`.
    over_storage_limit: about.usage > about.limit,
    quotas: {
      cloud_download: { limit: String(about.cloudDownloadLimit), usage: '0' },
      download_traffic: { limit: String(about.downloadTrafficLimit), usage: '0' },
    },
    // The end of the membership behind the limits; the free plan does not end.
    expires_at: about.expiresAt ?? '',
  };
}
