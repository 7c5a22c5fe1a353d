/*
 * The GCID of a file in the browser (the content hash the server records for every blob,
 * docs/api.md#files): SHA-1 of each block, then SHA-1 over the block digests in order. Blocks are
 * 256 KiB, doubled while the file would have more than 512 blocks, at most 2 MiB — the same rule
 * as the server's `content-hash.ts`. Each block is read once and hashed with WebCrypto, so memory
 * stays at one block plus 20 bytes a block.
 */

const minBlockSize = 256 * 1024;
const maxBlockSize = 2 * 1024 * 1024;
const maxBlocks = 512;

/** SHA-1 of some bytes; WebCrypto in the browser and in Node. */
export type Sha1 = (bytes: ArrayBuffer) => Promise<ArrayBuffer>;

/** SHA-1 with the platform's WebCrypto. */
export const webCryptoSha1: Sha1 = (bytes) => crypto.subtle.digest('SHA-1', bytes);

/** Block size of the GCID of a file of `size` bytes. */
export function gcidBlockSize(size: number): number {
  let blockSize = minBlockSize;
  while (size / blockSize > maxBlocks && blockSize < maxBlockSize) {
    blockSize *= 2;
  }
  return blockSize;
}

/** Lower-case hex of some bytes. */
export function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export interface GcidOptions {
  sha1?: Sha1;
  /** Told of the bytes hashed so far after each block. */
  onProgress?: (hashed: number) => void;
  /** Stops the work between two blocks. */
  signal?: AbortSignal;
}

/** The GCID of a blob, upper-case hex. */
export async function computeGcid(blob: Blob, options: GcidOptions = {}): Promise<string> {
  const sha1 = options.sha1 ?? webCryptoSha1;
  const blockSize = gcidBlockSize(blob.size);
  const blockCount = Math.ceil(blob.size / blockSize);
  const digests = new Uint8Array(blockCount * 20);
  for (let index = 0; index < blockCount; index += 1) {
    options.signal?.throwIfAborted();
    const start = index * blockSize;
    const end = Math.min(start + blockSize, blob.size);
    const digest = await sha1(await blob.slice(start, end).arrayBuffer());
    digests.set(new Uint8Array(digest), index * 20);
    options.onProgress?.(end);
  }
  return toHex(await sha1(digests.buffer)).toUpperCase();
}

/**
 * A byte range the server asks about in an instant upload (docs/api.md#files). 64-bit numbers travel as
 * decimal strings; a number is read too, and either is sent back as it came.
 */
export interface ProofRange {
  offset: number | string;
  length: number | string;
}

/** A proof range with the SHA-1 of its bytes, lower-case hex. */
export interface ProvenRange extends ProofRange {
  sha1: string;
}

/**
 * The answer to an instant upload's proof: the SHA-1 of each asked range of the file. A range
 * that runs past the end covers only the bytes that exist, as the server reads them.
 */
export async function proveRanges(
  blob: Blob,
  ranges: readonly ProofRange[],
  sha1: Sha1 = webCryptoSha1,
): Promise<ProvenRange[]> {
  const proven: ProvenRange[] = [];
  for (const range of ranges) {
    const offset = Number(range.offset);
    const length = Number(range.length);
    if (
      !Number.isSafeInteger(offset) ||
      !Number.isSafeInteger(length) ||
      offset < 0 ||
      length < 0
    ) {
      throw new RangeError('proof range out of bounds');
    }
    const bytes = await blob.slice(offset, offset + length).arrayBuffer();
    proven.push({ offset: range.offset, length: range.length, sha1: toHex(await sha1(bytes)) });
  }
  return proven;
}
