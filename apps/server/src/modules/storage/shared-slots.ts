import fs from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';

/** Size of the shared buffers bytes are gathered in, written from and hashed from. */
export const slotSize = 1024 * 1024;

/** File offsets, lengths and memory addresses of direct I/O are multiples of this. */
export const directAlignment = 4096;

/** Buffers kept in the pool (the hash threads know them by number); more are made and freed as needed. */
const pooledSlots = 32;

/** A buffer of `slotSize` bytes of shared memory. */
export interface SharedSlot {
  buffer: Buffer;
  /** Its number in the pool, which the hash threads know it by; undefined for a one-off buffer. */
  id: number | undefined;
  /** It starts at an address direct I/O accepts. */
  aligned: boolean;
}

const free: SharedSlot[] = [];
const ids = new WeakMap<SharedArrayBuffer, number>();
let made = 0;

/**
 * Direct I/O (`O_DIRECT`): writes go from the buffer to the disk without a copy into the page
 * cache, which on a busy machine costs more CPU than the bytes' hashing. `undefined` until the
 * first file is opened for it; a file system without it (tmpfs) or `setDirectIo(false)` turn it
 * off. The probe is an unlinked file of that file system, written to (4 KiB at offset 0) to find
 * where in a new buffer an address direct I/O accepts starts: JavaScript does not see addresses.
 */
let direct: { enabled: false } | { enabled: true; probe: number } | undefined;

/** Turns direct I/O off (`DIRECT_IO=false`) or lets the first file opened for it decide. */
export function setDirectIo(enabled: boolean): void {
  if (!enabled) {
    if (direct?.enabled === true) {
      fs.closeSync(direct.probe);
    }
    direct = { enabled: false };
  } else if (direct?.enabled === false) {
    direct = undefined;
  }
}

function probeIn(dir: string): number | undefined {
  const file = path.join(dir, `.direct-io-probe-${process.pid}`);
  try {
    const fd = fs.openSync(
      file,
      fs.constants.O_RDWR | fs.constants.O_CREAT | fs.constants.O_DIRECT,
      0o600,
    );
    fs.rmSync(file, { force: true });
    return fd;
  } catch {
    fs.rmSync(file, { force: true });
    return undefined;
  }
}

/** Where in `raw` direct I/O can start, tried in 16-byte steps; undefined when nowhere. */
function alignedStart(raw: Buffer, probe: number): number | undefined {
  for (let offset = 0; offset < directAlignment; offset += 16) {
    try {
      fs.writeSync(probe, raw, offset, directAlignment, 0);
      return offset;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EINVAL') {
        return undefined;
      }
    }
  }
  return undefined;
}

function makeSlot(pooled: boolean): SharedSlot {
  const raw = Buffer.from(new SharedArrayBuffer(slotSize + directAlignment));
  const slot: SharedSlot = {
    buffer: raw.subarray(0, slotSize),
    id: pooled ? register(raw.buffer) : undefined,
    aligned: false,
  };
  align(slot);
  return slot;
}

/** Moves a buffer's start to an address direct I/O accepts, once direct I/O is on (the buffer is free). */
function align(slot: SharedSlot): void {
  if (slot.aligned || direct?.enabled !== true) {
    return;
  }
  const raw = Buffer.from(slot.buffer.buffer, 0, slotSize + directAlignment);
  const start = alignedStart(raw, direct.probe);
  if (start !== undefined) {
    slot.buffer = raw.subarray(start, start + slotSize);
    slot.aligned = true;
  }
}

function register(memory: SharedArrayBuffer): number {
  made += 1;
  ids.set(memory, made);
  return made;
}

/** A free buffer: from the pool, else a one-off. */
export function takeSlot(): SharedSlot {
  const slot = free.pop();
  if (slot === undefined) {
    return makeSlot(made < pooledSlots);
  }
  align(slot);
  return slot;
}

/** Gives a buffer back: pool buffers are kept, one-offs freed. */
export function giveSlot(slot: SharedSlot): void {
  if (slot.id !== undefined) {
    free.push(slot);
  }
}

/** The pool number of shared memory, for the hash threads; undefined when it is not the pool's. */
export function slotIdOf(memory: SharedArrayBuffer): number | undefined {
  return ids.get(memory);
}

/** Decides whether direct I/O is used, by the file system of `dir` (at boot, or at the first `openDirect`). */
export function prepareDirectIo(dir: string): boolean {
  if (direct === undefined) {
    const probe = probeIn(dir);
    direct = probe === undefined ? { enabled: false } : { enabled: true, probe };
  }
  return direct.enabled;
}

/**
 * Opens `file` (which exists) a second time for direct writes; undefined when direct I/O is off
 * or its file system has none.
 */
export async function openDirect(file: string): Promise<FileHandle | undefined> {
  if (!prepareDirectIo(path.dirname(file))) {
    return undefined;
  }
  try {
    return await fsp.open(file, fs.constants.O_WRONLY | fs.constants.O_DIRECT);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EINVAL') {
      return undefined;
    }
    throw error;
  }
}
