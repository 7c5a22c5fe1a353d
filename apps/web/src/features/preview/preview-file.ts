import {
  type DriveFile,
  type FileMedia,
  fileExtensionOf,
  isAudio,
  isAudioCodecSupported,
  isImage,
  isVideo,
  textExtensions,
} from '@nimbus/contracts';
import { contentUrlOf, linkUrlOf } from './content-url';

export { contentUrlOf };

/** A playable rendition of a video or a song: the catalogue's (docs/api.md#files `medias`). */
export type PreviewMedia = FileMedia;

/**
 * The File fields (docs/api.md#files) the preview reads, as the catalogue types them; the
 * listing's Files (without links or renditions) and `GET`'s Files both fit.
 */
export type PreviewFile = Pick<DriveFile, 'id' | 'name'> &
  Partial<
    Pick<
      DriveFile,
      | 'kind'
      | 'size'
      | 'mime_type'
      | 'file_extension'
      | 'file_category'
      | 'hash'
      | 'created_time'
      | 'modified_time'
      | 'thumbnail_link'
      | 'web_content_link'
      | 'links'
      | 'medias'
    >
  >;

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'other';

/** Source code and plain-text formats shown as text, beyond the drive's TEXT category. */
const codeExtensions = [
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'go',
  'rs',
  'java',
  'kt',
  'swift',
  'c',
  'h',
  'cc',
  'cpp',
  'hpp',
  'cs',
  'php',
  'sh',
  'bash',
  'zsh',
  'ps1',
  'sql',
  'css',
  'scss',
  'less',
  'html',
  'htm',
  'vue',
  'svelte',
  'toml',
  'lua',
  'pl',
  'r',
  'dart',
  'scala',
  'gradle',
  'dockerfile',
  'makefile',
  'env',
  'gitignore',
  'diff',
  'patch',
  'tex',
  'properties',
  'cfg',
];

/** Text media types that are shown as text (never rendered: HTML and SVG are shown as source). */
function isTextType(mimeType: string): boolean {
  return (
    mimeType.startsWith('text/') ||
    [
      'application/json',
      'application/xml',
      'application/javascript',
      'application/x-sh',
      'application/yaml',
    ].includes(mimeType)
  );
}

/** How the preview shows a file: by its name first, then its content type and category. */
export function previewKindOf(file: PreviewFile): PreviewKind {
  if (file.kind === 'drive#folder') {
    return 'other';
  }
  const input = { name: file.name, contentType: file.mime_type };
  const extension =
    file.file_extension?.replace(/^\./, '').toLowerCase() || fileExtensionOf(file.name);
  const mimeType = (file.mime_type ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (extension === 'pdf' || mimeType === 'application/pdf') {
    return 'pdf';
  }
  if (extension === 'svg' || mimeType === 'image/svg+xml') {
    // An SVG may carry scripts: its source is shown, never the drawing in the site's page.
    return 'text';
  }
  // The server's category comes first (it looked at the content); the name decides without it.
  const byCategory: Record<string, PreviewKind> = {
    IMAGE: 'image',
    VIDEO: 'video',
    AUDIO: 'audio',
    TEXT: 'text',
  };
  const categoryKind = file.file_category ? byCategory[file.file_category] : undefined;
  if (categoryKind) {
    return categoryKind;
  }
  if (isImage(input)) {
    return 'image';
  }
  if (isVideo(input)) {
    return 'video';
  }
  if (isAudio(input)) {
    return 'audio';
  }
  if (
    (textExtensions as readonly string[]).includes(extension) ||
    codeExtensions.includes(extension) ||
    codeExtensions.includes(file.name.toLowerCase()) ||
    isTextType(mimeType)
  ) {
    return 'text';
  }
  return 'other';
}

/** The rendition to play: the default one, else the original, else the first with a link. */
export function playableMediaOf(file: PreviewFile): PreviewMedia | undefined {
  const medias = (file.medias ?? []).filter((media) => linkUrlOf(media.link) !== undefined);
  return (
    medias.find((media) => media.is_default) ?? medias.find((media) => media.is_origin) ?? medias[0]
  );
}

/** What to play and whether the browser can: a rendition's link or the file's own bytes. */
export function playbackOf(file: PreviewFile): { url?: string; supported: boolean } {
  const media = playableMediaOf(file);
  const url = linkUrlOf(media?.link) ?? contentUrlOf(file);
  const codec = media?.video.audio_codec;
  return { url, supported: media?.is_playable !== false && isAudioCodecSupported(codec) };
}

/**
 * A content link that asks to be shown rather than saved (`disposition=inline`); the content
 * origin honours it only for inert types such as PDF.
 */
export function inlineUrlOf(url: string): string {
  const parsed = new URL(url, 'http://relative.invalid');
  parsed.searchParams.set('disposition', 'inline');
  return parsed.origin === 'http://relative.invalid'
    ? `${parsed.pathname}${parsed.search}${parsed.hash}`
    : parsed.toString();
}

/** Numbers for line numbers: `1\n2\n...`, one a line of `text`. */
export function lineNumbersOf(text: string): string {
  const count = text === '' ? 1 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return Array.from({ length: count }, (_, index) => String(index + 1)).join('\n');
}

/** The most bytes of a text file the preview fetches. */
export const textPreviewBytes = 1024 * 1024;

/**
 * The text of the first bytes of a file: UTF-8 (a broken sequence becomes U+FFFD); when the file
 * goes on past them, the last partial line is dropped so no half character or line shows.
 */
export function decodeTextPreview(bytes: ArrayBuffer, truncated: boolean): string {
  const text = new TextDecoder('utf-8').decode(bytes);
  if (!truncated) {
    return text;
  }
  const lastBreak = text.lastIndexOf('\n');
  return lastBreak > 0 ? text.slice(0, lastBreak + 1) : text.replace(/\uFFFD+$/, '');
}

/** Whether the file looks binary: a NUL in its first bytes. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8000).includes('\u0000');
}
