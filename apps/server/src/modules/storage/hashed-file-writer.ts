import type { FileHandle } from 'node:fs/promises';
import { directAlignment, giveSlot, slotSize, takeSlot, type SharedSlot } from './shared-slots';
import type { StreamHasher } from './threaded-hash';

export { slotSize } from './shared-slots';

export interface HashedFileWriterOptions {
  /**
   * Start an fdatasync in the background each time this many bytes were written since the last
   * one began, so the kernel writes the file back while bytes still arrive and the fsync at the
   * end has little left to do; 0 never does.
   */
  flushBytes?: number;
  /** Buffers written or hashed at once at most; `push` asks the caller to wait beyond that. */
  maxSlots?: number;
  /**
   * The same file opened for direct I/O (`openDirect`): whole aligned buffers are written through
   * it, past the page cache; the rest (a first or last part buffer) through the handle.
   */
  direct?: FileHandle;
  /** Told after each fdatasync that made more bytes durable (`durable` has moved). */
  onDurable?: () => void;
}

/** A buffer of gathered bytes on its way to the file and the hash threads. */
interface Slot {
  shared: SharedSlot;
  /** Where its bytes go in the file. */
  at: number;
  length: number;
  /** Bytes it takes: up to the next multiple of `slotSize` in the file, so buffers after the first line up. */
  capacity: number;
}

/** Where bytes of a source go (`HashedFileWriter`): copied in, or read straight into lent memory. */
export interface ByteSink {
  /** End of the bytes handed in. */
  readonly queued: number;
  /** Takes a copy of `chunk`; a promise asks the caller to wait before the next bytes. */
  push(chunk: Uint8Array): Promise<void> | undefined;
  /**
   * Free memory to read the next bytes into (at least one byte), the sink's until `commit` or
   * `flush`; undefined when too many buffers are under way (wait for `commit`'s promise).
   */
  lend(): Buffer | undefined;
  /** `length` bytes were put at the start of the lent memory; a promise asks the caller to wait. */
  commit(length: number): Promise<void> | undefined;
}

/**
 * Writes a stream of bytes into a file from `start` on and hashes them on the hash threads, the
 * two at once. Bytes are gathered in shared 1 MiB buffers (`shared-slots.ts`), copied in
 * (`push`) or read straight into them (`lend` and `commit`, no copy). Buffers line up with the
 * file's 1 MiB boundaries, so every whole one goes to the disk with direct I/O when the file
 * system has it. Full buffers are written (one `writev` at a time of every buffer waiting, in
 * order) and, once written, handed to the hasher, while the next buffers fill. So the hasher has
 * only seen bytes that are in the file, in order, and after `flush` every byte handed in is both.
 * With `flushBytes` the file is fdatasynced in the background as it grows.
 *
 * The caller keeps the file handles open until `flush` settled (it settles even after a failure,
 * and then throws the first failure).
 */
export class HashedFileWriter implements ByteSink {
  /** End of the bytes handed in (written or not). */
  queued: number;
  /** End of the bytes in the file, from `start`, with no gap. */
  written: number;
  /** End of the bytes a finished fdatasync covers. */
  durable: number;
  private current: Slot | undefined;
  /** The current buffer's free memory is lent to a reader (see `lend`). */
  private lent = false;
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
  private direct: FileHandle | undefined;
  private readonly onDurable: (() => void) | undefined;

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
    this.direct = options.direct;
    this.onDurable = options.onDurable;
  }

  /** The first write, hash or fdatasync that failed, if any. */
  get error(): Error | undefined {
    return this.failure;
  }

  /** The current buffer, with room; a new one when there is none or it is full. */
  private room(): Slot {
    if (this.current !== undefined && this.current.length === this.current.capacity) {
      this.handOver();
    }
    return (this.current ??= {
      shared: takeSlot(),
      at: this.queued,
      length: 0,
      capacity: slotSize - (this.queued % slotSize),
    });
  }

  /** A promise to wait on while too many buffers are under way, else undefined. */
  private backPressure(): Promise<void> | undefined {
    return this.inFlight >= this.maxSlots && this.failure === undefined
      ? this.roomForMore()
      : undefined;
  }

  /**
   * Takes a copy of `chunk` (the caller may reuse it at once). Returns a promise when the
   * caller should wait before the next push (too many buffers under way), else undefined.
   */
  push(chunk: Uint8Array): Promise<void> | undefined {
    if (this.lent) {
      throw new Error('bytes pushed while memory is lent');
    }
    let offset = 0;
    while (offset < chunk.length) {
      const slot = this.room();
      const take = Math.min(slot.capacity - slot.length, chunk.length - offset);
      slot.shared.buffer.set(
        offset === 0 && take === chunk.length ? chunk : chunk.subarray(offset, offset + take),
        slot.length,
      );
      slot.length += take;
      offset += take;
      this.queued += take;
      if (slot.length === slot.capacity) {
        this.handOver();
      }
    }
    return this.backPressure();
  }

  lend(): Buffer | undefined {
    if (this.failure !== undefined) {
      throw this.failure;
    }
    // Memory lent before and not committed is given up.
    this.lent = false;
    const full = this.current === undefined || this.current.length === this.current.capacity;
    if (full && this.inFlight >= this.maxSlots) {
      return undefined;
    }
    const slot = this.room();
    this.lent = true;
    return slot.shared.buffer.subarray(slot.length, slot.capacity);
  }

  commit(length: number): Promise<void> | undefined {
    const slot = this.current;
    if (!this.lent || slot === undefined || length > slot.capacity - slot.length) {
      throw new Error('commit without lent memory, or past it');
    }
    this.lent = false;
    slot.length += length;
    this.queued += length;
    if (slot.length === slot.capacity) {
      this.handOver();
    }
    return this.backPressure();
  }

  /**
   * Sends the bytes gathered so far on their way without waiting for a full buffer (not while
   * the buffer's memory is lent to a reader: its bytes go with the next).
   */
  handOver(): void {
    const slot = this.current;
    if (slot === undefined || slot.length === 0 || this.lent) {
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
   * Hands over the last bytes (memory lent to a reader is taken back: the reader is done) and
   * waits until every byte is written and hashed; throws the first failure (after everything
   * under way settled).
   */
  async flush(): Promise<void> {
    this.lent = false;
    this.handOver();
    while (this.pumping !== undefined || this.hashing.size > 0) {
      await this.pumping;
      await Promise.all(this.hashing);
    }
    await this.syncing;
    if (this.current !== undefined) {
      // Nothing was gathered in it.
      giveSlot(this.current.shared);
      this.current = undefined;
    }
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
          if (at > this.durable) {
            this.durable = at;
            this.onDurable?.();
          }
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
    giveSlot(slot.shared);
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
            .update(slot.shared.buffer.subarray(0, slot.length))
            .catch((error: unknown) => this.fail(error))
            .finally(() => {
              this.hashing.delete(hashed);
              this.release(slot);
            });
          this.hashing.add(hashed);
        }
        if (
          this.flushBytes > 0 &&
          this.syncing === undefined &&
          this.written - this.syncStartedAt >= this.flushBytes
        ) {
          this.startSync();
        }
      }
    } finally {
      this.pumping = undefined;
    }
  }

  /** Whether a buffer goes to the disk with direct I/O: whole, aligned, in aligned memory. */
  private isDirect(slot: Slot): boolean {
    return (
      this.direct !== undefined &&
      slot.shared.aligned &&
      slot.at % directAlignment === 0 &&
      slot.length % directAlignment === 0
    );
  }

  /**
   * Writes consecutive buffers, each run of them through the handle it goes by; a file that
   * refuses direct I/O (EINVAL) is written through the page cache from then on.
   */
  private async writeAll(batch: Slot[]): Promise<void> {
    for (let first = 0; first < batch.length;) {
      const direct = this.isDirect(batch[first] as Slot);
      let end = first + 1;
      while (end < batch.length && this.isDirect(batch[end] as Slot) === direct) {
        end += 1;
      }
      const run = batch.slice(first, end);
      if (direct && this.direct !== undefined) {
        try {
          await writeRun(this.direct, run);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EINVAL') {
            throw error;
          }
          this.direct = undefined;
          await writeRun(this.handle, run);
        }
      } else {
        await writeRun(this.handle, run);
      }
      first = end;
    }
  }
}

/** Writes consecutive buffers at the offset of the first, going on after a short write. */
async function writeRun(handle: FileHandle, run: Slot[]): Promise<void> {
  let views = run.map((slot) => slot.shared.buffer.subarray(0, slot.length));
  let at = (run[0] as Slot).at;
  while (views.length > 0) {
    const { bytesWritten } = await handle.writev(views, at);
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

/**
 * Hashes the first `length` bytes of a file (partial data kept for a resume), reading the next
 * buffer while the hash threads work on the last.
 */
export async function hashFilePrefix(
  handle: FileHandle,
  length: number,
  hasher: StreamHasher,
): Promise<void> {
  const under = new Set<Promise<void>>();
  let failure: Error | undefined;
  try {
    for (let at = 0; at < length && failure === undefined;) {
      const slot = takeSlot();
      let bytesRead: number;
      try {
        ({ bytesRead } = await handle.read(slot.buffer, 0, Math.min(slotSize, length - at), at));
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
        .update(slot.buffer.subarray(0, bytesRead))
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
