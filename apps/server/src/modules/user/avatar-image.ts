/** The image types an avatar may have; nothing that can carry script (no SVG, no HTML). */
export const avatarTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export type AvatarType = (typeof avatarTypes)[number];

/** Largest avatar accepted, in bytes (2 MiB). */
export const avatarMaxBytes = 2 * 1024 * 1024;

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) {
    return false;
  }
  return signature.every((byte, index) => bytes[offset + index] === byte);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const jpeg = [0xff, 0xd8, 0xff];

/**
 * The type of an image from its first bytes (the client's `Content-Type` is never trusted), or
 * undefined when the bytes are none of the avatar types. A PNG must open with its `IHDR` chunk
 * and a WebP with a RIFF size, so a text file behind a forged signature is refused.
 */
export function detectAvatarType(bytes: Uint8Array): AvatarType | undefined {
  if (startsWith(bytes, png) && startsWith(bytes, ascii('IHDR'), 12)) {
    return 'image/png';
  }
  if (startsWith(bytes, jpeg)) {
    return 'image/jpeg';
  }
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) {
    return 'image/gif';
  }
  if (
    startsWith(bytes, ascii('RIFF')) &&
    startsWith(bytes, ascii('WEBP'), 8) &&
    bytes.length >= 16
  ) {
    return 'image/webp';
  }
  return undefined;
}
