import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const version = 'v1';

/**
 * Seals a small secret with AES-256-GCM under a 32-byte key: `v1.<iv>.<ciphertext>.<tag>`, each
 * part base64url. A fresh 96-bit IV per seal; the tag makes any change to the box detectable.
 */
export function sealSecret(key: Uint8Array, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [version, iv, ciphertext, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** Opens a box made by `sealSecret`; throws when it is malformed or was sealed under another key. */
export function openSecret(key: Uint8Array, box: string): string {
  const [boxVersion, iv, ciphertext, tag, ...rest] = box.split('.');
  if (
    boxVersion !== version ||
    iv === undefined ||
    ciphertext === undefined ||
    tag === undefined ||
    rest.length > 0
  ) {
    throw new Error('not a sealed secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}
