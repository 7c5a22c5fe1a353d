import type { Readable } from 'node:stream';
import type { ContentDigest } from './content-hash';

/** What a writer may announce about the bytes it hands over; a mismatch fails the put. */
export interface PutOptions {
  /** Exact size in bytes; more bytes abort the write at once. */
  expectedSize?: number;
  /** SHA-256 (hex) the bytes must have. */
  expectedSha256?: string;
}

/** An inclusive byte range of a blob, as in an HTTP `Range` header; both ends optional. */
export interface ReadRange {
  start?: number;
  end?: number;
}

/** A stored blob, as the store sees it. */
export interface BlobEntry {
  sha256: string;
  size: number;
}

/**
 * Content-addressed bytes: every blob is stored under its SHA-256 and never changes. A put is
 * durable and visible under its key only when it resolves, and visible whole or not at all.
 */
export interface BlobStore {
  /** `local` or `s3`, for logs and reports. */
  readonly kind: 'local' | 's3';
  /** Streams bytes in, hashing them on the way; storing bytes that exist already is a no-op. */
  put(source: Readable, options?: PutOptions): Promise<ContentDigest>;
  /**
   * Takes a finished, fsynced file whose digest the caller computed while writing it (an upload's
   * partial data) into the store under its SHA-256, and removes the file. On local disk this is a
   * rename plus a folder fsync (no byte is read again); on S3 the file is streamed up and checked.
   */
  adopt(filePath: string, digest: ContentDigest): Promise<void>;
  /** The bytes of a blob, or of an inclusive range of them; fails with `BlobNotFoundError`. */
  get(sha256: string, range?: ReadRange): Promise<Readable>;
  /** Size of a blob, or undefined when it is not stored. */
  stat(sha256: string): Promise<BlobEntry | undefined>;
  exists(sha256: string): Promise<boolean>;
  /** Removes a blob; removing a missing blob is not an error. */
  delete(sha256: string): Promise<void>;
  /** Every stored blob in ascending order of SHA-256 (for `verify`). */
  list(): AsyncIterable<BlobEntry>;
  /**
   * Where a blob's file is on this machine, for tools that read files (sharp, ffprobe); only a
   * store that keeps blobs on local disk has it. The path may name a blob that is not stored.
   */
  localPath?(sha256: string): string;
  /** Unfinished uploads kept in the store itself, so any node continues them (S3 only). */
  uploads?: BucketUploads;
  /** Transcoded video segments kept in the store itself, so every node reads them (S3 only). */
  segments?: BucketSegments;
  /** Releases connections; the store is not used afterwards. */
  close(): Promise<void>;
}

/**
 * Transcoded video segments in the bucket (docs/video.md, "In a fleet"), named by their place in
 * the segment cache, within a size budget with least recently used first out.
 */
export interface BucketSegments {
  /** Stores a segment's file under `name` (overwriting is harmless: the bytes are the same). */
  put(name: string, file: string): Promise<void>;
  /** Writes segment `name` to `file`; answers false when the bucket does not hold it. */
  fetch(name: string, file: string): Promise<boolean>;
  /** Removes the least recently used segments past `maxBytes`; answers how many went. */
  sweep(maxBytes: number): Promise<number>;
}

/** A part of an unfinished upload as S3 acknowledged it. */
export interface SentPart {
  partNumber: number;
  etag: string;
}

/**
 * Unfinished uploads in the bucket (docs/uploads.md, "In the bucket"): each is one multipart
 * upload at `uploads/<id>/data` whose parts are sent as they fill, and the bytes after the last
 * part wait in a tail object of their own. Completing, copying into the blob key and removing are
 * all safe to repeat, so any node may finish what another began.
 */
export interface BucketUploads {
  /** Bytes per part (at least S3's 5 MiB minimum); larger for uploads that would need too many. */
  partSizeFor(size: number): number;
  /** Starts the multipart upload of an upload; answers its S3 upload id. */
  begin(uploadId: string): Promise<string>;
  /** Sends one part; answers its ETag. */
  sendPart(
    uploadId: string,
    multipartId: string,
    partNumber: number,
    bytes: Buffer,
  ): Promise<string>;
  /** Stores the bytes after the last part under a new key, answered. */
  putTail(uploadId: string, bytes: Buffer): Promise<string>;
  /** The bytes of a tail object; fails unless it has `size` bytes. */
  getTail(key: string, size: number): Promise<Buffer>;
  /** Removes a tail object (absent is fine). */
  dropTail(key: string): Promise<void>;
  /**
   * Joins the parts into `uploads/<id>/data`. Completing again (the multipart upload is gone) is
   * fine when that object is there with `size` bytes; answers false when the bytes are lost.
   */
  complete(
    uploadId: string,
    multipartId: string,
    parts: SentPart[],
    size: number,
  ): Promise<boolean>;
  /** The joined bytes of a completed upload (to hash them once when no node kept the hash). */
  read(uploadId: string): Promise<Readable>;
  /**
   * Puts the joined bytes under their blob key (a copy inside the service, skipped when the blob
   * is stored) and removes them; answers false when neither is there.
   */
  adopt(uploadId: string, digest: ContentDigest): Promise<boolean>;
  /** Aborts the multipart upload (if any) and removes every object of the upload. */
  remove(uploadId: string, multipartId: string | null): Promise<void>;
  /**
   * The ids under `uploads/` whose objects are all older than `before` (tails of uploads and
   * the parked bytes of offline downloads), for the sweep of those nothing owns any more.
   */
  idsBefore(before: Date): Promise<string[]>;
}

const mebibyte = 1024 * 1024;
/** S3 takes at most 10,000 parts; a few hundred numbers stay spare for parts sent again. */
const plannedParts = 9_000;

/**
 * Bytes per part of an upload of `size` bytes kept in the bucket: `base` (8 MiB, never under
 * S3's 5 MiB minimum), or more (whole MiB) when the upload would need more than 9,000 parts.
 */
export function bucketPartSize(size: number, base = 8 * mebibyte): number {
  const least = Math.ceil(size / plannedParts / mebibyte) * mebibyte;
  return Math.max(base, 5 * mebibyte, least);
}

/** A blob asked for by key is not in the store. */
export class BlobNotFoundError extends Error {
  constructor(readonly sha256: string) {
    super(`blob ${sha256} is not stored`);
    this.name = 'BlobNotFoundError';
  }
}

/** The bytes of a put do not hash to the SHA-256 the writer announced; nothing was stored. */
export class ChecksumMismatchError extends Error {
  constructor(
    readonly expected: string,
    readonly actual: string,
  ) {
    super(`expected SHA-256 ${expected}, got ${actual}`);
    this.name = 'ChecksumMismatchError';
  }
}

const sha256Pattern = /^[0-9a-f]{64}$/;

/** Guards every key-taking method: a key is a path or object name, never caller-shaped. */
export function assertSha256(sha256: string): void {
  if (!sha256Pattern.test(sha256)) {
    throw new Error(`not a SHA-256 key: ${JSON.stringify(sha256.slice(0, 80))}`);
  }
}

/** Where a blob lives relative to the store's root: `ab/cd/<sha256>`. */
export function blobKey(sha256: string): string {
  assertSha256(sha256);
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** Size of the buffers blobs are read with; 64 KiB reads cost a third of download speed. */
export const readBufferSize = 1024 * 1024;
