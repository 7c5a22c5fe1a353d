import type { FileCategory } from './enums';

/*
 * File kind detection (docs/product.md#validation): by file extension first, then by content type. The
 * extension wins because browsers and uploaders often send `application/octet-stream`.
 */

/** Archives the archive viewer opens (docs/product.md#validation). EPUB is a zip inside but a book. */
export const archiveExtensions = ['7z', 'zip', 'rar'] as const;

/** Further compressed containers: listed as archives, not opened by the archive viewer. */
export const otherArchiveExtensions = [
  'tar',
  'gz',
  'tgz',
  'bz2',
  'xz',
  'zst',
  'cab',
  'iso',
] as const;

export const imageExtensions = [
  'jpg',
  'jpeg',
  'png',
  'gif',
  'bmp',
  'webp',
  'svg',
  'ico',
  'tif',
  'tiff',
  'heic',
  'heif',
  'avif',
] as const;

export const videoExtensions = [
  'mp4',
  'm4v',
  'mkv',
  'webm',
  'mov',
  'avi',
  'wmv',
  'flv',
  'ts',
  'm2ts',
  'mts',
  'mpg',
  'mpeg',
  '3gp',
  'rmvb',
  'rm',
  'vob',
  'ogv',
] as const;

export const audioExtensions = [
  'mp3',
  'm4a',
  'aac',
  'flac',
  'wav',
  'ogg',
  'oga',
  'opus',
  'wma',
  'ape',
  'alac',
  'aiff',
  'mid',
  'midi',
  'amr',
] as const;

export const textExtensions = [
  'txt',
  'md',
  'markdown',
  'csv',
  'tsv',
  'json',
  'xml',
  'yaml',
  'yml',
  'log',
  'ini',
  'conf',
  'srt',
  'ass',
  'ssa',
  'vtt',
  'lrc',
  'nfo',
] as const;

export const documentExtensions = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'epub',
  'mobi',
  'azw3',
  'pages',
  'numbers',
  'key',
] as const;

/** Audio codecs browsers cannot play; media using them need a transcoded rendition. */
export const unsupportedAudioCodecs = ['eac3'] as const;

const torrentContentType = 'application/x-bittorrent';

/** What a file is known by: its name, its content type, or both. */
export interface FileKindInput {
  readonly name?: string | null;
  readonly contentType?: string | null;
}

/** The lower-case extension of a file name without the dot; `''` when it has none. */
export function fileExtensionOf(name: string | null | undefined): string {
  if (!name) {
    return '';
  }
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) {
    return '';
  }
  return base.slice(dot + 1).toLowerCase();
}

/** The media type of a content type without parameters, lower-case. */
function mediaTypeOf(contentType: string | null | undefined): string {
  if (!contentType) {
    return '';
  }
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function hasExtension(list: readonly string[], input: FileKindInput): boolean {
  return list.includes(fileExtensionOf(input.name));
}

/** A `.torrent` file: the name ends `.torrent` or the content type is `application/x-bittorrent`. */
export function isTorrent(input: FileKindInput): boolean {
  if (input.name?.toLowerCase().endsWith('.torrent')) {
    return true;
  }
  return mediaTypeOf(input.contentType) === torrentContentType;
}

/**
 * An archive the archive viewer opens: 7z, zip or rar by extension or content type
 * (`application/zip`, `application/x-7z-compressed`, `application/vnd.rar`, ...), but never EPUB
 * (`application/epub+zip`), which is a zip container.
 */
export function isArchive(input: FileKindInput): boolean {
  const extension = fileExtensionOf(input.name);
  // A known extension decides (`book.epub` is a document whatever its content type says).
  if (categoryByExtension(extension) !== undefined) {
    return (archiveExtensions as readonly string[]).includes(extension);
  }
  const mediaType = mediaTypeOf(input.contentType);
  if (mediaType === '' || mediaType.includes('epub')) {
    return false;
  }
  return /(^|[/.+-])(zip|x-zip-compressed|7z|x-7z-compressed|rar|x-rar-compressed|x-rar)$/.test(
    mediaType,
  );
}

function isOfMediaType(
  input: FileKindInput,
  extensions: readonly string[],
  prefix: string,
): boolean {
  if (hasExtension(extensions, input)) {
    return true;
  }
  return mediaTypeOf(input.contentType).startsWith(prefix);
}

/** An image, by extension or an `image/*` content type. */
export function isImage(input: FileKindInput): boolean {
  return isOfMediaType(input, imageExtensions, 'image/');
}

/** A video, by extension or a `video/*` content type. */
export function isVideo(input: FileKindInput): boolean {
  return isOfMediaType(input, videoExtensions, 'video/');
}

/** Audio, by extension or an `audio/*` content type. */
export function isAudio(input: FileKindInput): boolean {
  return isOfMediaType(input, audioExtensions, 'audio/');
}

/** Whether the player can play an audio codec; `eac3` cannot be played (docs/product.md#validation). */
export function isAudioCodecSupported(codec: string | null | undefined): boolean {
  if (!codec) {
    return true;
  }
  const name = codec.trim().toLowerCase();
  return !(unsupportedAudioCodecs as readonly string[]).includes(name);
}

const documentMediaTypes = [
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/epub+zip',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/x-mobipocket-ebook',
];

const textMediaTypes = ['application/json', 'application/xml', 'application/yaml'];

function categoryByExtension(extension: string): FileCategory | undefined {
  const lists: readonly (readonly [readonly string[], FileCategory])[] = [
    [videoExtensions, 'VIDEO'],
    [audioExtensions, 'AUDIO'],
    [imageExtensions, 'IMAGE'],
    [archiveExtensions, 'ARCHIVE'],
    [otherArchiveExtensions, 'ARCHIVE'],
    [documentExtensions, 'DOCUMENT'],
    [textExtensions, 'TEXT'],
  ];
  return lists.find(([list]) => list.includes(extension))?.[1];
}

function categoryByMediaType(mediaType: string): FileCategory | undefined {
  if (mediaType.startsWith('video/')) {
    return 'VIDEO';
  }
  if (mediaType.startsWith('audio/')) {
    return 'AUDIO';
  }
  if (mediaType.startsWith('image/')) {
    return 'IMAGE';
  }
  if (
    documentMediaTypes.includes(mediaType) ||
    mediaType.startsWith('application/vnd.openxmlformats-officedocument.') ||
    mediaType.startsWith('application/vnd.oasis.opendocument.')
  ) {
    return 'DOCUMENT';
  }
  if (isArchive({ contentType: mediaType })) {
    return 'ARCHIVE';
  }
  if (mediaType.startsWith('text/') || textMediaTypes.includes(mediaType)) {
    return 'TEXT';
  }
  return undefined;
}

/**
 * The `file_category` of a file: by extension first, then by content type; `OTHER` when neither
 * says (torrents included: they are offline-task input, not content of a category).
 */
export function fileCategoryOf(input: FileKindInput): FileCategory {
  if (isTorrent(input)) {
    return 'OTHER';
  }
  return (
    categoryByExtension(fileExtensionOf(input.name)) ??
    categoryByMediaType(mediaTypeOf(input.contentType)) ??
    'OTHER'
  );
}
