import { Worker } from 'node:worker_threads';
import { ContentHasher, type ContentDigest } from './content-hash';
import { slotIdOf } from './shared-slots';

/**
 * The code of a hash thread, run with `eval` so it needs no file of its own next to the bundle.
 * It keeps hash states by number: SHA-256 states, and GCID states that follow the rules of
 * `content-hash.ts` (SHA-1 of each block, SHA-1 over the block digests; a lane per possible block
 * size while the size is unknown). It answers every message that carries a `seq`.
 */
const hashThreadSource = `
const { parentPort } = require('node:worker_threads');
const { createHash } = require('node:crypto');
const minBlockSize = 256 * 1024;
const maxBlockSize = 2 * 1024 * 1024;
const maxBlocks = 512;
function gcidBlockSize(size) {
  let blockSize = minBlockSize;
  while (size / blockSize > maxBlocks && blockSize < maxBlockSize) blockSize *= 2;
  return blockSize;
}
class GcidLane {
  constructor(blockSize) {
    this.blockSize = blockSize;
    this.outer = createHash('sha1');
    this.block = createHash('sha1');
    this.filled = 0;
  }
  copy() {
    const twin = new GcidLane(this.blockSize);
    twin.outer = this.outer.copy();
    twin.block = this.block.copy();
    twin.filled = this.filled;
    return twin;
  }
  update(view) {
    let offset = 0;
    while (offset < view.length) {
      const take = Math.min(this.blockSize - this.filled, view.length - offset);
      this.block.update(offset === 0 && take === view.length ? view : view.subarray(offset, offset + take));
      this.filled += take;
      offset += take;
      if (this.filled === this.blockSize) {
        this.outer.update(this.block.digest());
        this.block = createHash('sha1');
        this.filled = 0;
      }
    }
  }
  digest() {
    if (this.filled > 0) this.outer.update(this.block.digest());
    return this.outer.digest('hex').toUpperCase();
  }
}
class GcidState {
  constructor(expectedSize, lanes) {
    this.expectedSize = expectedSize;
    this.bytes = 0;
    if (lanes) {
      this.lanes = lanes;
    } else if (expectedSize === undefined) {
      this.lanes = [];
      for (let blockSize = minBlockSize; blockSize <= maxBlockSize; blockSize *= 2) this.lanes.push(new GcidLane(blockSize));
    } else {
      this.lanes = [new GcidLane(gcidBlockSize(expectedSize))];
    }
  }
  copy() {
    const twin = new GcidState(this.expectedSize, this.lanes.map((lane) => lane.copy()));
    twin.bytes = this.bytes;
    return twin;
  }
  update(view) {
    this.bytes += view.length;
    if (this.lanes.length > 1) {
      const floor = gcidBlockSize(this.bytes);
      if (this.lanes[0].blockSize < floor) this.lanes = this.lanes.filter((lane) => lane.blockSize >= floor);
    }
    for (const lane of this.lanes) lane.update(view);
  }
  digest() {
    const blockSize = gcidBlockSize(this.bytes);
    const lane = this.lanes.find((candidate) => candidate.blockSize === blockSize);
    if (lane === undefined) {
      throw new Error('content hasher: ' + this.bytes + ' bytes do not match the announced ' + this.expectedSize);
    }
    return lane.digest();
  }
}
class Sha256State {
  constructor(hash) {
    this.hash = hash ?? createHash('sha256');
  }
  copy() {
    return new Sha256State(this.hash.copy());
  }
  update(view) {
    this.hash.update(view);
  }
  digest() {
    return this.hash.digest('hex');
  }
}
const states = new Map();
// Shared buffers of the pool by number: sent once, named by number afterwards.
const slots = new Map();
function stateOf(id) {
  const state = states.get(id);
  if (state === undefined) throw new Error('no hash state ' + id);
  return state;
}
parentPort.on('message', (message) => {
  try {
    let value;
    switch (message.op) {
      case 'open':
        states.set(message.id, message.kind === 'sha256' ? new Sha256State() : new GcidState(message.expectedSize));
        break;
      case 'update': {
        let memory = message.buffer;
        if (message.slot !== undefined) {
          if (memory !== undefined) slots.set(message.slot, memory);
          else memory = slots.get(message.slot);
        }
        stateOf(message.id).update(new Uint8Array(memory, message.offset, message.length));
        break;
      }
      case 'copy':
        states.set(message.to, stateOf(message.id).copy());
        break;
      case 'digest':
        value = stateOf(message.id).digest();
        states.delete(message.id);
        break;
      case 'drop':
        states.delete(message.id);
        break;
    }
    if (message.seq !== undefined) parentPort.postMessage({ seq: message.seq, value });
  } catch (error) {
    if (message.op !== 'drop') states.delete(message.id);
    if (message.seq !== undefined) parentPort.postMessage({ seq: message.seq, error: String(error && error.message) });
  }
});
`;

interface Waiting {
  resolve(value: string | undefined): void;
  reject(error: Error): void;
}

type HashMessage =
  | { op: 'open'; id: number; kind: 'sha256' | 'gcid'; expectedSize?: number }
  | {
      op: 'update';
      id: number;
      buffer?: SharedArrayBuffer;
      slot?: number;
      offset: number;
      length: number;
    }
  | { op: 'copy'; id: number; to: number }
  | { op: 'digest'; id: number }
  | { op: 'drop'; id: number };

/**
 * One hash thread. It is started at its first use and holds the event loop only while an answer
 * is awaited, so an idle server (or a test) exits as if it were not there. A thread that dies
 * fails what it was asked and is started again at the next use (its states are gone, so the
 * hashers it held fail too).
 */
class HashThread {
  private worker: Worker | undefined;
  private readonly waiting = new Map<number, Waiting>();
  private seq = 0;
  /** Pool buffers this thread was sent (by number): later messages name them without the memory. */
  private readonly known = new Set<number>();

  private start(): Worker {
    if (this.worker !== undefined) {
      return this.worker;
    }
    const worker = new Worker(hashThreadSource, {
      eval: true,
      name: 'nimbus-hash',
      // The thread keeps a few hash states and small messages: a small heap keeps its memory low.
      resourceLimits: { maxYoungGenerationSizeMb: 2, maxOldGenerationSizeMb: 32 },
    });
    worker.unref();
    worker.on('message', (answer: { seq: number; value?: string; error?: string }) => {
      const waiting = this.waiting.get(answer.seq);
      this.waiting.delete(answer.seq);
      if (this.waiting.size === 0) {
        worker.unref();
      }
      if (answer.error !== undefined) {
        waiting?.reject(new Error(answer.error));
      } else {
        waiting?.resolve(answer.value);
      }
    });
    const fail = (error: Error) => {
      if (this.worker === worker) {
        this.worker = undefined;
        this.known.clear();
      }
      for (const waiting of this.waiting.values()) {
        waiting.reject(error);
      }
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`hash thread exited with ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** Starts the thread now rather than at its first use. */
  warm(): void {
    this.start();
  }

  /** Sends a message that needs no answer (messages are handled in the order they are sent). */
  send(message: HashMessage): void {
    this.start().postMessage(message);
  }

  /**
   * Asks the thread to hash `length` bytes at `offset` of shared memory into state `id`; a pool
   * buffer's memory is sent the first time only.
   */
  update(
    id: number,
    memory: SharedArrayBuffer,
    offset: number,
    length: number,
  ): Promise<string | undefined> {
    this.start();
    const slot = slotIdOf(memory);
    if (slot === undefined) {
      return this.ask({ op: 'update', id, buffer: memory, offset, length });
    }
    const first = !this.known.has(slot);
    this.known.add(slot);
    return this.ask({
      op: 'update',
      id,
      slot,
      offset,
      length,
      ...(first ? { buffer: memory } : {}),
    });
  }

  /** Sends a message and resolves with the thread's answer to it. */
  ask(message: HashMessage): Promise<string | undefined> {
    const worker = this.start();
    const seq = (this.seq += 1);
    if (this.waiting.size === 0) {
      worker.ref();
    }
    return new Promise((resolve, reject) => {
      this.waiting.set(seq, { resolve, reject });
      worker.postMessage({ ...message, seq });
    });
  }
}

/** The two hash threads of the process: each hasher's SHA-256 runs on one, its GCID on the other. */
const threads = [new HashThread(), new HashThread()] as const;
let nextId = 0;

/**
 * Starts the hash threads now (the server and the worker do at boot), so their memory is part of
 * the process from the start and the first big upload or download does not wait for them.
 */
export function startHashThreads(): void {
  for (const thread of threads) {
    thread.warm();
  }
}
let turn = 0;

/** Hash states of hashers that were dropped without a digest are freed in their thread. */
const orphans = new FinalizationRegistry<{
  sha256: [HashThread, number];
  gcid: [HashThread, number];
}>((held) => {
  held.sha256[0].send({ op: 'drop', id: held.sha256[1] });
  held.gcid[0].send({ op: 'drop', id: held.gcid[1] });
});

/** Whether bytes can be handed to the hash threads as they are (shared memory, no copy). */
function isShared(view: Uint8Array): boolean {
  return view.buffer instanceof SharedArrayBuffer;
}

/**
 * What the streaming writers hash with (`hashed-file-writer.ts`): `update` resolves once the
 * bytes are hashed (their memory may be reused then), calls apply in the order they are made.
 */
export interface StreamHasher {
  /** Bytes handed over so far. */
  readonly size: number;
  update(view: Uint8Array): Promise<void>;
  /** An independent hasher in the same state (after every `update` made before it). */
  copy(): StreamHasher;
  /** The hashes and size of the bytes; the hasher is done afterwards. */
  digest(): Promise<ContentDigest>;
  /** Frees the hasher without a digest. */
  dispose(): void;
}

/** Files smaller than this are hashed on the calling thread: a round trip to the threads costs more. */
export const threadedHashFrom = 4 * 1024 * 1024;

/** `ContentHasher` behind the `StreamHasher` interface, on the calling thread. */
export class LocalContentHasher implements StreamHasher {
  private finished = false;

  constructor(private readonly hasher: ContentHasher) {}

  get size(): number {
    return this.hasher.size;
  }

  update(view: Uint8Array): Promise<void> {
    if (this.finished) {
      return Promise.reject(new Error('the hasher has already given its digest'));
    }
    this.hasher.update(Buffer.from(view.buffer, view.byteOffset, view.length));
    return Promise.resolve();
  }

  copy(): LocalContentHasher {
    if (this.finished) {
      throw new Error('the hasher has already given its digest');
    }
    return new LocalContentHasher(this.hasher.copy());
  }

  digest(): Promise<ContentDigest> {
    if (this.finished) {
      return Promise.reject(new Error('the hasher has already given its digest'));
    }
    this.finished = true;
    try {
      return Promise.resolve(this.hasher.digest());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  dispose(): void {
    this.finished = true;
  }
}

/**
 * The hasher for a stream of `expectedSize` bytes (undefined: not known): on the hash threads,
 * unless the stream is known to be small.
 */
export function createStreamHasher(expectedSize?: number): StreamHasher {
  return expectedSize !== undefined && expectedSize < threadedHashFrom
    ? new LocalContentHasher(new ContentHasher(expectedSize))
    : ThreadedContentHasher.create(expectedSize);
}

/**
 * SHA-256 and GCID of a stream of bytes, like `ContentHasher`, computed on two worker threads at
 * once so the thread that receives and writes the bytes does not hash them. Bytes are handed over
 * in shared memory (`SharedArrayBuffer`, see `hashed-file-writer.ts`); `update` resolves when
 * both threads have hashed them, after which the memory may be reused. Calls are applied in the
 * order they are made, so `copy` and `digest` see every `update` made before them without
 * waiting for it.
 */
export class ThreadedContentHasher implements StreamHasher {
  private bytes = 0;
  private finished = false;
  private readonly sha256: [HashThread, number];
  private readonly gcid: [HashThread, number];

  private constructor(
    private readonly expectedSize: number | undefined,
    source?: ThreadedContentHasher,
  ) {
    if (source === undefined) {
      turn = (turn + 1) % threads.length;
      const first = threads[turn] as HashThread;
      const second = threads[(turn + 1) % threads.length] as HashThread;
      this.sha256 = [first, (nextId += 1)];
      this.gcid = [second, (nextId += 1)];
      first.send({ op: 'open', id: this.sha256[1], kind: 'sha256' });
      second.send({
        op: 'open',
        id: this.gcid[1],
        kind: 'gcid',
        ...(expectedSize === undefined ? {} : { expectedSize }),
      });
    } else {
      // A copy lives in the threads of its source.
      this.sha256 = [source.sha256[0], (nextId += 1)];
      this.gcid = [source.gcid[0], (nextId += 1)];
      source.sha256[0].send({ op: 'copy', id: source.sha256[1], to: this.sha256[1] });
      source.gcid[0].send({ op: 'copy', id: source.gcid[1], to: this.gcid[1] });
      this.bytes = source.bytes;
    }
    orphans.register(this, { sha256: this.sha256, gcid: this.gcid }, this);
  }

  /** A hasher of a stream of `expectedSize` bytes (one GCID lane), or of unknown size. */
  static create(expectedSize?: number): ThreadedContentHasher {
    return new ThreadedContentHasher(expectedSize);
  }

  /** Bytes handed over so far. */
  get size(): number {
    return this.bytes;
  }

  /**
   * Hashes the bytes of `view`, which must not change until the promise resolves. A view of
   * ordinary memory is copied into shared memory first.
   */
  update(view: Uint8Array): Promise<void> {
    if (this.finished) {
      return Promise.reject(new Error('the hasher has already given its digest'));
    }
    let shared = view;
    if (!isShared(view)) {
      shared = new Uint8Array(new SharedArrayBuffer(view.length));
      shared.set(view);
    }
    this.bytes += shared.length;
    const memory = shared.buffer as SharedArrayBuffer;
    return Promise.all([
      this.sha256[0].update(this.sha256[1], memory, shared.byteOffset, shared.length),
      this.gcid[0].update(this.gcid[1], memory, shared.byteOffset, shared.length),
    ]).then(() => undefined);
  }

  /** An independent hasher in the same state (after every `update` made before it). */
  copy(): ThreadedContentHasher {
    if (this.finished) {
      throw new Error('the hasher has already given its digest');
    }
    return new ThreadedContentHasher(this.expectedSize, this);
  }

  /** The hashes and size of the bytes; the hasher is done afterwards (take a `copy` to go on). */
  async digest(): Promise<ContentDigest> {
    if (this.finished) {
      throw new Error('the hasher has already given its digest');
    }
    this.finished = true;
    orphans.unregister(this);
    const size = this.bytes;
    const [sha256, gcid] = await Promise.all([
      this.sha256[0].ask({ op: 'digest', id: this.sha256[1] }),
      this.gcid[0].ask({ op: 'digest', id: this.gcid[1] }),
    ]);
    return { sha256: sha256 ?? '', gcid: gcid ?? '', size };
  }

  /** Frees the hasher's state in the threads without a digest. */
  dispose(): void {
    if (this.finished) {
      return;
    }
    this.finished = true;
    orphans.unregister(this);
    this.sha256[0].send({ op: 'drop', id: this.sha256[1] });
    this.gcid[0].send({ op: 'drop', id: this.gcid[1] });
  }
}
