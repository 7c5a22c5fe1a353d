import type { FileMedia, ThumbnailSize } from '@nimbus/contracts';
import type { FileRecord } from './file.repository';
import type { StorageAbout } from './file.service';

/** A signed link as `links` entries carry it (docs/api.md#files). */
export interface FileLink {
  url: string;
  token: string;
  expire: string;
  type: string;
}

/** The fields of a File that the content module fills: signed links and media facts. */
export interface FileLinkFields {
  thumbnail_link: string;
  web_content_link: string;
  links: Record<string, FileLink>;
  medias: FileMedia[];
  /** Media facts (`width`, `height`, `duration`) merged over the stored params. */
  params: Record<string, string>;
  /** The category the bytes show, for a file whose name said nothing (`OTHER`). */
  file_category: string;
}

/**
 * The share a File's links are handed out through: its id and the stamp of the pass code in
 * force (opaque here; the share module makes and checks it). Links that carry it are checked
 * against the share on every request.
 */
export interface ShareScope {
  shareId: string;
  stamp: string;
}

/** What a link call takes: the thumbnail size, and the share the links go out through, if any. */
export interface LinkOptions {
  thumbnailSize?: ThumbnailSize | undefined;
  /** Links for a share's visitors: bound to the share, never the owner's own (metered) links. */
  share?: ShareScope | undefined;
  /** What the browser decodes (`media_codecs`), which decides a video's `medias`. */
  mediaCodecs?: string | undefined;
}

/**
 * Fills the link fields of Files. The drive module only calls it; the content module (which
 * signs links and knows media facts) implements it.
 */
export interface FileLinker {
  /**
   * Every link of one File (`GET /drive/v1/files/{id}`). `fetch` (`usage=FETCH`): the member
   * asks for their own file's link to download it, which `download_traffic_exhausted` refuses
   * once the plan's download traffic of the month is used up.
   */
  forFile(
    userId: string,
    record: FileRecord,
    options: LinkOptions & { fetch?: boolean },
  ): Promise<Partial<FileLinkFields>>;
  /** The cheap links of a page of a listing (thumbnails of images), by file id. */
  forListing(
    userId: string,
    records: FileRecord[],
    options: LinkOptions,
  ): Promise<Map<string, Partial<FileLinkFields>>>;
}

/** The File of docs/api.md#files; `links` come from the content module when it is wired. */
export function toFileDto(record: FileRecord, links: Partial<FileLinkFields> = {}) {
  return {
    kind: record.kind === 'folder' ? ('drive#folder' as const) : ('drive#file' as const),
    id: record.id,
    parent_id: record.parentId,
    name: record.name,
    size: String(record.size),
    hash: record.gcid.toUpperCase(),
    mime_type: record.mimeType,
    file_extension: record.fileExtension,
    file_category: links.file_category ?? record.fileCategory,
    phase: record.phase,
    trashed: record.trashed !== 0,
    delete_time: record.trashedAt ?? '',
    starred: record.starred,
    tags: record.starred ? [{ name: 'STAR' }] : [],
    created_time: record.createdAt,
    modified_time: record.modifiedAt,
    thumbnail_link: links.thumbnail_link ?? '',
    web_content_link: links.web_content_link ?? '',
    links: links.links ?? {},
    medias: links.medias ?? [],
    audit: { status: 'STATUS_OK', message: '' },
    params: { ...record.params, ...links.params },
    space: '',
    writable: true,
    folder_type: record.kind === 'folder' ? record.folderType : '',
  };
}

/** `GET /drive/v1/about` (docs/api.md#account-and-membership); numbers as decimal strings. */
export function toAboutDto(
  about: StorageAbout,
  offline: { createdToday: number } = { createdToday: 0 },
  traffic: { usage: number } = { usage: 0 },
) {
  return {
    kind: 'drive#about' as const,
    quota: {
      kind: 'drive#quota' as const,
      limit: String(about.limit),
      usage: String(about.usage),
      usage_in_trash: String(about.usageInTrash),
      is_unlimited: false,
    },
    // Usage above the limit (a membership lapsed): the site's `overStorageLimit`.
    over_storage_limit: about.usage > about.limit,
    // The day's offline tasks reached the plan's limit: the site's `overFreeTaskLimit`.
    over_free_task_limit: offline.createdToday >= about.cloudDownloadLimit,
    quotas: {
      // Offline tasks created this UTC day, against the plan's daily limit.
      cloud_download: {
        limit: String(about.cloudDownloadLimit),
        usage: String(offline.createdToday),
      },
      download_traffic: { limit: String(about.downloadTrafficLimit), usage: String(traffic.usage) },
    },
    // The end of the membership behind the limits; the free plan does not end.
    expires_at: about.expiresAt ?? '',
  };
}
