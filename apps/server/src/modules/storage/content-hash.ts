import { createHash, type Hash } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

/** The two content hashes of a blob, and its size in bytes. */
export interface ContentDigest {
  /** SHA-256 of the bytes, lower-case hex: the blob's key. */
  sha256: string;
  /** Xunlei/PikPak GCID, upper-case hex (see `gcidBlockSize`). */
  gcid: string;
  size: number;
}

const minBlockSize = 256 * 1024;
const maxBlockSize = 2 * 1024 * 1024;
const maxBlocks = 512;

/**
 * Block size of the GCID of a file of `size` bytes: 256 KiB, doubled while the file would have
 * more than 512 blocks, at most 2 MiB.
 */
export function gcidBlockSize(size: number): number {
  let blockSize = minBlockSize;
  while (size / blockSize > maxBlocks && blockSize < maxBlockSize) {
    blockSize *= 2;
  }
  return blockSize;
}

/**
 * GCID over fixed blocks: SHA-1 of each block, then SHA-1 over the block digests in order. The
 * outer hash takes each block digest as it is made, so memory stays at one block hasher.
 */
class GcidLane {
  private outer = createHash('sha1');
  private block: Hash = createHash('sha1');
  private filled = 0;

  constructor(readonly blockSize: number) {}

  /** An independent lane in the same state (hashers are copied, never re-fed). */
  copy(): GcidLane {
    const twin = new GcidLane(this.blockSize);
    twin.outer = this.outer.copy();
    twin.block = this.block.copy();
    twin.filled = this.filled;
    return twin;
  }

  update(chunk: Buffer): void {
    let offset = 0;
    while (offset < chunk.length) {
      const take = Math.min(this.blockSize - this.filled, chunk.length - offset);
      this.block.update(
        offset === 0 && take === chunk.length ? chunk : chunk.subarray(offset, offset + take),
      );
      this.filled += take;
      offset += take;
      if (this.filled === this.blockSize) {
        this.outer.update(this.block.digest());
        this.block = createHash('sha1');
        this.filled = 0;
      }
    }
  }

  digest(): string {
    if (this.filled > 0) {
      this.outer.update(this.block.digest());
    }
    return this.outer.digest('hex').toUpperCase();
  }
}

/**
 * Incremental SHA-256 and GCID of one stream of bytes, in one pass. With the size known up front
 * the GCID takes one SHA-1 lane of the right block size; without it, a lane per possible block
 * size runs until the bytes seen so far rule the smaller ones out (a file past 128 MiB can no
 * longer have 256 KiB blocks, and so on), so only files of unknown size pay the extra SHA-1s.
 */
export class ContentHasher {
  private sha256 = createHash('sha256');
  private lanes: GcidLane[];
  private bytes = 0;

  constructor(private readonly expectedSize?: number) {
    if (expectedSize === undefined) {
      this.lanes = [];
      for (let blockSize = minBlockSize; blockSize <= maxBlockSize; blockSize *= 2) {
        this.lanes.push(new GcidLane(blockSize));
      }
    } else {
      this.lanes = [new GcidLane(gcidBlockSize(expectedSize))];
    }
  }

  /**
   * An independent hasher in the same state: a resumable upload keeps one before a request
   * whose bytes may be thrown away (a failed tus checksum) and goes back to it.
   */
  copy(): ContentHasher {
    const twin = new ContentHasher(this.expectedSize);
    twin.sha256 = this.sha256.copy();
    twin.lanes = this.lanes.map((lane) => lane.copy());
    twin.bytes = this.bytes;
    return twin;
  }

  /** Block sizes of the GCID lanes still running (one when the size was announced). */
  get blockSizes(): number[] {
    return this.lanes.map((lane) => lane.blockSize);
  }

  /** Bytes hashed so far. */
  get size(): number {
    return this.bytes;
  }

  update(chunk: Buffer): void {
    this.bytes += chunk.length;
    this.sha256.update(chunk);
    if (this.lanes.length > 1) {
      const floor = gcidBlockSize(this.bytes);
      if (this.lanes[0] !== undefined && this.lanes[0].blockSize < floor) {
        this.lanes = this.lanes.filter((lane) => lane.blockSize >= floor);
      }
    }
    for (const lane of this.lanes) {
      lane.update(chunk);
    }
  }

  digest(): ContentDigest {
    const blockSize = gcidBlockSize(this.bytes);
    const lane = this.lanes.find((candidate) => candidate.blockSize === blockSize);
    if (lane === undefined) {
      throw new Error(
        `content hasher: ${this.bytes} bytes do not match the announced ${this.expectedSize}`,
      );
    }
    return { sha256: this.sha256.digest('hex'), gcid: lane.digest(), size: this.bytes };
  }
}

/** Raised by a hashing stream whose bytes are more or fewer than announced. */
export class SizeMismatchError extends Error {
  constructor(
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`expected ${expected} bytes, got ${actual}${actual > expected ? ' or more' : ''}`);
    this.name = 'SizeMismatchError';
  }
}

/**
 * A pass-through stage that hashes what flows through it (so bytes are read once, never twice).
 * With `expectedSize` it fails as soon as more bytes arrive than announced, and at the end when
 * fewer did; `digest` is there once the stream has finished.
 */
export class HashingStream extends Transform {
  private readonly hasher: ContentHasher;
  private result: ContentDigest | undefined;

  constructor(private readonly expectedSize?: number) {
    super();
    this.hasher = new ContentHasher(expectedSize);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.expectedSize !== undefined && this.hasher.size + chunk.length > this.expectedSize) {
      callback(new SizeMismatchError(this.expectedSize, this.hasher.size + chunk.length));
      return;
    }
    this.hasher.update(chunk);
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    if (this.expectedSize !== undefined && this.hasher.size !== this.expectedSize) {
      callback(new SizeMismatchError(this.expectedSize, this.hasher.size));
      return;
    }
    this.result = this.hasher.digest();
    callback();
  }

  /** The hashes and size of everything that flowed through; throws before the stream ends. */
  get digest(): ContentDigest {
    if (this.result === undefined) {
      throw new Error('hashing stream has not finished');
    }
    return this.result;
  }
}
