import type { FeedbackAttachmentType } from '@nimbus/contracts';
import { feedbackLimits, safeFileName } from '@nimbus/contracts';
import { detectAvatarType } from '../user/avatar-image';

/** The file-name ending each accepted type is saved with. */
export const feedbackAttachmentExtensions: Readonly<Record<FeedbackAttachmentType, string>> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'text/plain': 'txt',
};

const pdfSignature = Buffer.from('%PDF-', 'ascii');
const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Control characters other than tab, line feed, form feed and carriage return. */
const binaryControl = /(?![\t\n\f\r])\p{Cc}/u;

function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0) {
    return false;
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return false;
  }
  return !binaryControl.test(text);
}

/**
 * The type of an attachment from its bytes (the client's `Content-Type` and file name are never
 * trusted), or undefined when it is none of the accepted types: PNG, JPEG, GIF and WebP images,
 * PDF, and UTF-8 text without binary control characters (logs).
 */
export function detectFeedbackAttachmentType(
  bytes: Uint8Array,
): FeedbackAttachmentType | undefined {
  const image = detectAvatarType(bytes);
  if (image !== undefined) {
    return image;
  }
  if (Buffer.from(bytes.subarray(0, pdfSignature.length)).equals(pdfSignature)) {
    return 'application/pdf';
  }
  return isPlainText(bytes) ? 'text/plain' : undefined;
}

/**
 * The name an attachment is kept under: the base name the client sent (no folders), without
 * control, path or direction-control characters (`safeFileName`), shortened, and ending in the extension of the type found in its
 * bytes, so a saved copy never opens as anything else.
 */
export function cleanAttachmentName(
  given: string,
  type: FeedbackAttachmentType,
  position: number,
): string {
  const base = safeFileName((given.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}"*:<>?|]/gu, ''))
    .replace(/\s+/g, ' ')
    .trim();
  const stem = base.replace(/\.[^.]*$/, '').replace(/^\.+/, '');
  const extension = feedbackAttachmentExtensions[type];
  const maxStem = feedbackLimits.attachmentNameMaxChars - extension.length - 1;
  const kept = [...stem].slice(0, maxStem).join('').trim();
  return `${kept === '' ? `attachment-${position + 1}` : kept}.${extension}`;
}
