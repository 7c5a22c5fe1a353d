import type { FileHandle } from 'node:fs/promises';
import type { StreamHasher } from './threaded-hash';

/** Size of the shared buffers bytes are gathered in, written from and hashed from. */
export const slotSize = 1024 * 1024;

/** Shared buffers kept for reuse across writers (at most this many; the rest are freed). */
const keptSlots = 32;
const freeSlots: Buffer[] = [];

function takeSlot(): Buffer {
  return freeSlots.pop() ?? Buffer.from(new SharedArrayBuffer(slotSize));
}

function giveSlot(slot: Buffer): void {
  if (freeSlots.length < keptSlots) {
    freeSlots.push(slot);
  }
}

export interface HashedFileWriterOptions {
  /**
   * Start an fdatasync in the background each time this many bytes were written since the last
   * one began, so the kernel writes the file back while bytes still arrive and the fsync at the
   * end has little left to do; 0 never does.
   */
  flushBytes?: number;
  /** Buffers written or hashed at once at most; `push` asks the caller to wait beyond that. */
  maxSlots?: number;
}

/** A buffer of gathered bytes on its way to the file and the hash threads. */
interface Slot {
  buffer: Buffer;
  /** Where its bytes go in the file. */
  at: number;
  length: number;
}

/**
 * Writes a stream of bytes into a file from `start` on and hashes them on the hash threads, the
 * two at once: bytes are copied into shared 1 MiB buffers; full buffers are written (one `writev`
 * at a time of every buffer waiting, in order, at their offset) and, once written, handed to the
 * hasher (the hash threads), while the next buffers fill. So the hasher has only seen bytes that are in the file, in order,
 * and after `flush` every byte handed in is both. With `flushBytes` the file is fdatasynced in the
 * background as it grows.
 *
 * The caller keeps the file handle open until `flush` settled (it settles even after a failure,
 * and then throws the first failure).
 */
export class HashedFileWriter {
  /** End of the bytes handed in (written or not). */
  queued: number;
  /** End of the bytes in the file, from `start`, with no gap. */
  written: number;
  /** End of the bytes a finished fdatasync covers. */
  durable: number;
  private current: Slot | undefined;
  private readonly queue: Slot[] = [];
  private inFlight = 0;
  private pumping: Promise<void> | undefined;
  private readonly hashing = new Set<Promise<void>>();
  private syncing: Promise<void> | undefined;
  private syncStartedAt: number;
  private failure: Error | undefined;
  private wakers: (() => void)[] = [];
  private readonly flushBytes: number;
  private readonly maxSlots: number;

  constructor(
    private readonly handle: FileHandle,
    start: number,
    private readonly hasher: StreamHasher,
    options: HashedFileWriterOptions = {},
  ) {
    this.queued = start;
    this.written = start;
    this.durable = start;
    this.syncStartedAt = start;
    this.flushBytes = options.flushBytes ?? 0;
    this.maxSlots = Math.max(2, options.maxSlots ?? 32);
  }

  /** The first write, hash or fdatasync that failed, if any. */
  get error(): Error | undefined {
    return this.failure;
  }

  /**
   * Takes a copy of `chunk` (the caller may reuse it at once). Returns a promise when the
   * caller should wait before the next push (too many buffers under way), else undefined.
   */
  push(chunk: Uint8Array): Promise<void> | undefined {
    let offset = 0;
    while (offset < chunk.length) {
      const slot = (this.current ??= { buffer: takeSlot(), at: this.queued, length: 0 });
      const take = Math.min(slotSize - slot.length, chunk.length - offset);
      slot.buffer.set(offset === 0 && take === chunk.length ? chunk : chunk.subarray(offset, offset + take), slot.length);
      slot.length += take;
      offset += take;
      this.queued += take;
      if (slot.length === slotSize) {
        this.handOver();
      }
    }
    return this.inFlight >= this.maxSlots && this.failure === undefined ? this.roomForMore() : undefined;
  }

  /** Sends the bytes gathered so far on their way without waiting for a full buffer. */
  handOver(): void {
    const slot = this.current;
    if (slot === undefined || slot.length === 0) {
      return;
    }
    this.current = undefined;
    this.inFlight += 1;
    this.queue.push(slot);
    this.pumping ??= this.pump();
  }

  /** Resolves when everything handed over so far is in the file (not necessarily hashed). */
  async settleWrites(): Promise<void> {
    this.handOver();
    while (this.pumping !== undefined) {
      await this.pumping;
    }
    if (this.failure !== undefined) {
      throw this.failure;
    }
  }

  /**
   * Hands over the last bytes and waits until every byte is written and hashed; throws the first
   * failure (after everything under way settled).
   */
  async flush(): Promise<void> {
    this.handOver();
    while (this.pumping !== undefined || this.hashing.size > 0) {
      await this.pumping;
      await Promise.all(this.hashing);
    }
    await this.syncing;
    if (this.failure !== undefined) {
      throw this.failure;
    }
  }

  /** Makes the bytes up to `position` (at most `written`) durable, with one fdatasync at most. */
  async syncTo(position: number): Promise<void> {
    while (this.durable < position) {
      if (this.syncing === undefined) {
        this.startSync();
      }
      await this.syncing;
      if (this.failure !== undefined) {
        throw this.failure;
      }
    }
  }

  private startSync(): void {
    const at = this.written;
    this.syncStartedAt = at;
    this.syncing = this.handle
      .datasync()
      .then(
        () => {
          this.durable = Math.max(this.durable, at);
        },
        (error: unknown) => this.fail(error),
      )
      .finally(() => {
        this.syncing = undefined;
      });
  }

  private fail(error: unknown): void {
    this.failure ??= error instanceof Error ? error : new Error(String(error));
    this.wake();
  }

  private wake(): void {
    const wakers = this.wakers;
    this.wakers = [];
    for (const waker of wakers) {
      waker();
    }
  }

  private async roomForMore(): Promise<void> {
    while (this.inFlight >= this.maxSlots && this.failure === undefined) {
      await new Promise<void>((resolve) => this.wakers.push(resolve));
    }
    if (this.failure !== undefined) {
      throw this.failure;
    }
  }

  private release(slot: Slot): void {
    giveSlot(slot.buffer);
    this.inFlight -= 1;
    this.wake();
  }

  /**
   * Writes the queued buffers in order, all that are waiting in one `writev` (so a thread that is
   * slow to be scheduled writes more at once, not less often); after a failure the rest are
   * dropped.
   */
  private async pump(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0);
        if (this.failure !== undefined) {
          batch.forEach((slot) => this.release(slot));
          continue;
        }
        try {
          await this.writeAll(batch);
        } catch (error) {
          this.fail(error);
          batch.forEach((slot) => this.release(slot));
          continue;
        }
        for (const slot of batch) {
          this.written = slot.at + slot.length;
          const hashed: Promise<void> = this.hasher
            .update(slot.buffer.subarray(0, slot.length))
            .catch((error: unknown) => this.fail(error))
            .finally(() => {
              this.hashing.delete(hashed);
              this.release(slot);
            });
          this.hashing.add(hashed);
        }
        if (this.flushBytes > 0 && this.syncing === undefined && this.written - this.syncStartedAt >= this.flushBytes) {
          this.startSync();
        }
      }
    } finally {
      this.pumping = undefined;
    }
  }

  /** Writes consecutive buffers at the offset of the first, going on after a short write. */
  private async writeAll(batch: Slot[]): Promise<void> {
    let views = batch.map((slot) => slot.buffer.subarray(0, slot.length));
    let at = (batch[0] as Slot).at;
    while (views.length > 0) {
      const { bytesWritten } = await this.handle.writev(views, at);
      at += bytesWritten;
      let skip = bytesWritten;
      const rest: Buffer[] = [];
      for (const view of views) {
        if (skip >= view.length) {
          skip -= view.length;
        } else {
          rest.push(view.subarray(skip));
          skip = 0;
        }
      }
      views = rest;
    }
  }
}

/**
 * Hashes the first `length` bytes of a file (partial data kept for a resume), reading the next
 * buffer while the hash threads work on the last.
 */
export async function hashFilePrefix(handle: FileHandle, length: number, hasher: StreamHasher): Promise<void> {
  const under = new Set<Promise<void>>();
  let failure: Error | undefined;
  try {
    for (let at = 0; at < length && failure === undefined; ) {
      const slot = takeSlot();
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(slot, 0, Math.min(slotSize, length - at), at));
      } catch (error) {
        giveSlot(slot);
        throw error;
      }
      if (bytesRead === 0) {
        giveSlot(slot);
        throw new Error(`the file ended at ${at} of ${length} bytes`);
      }
      at += bytesRead;
      const hashed: Promise<void> = hasher
        .update(slot.subarray(0, bytesRead))
        .catch((error: unknown) => {
          failure ??= error instanceof Error ? error : new Error(String(error));
        })
        .finally(() => {
          under.delete(hashed);
          giveSlot(slot);
        });
      under.add(hashed);
      if (under.size >= 4) {
        await Promise.race(under);
      }
    }
  } finally {
    await Promise.all(under);
  }
  if (failure !== undefined) {
    throw failure;
  }
}
