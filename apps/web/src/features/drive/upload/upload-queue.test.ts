import 'fake-indexeddb/auto';
import { createHash, randomBytes } from 'node:crypto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ProvenRange } from './gcid';
import { computeGcid } from './gcid';
import type {
  CreateFileRequest,
  TransferJob,
  TransferTarget,
  UploadAnswer,
  UploadApi,
  UploadEntry,
  UploadHasher,
  UploadTransport,
} from './upload-types';
import { UploadQueue } from './upload-queue';
import { secondsLeft, summarize } from './upload-summary';
import { TransferGoneError } from './upload-types';
import { indexedDbUploadStore } from './upload-store';

/*
 * The queue against a fake drive server that keeps bytes per upload target the way a tus server
 * does (an offset that survives interruptions), and the real IndexedDB store over fake-indexeddb.
 */

const chunk = 1024;

class FakeDrive implements UploadApi, UploadTransport {
  /** Content the drive already stores, by GCID: instant uploads of these may succeed. */
  readonly stored = new Map<string, Buffer>();
  readonly folders: { id: string; parentId: string; name: string }[] = [];
  readonly created: CreateFileRequest[] = [];
  readonly proofs: ProvenRange[][] = [];
  /** Bytes received per target URL (the tus offset), and bytes sent in total per URL. */
  readonly offsets = new Map<string, number>();
  readonly sent = new Map<string, number>();
  readonly terminated: string[] = [];
  readonly complete = new Set<string>();
  /** Makes the next sends fail with this error once. */
  failNext: Error | undefined;
  /** Hands out proof ranges for a known hash. */
  askProof = true;
  private nextId = 0;

  async createFolder(parentId: string, name: string) {
    const id = `folder-${(this.nextId += 1)}`;
    this.folders.push({ id, parentId, name });
    return { id };
  }

  async createFile(request: CreateFileRequest): Promise<UploadAnswer> {
    this.created.push(request);
    const id = `file-${(this.nextId += 1)}`;
    const file = { id, parent_id: request.parentId, phase: 'PHASE_TYPE_PENDING' };
    if (request.size === 0) {
      this.complete.add(id);
      return { file: { ...file, phase: 'PHASE_TYPE_COMPLETE' } };
    }
    if (this.askProof && request.hash) {
      // Asked whether or not the content exists: the answer is no oracle.
      return {
        file,
        proof: {
          ranges: [
            { offset: '0', length: '100' },
            { offset: '200', length: '50' },
          ],
        },
      };
    }
    return { file, ...this.targetFor(id, request.uploadType) };
  }

  async prove(fileId: string, ranges: ProvenRange[]): Promise<UploadAnswer> {
    this.proofs.push(ranges);
    const request = this.created.at(-1);
    const content = request?.hash ? this.stored.get(request.hash) : undefined;
    const matches =
      content !== undefined &&
      ranges.every(
        (range) =>
          createHash('sha1')
            .update(
              content.subarray(Number(range.offset), Number(range.offset) + Number(range.length)),
            )
            .digest('hex') === range.sha1,
      );
    if (matches) {
      this.complete.add(fileId);
      return { file: { id: fileId, phase: 'PHASE_TYPE_COMPLETE' } };
    }
    return {
      file: { id: fileId, phase: 'PHASE_TYPE_PENDING' },
      ...this.targetFor(fileId, 'UPLOAD_TYPE_RESUMABLE'),
    };
  }

  private targetFor(id: string, uploadType: CreateFileRequest['uploadType']): UploadAnswer {
    // The tus resource is always offered; a form upload is offered the form besides.
    const resumable = { params: { url: `https://drive.test/tus/${id}` } };
    if (uploadType === 'UPLOAD_TYPE_FORM') {
      return {
        resumable,
        form: { url: `https://drive.test/form/${id}`, multi_parts: { token: id } },
      };
    }
    return { resumable };
  }

  async send(job: TransferJob): Promise<void> {
    const url = job.target.url;
    if (this.failNext) {
      const error = this.failNext;
      this.failNext = undefined;
      throw error;
    }
    // A tus client starts at the server's offset; a form POST starts from nothing.
    let offset = job.target.kind === 'tus' ? (this.offsets.get(url) ?? 0) : 0;
    while (offset < job.file.size) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (job.signal.aborted) {
        throw new DOMException('stopped', 'AbortError');
      }
      const take = Math.min(chunk, job.file.size - offset);
      offset += take;
      this.sent.set(url, (this.sent.get(url) ?? 0) + take);
      if (job.target.kind === 'tus') {
        this.offsets.set(url, offset);
      }
      job.onProgress(offset);
    }
    this.complete.add(url.split('/').pop() ?? '');
  }

  async terminate(target: TransferTarget): Promise<void> {
    this.terminated.push(target.url);
  }
}

const realHasher: UploadHasher = {
  hash: (file, onProgress, signal) => computeGcid(file, { onProgress, signal }),
};

function makeFile(size: number, name = 'movie.bin'): { file: File; bytes: Buffer } {
  const bytes = randomBytes(size);
  return { file: new File([bytes], name), bytes };
}

function makeQueue(drive: FakeDrive, owner = 'member-1', onUploaded?: (ids: string[]) => void) {
  let clock = 0;
  let id = 0;
  return new UploadQueue({
    api: drive,
    transport: drive,
    hasher: realHasher,
    store: indexedDbUploadStore(owner),
    formLimit: 4 * chunk,
    concurrency: 2,
    now: () => (clock += 100),
    newId: () => `entry-${(id += 1)}`,
    onUploaded,
  });
}

/** Calls `act` once, the first time an entry matches (from the queue's change listener). */
function when(
  queue: UploadQueue,
  test: (entry: UploadEntry) => boolean,
  act: (entry: UploadEntry) => void,
) {
  let done = false;
  const unsubscribe = queue.subscribe(() => {
    const entry = queue.getSnapshot().find(test);
    if (!done && entry) {
      done = true;
      unsubscribe();
      act(entry);
    }
  });
}

function only(queue: UploadQueue): UploadEntry {
  const [entry] = queue.getSnapshot();
  if (!entry) {
    throw new Error('no entry');
  }
  return entry;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
});

describe('upload queue', () => {
  it('hashes, creates and sends a large file by tus, then tells the folder changed', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const uploaded: string[][] = [];
    const queue = makeQueue(drive, 'member-1', (ids) => uploaded.push(ids));
    const { file } = makeFile(20 * chunk);
    await queue.addTree('parent-1', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    const entry = only(queue);
    expect(entry.status).toBe('done');
    expect(entry.uploaded).toBe(file.size);
    expect(drive.created).toEqual([
      {
        name: 'movie.bin',
        parentId: 'parent-1',
        size: file.size,
        hash: await computeGcid(file),
        uploadType: 'UPLOAD_TYPE_RESUMABLE',
      },
    ]);
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBe(file.size);
    expect(uploaded).toEqual([['parent-1']]);
    expect(await indexedDbUploadStore('member-1').list()).toEqual([]);
  });

  it('sends a small file in one form POST', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const { file } = makeFile(3 * chunk, 'note.txt');
    await queue.addTree('', { files: [{ file, relativePath: 'note.txt' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.created[0]?.uploadType).toBe('UPLOAD_TYPE_FORM');
    expect(drive.sent.get('https://drive.test/form/file-1')).toBe(file.size);
  });

  it('completes an instant upload after a correct proof, with no bytes sent', async () => {
    const drive = new FakeDrive();
    const { file, bytes } = makeFile(10 * chunk);
    drive.stored.set(await computeGcid(file), bytes);
    const queue = makeQueue(drive);
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue)).toMatchObject({ status: 'done', instant: true });
    expect(drive.proofs[0]).toEqual([
      {
        offset: '0',
        length: '100',
        sha1: createHash('sha1').update(bytes.subarray(0, 100)).digest('hex'),
      },
      {
        offset: '200',
        length: '50',
        sha1: createHash('sha1').update(bytes.subarray(200, 250)).digest('hex'),
      },
    ]);
    expect(drive.sent.size).toBe(0);
  });

  it('sends the bytes when the proof does not match', async () => {
    const drive = new FakeDrive();
    const { file } = makeFile(10 * chunk);
    drive.stored.set(await computeGcid(file), randomBytes(10 * chunk));
    const queue = makeQueue(drive);
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue)).toMatchObject({ status: 'done', instant: false });
    expect(drive.proofs).toHaveLength(1);
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBe(file.size);
  });

  it('pauses mid-transfer and resumes from the server offset, sending each byte once', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const { file } = makeFile(30 * chunk);
    let pausedAt = 0;
    when(
      queue,
      (entry) => entry.status === 'uploading' && entry.uploaded >= 10 * chunk,
      (entry) => {
        pausedAt = entry.uploaded;
        queue.pause(entry.id);
      },
    );
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue).status).toBe('paused');
    expect(pausedAt).toBeGreaterThan(0);
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBeLessThan(file.size);
    queue.resume(only(queue).id);
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBe(file.size);
    expect(drive.created).toHaveLength(1);
  });

  it('keeps a file created while the entry was being paused, and never creates it twice', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const create = drive.createFile.bind(drive);
    drive.createFile = async (request) => {
      // The member pauses while the server is creating the file.
      queue.pause(only(queue).id);
      return create(request);
    };
    const { file } = makeFile(8 * chunk);
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue)).toMatchObject({ status: 'paused', fileId: 'file-1' });
    queue.resume(only(queue).id);
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.created).toHaveLength(1);
  });

  it('retries a failed transfer with the same upload, without creating the file again', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const { file } = makeFile(8 * chunk);
    drive.failNext = new TypeError('network error');
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue)).toMatchObject({ status: 'error', fileId: 'file-1' });
    expect(only(queue).error).toBeInstanceOf(TypeError);
    queue.retry(only(queue).id);
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.created).toHaveLength(1);
  });

  it('starts over with a new file when the upload target is gone', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const { file } = makeFile(8 * chunk);
    drive.failNext = new TransferGoneError();
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue)).toMatchObject({ status: 'error', fileId: undefined, transfer: undefined });
    queue.retry(only(queue).id);
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.created).toHaveLength(2);
    expect(drive.sent.get('https://drive.test/tus/file-2')).toBe(file.size);
  });

  it('survives a reload mid-transfer: a new page resumes from the stored tus URL', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const first = makeQueue(drive);
    const { file } = makeFile(30 * chunk);
    // The page goes away mid-transfer: its uploads stop where they are.
    when(
      first,
      (entry) => entry.status === 'uploading' && entry.uploaded >= 12 * chunk,
      (entry) => {
        first.pause(entry.id);
        first.resume(entry.id);
        first.pause(entry.id);
      },
    );
    await first.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await first.whenIdle();
    const sentBefore = drive.sent.get('https://drive.test/tus/file-1') ?? 0;
    expect(sentBefore).toBeLessThan(file.size);
    // What the first page left in IndexedDB: a paused entry with its file and tus URL.
    const stored = await indexedDbUploadStore('member-1').list();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      status: 'paused',
      fileId: 'file-1',
      transfer: { kind: 'tus', url: 'https://drive.test/tus/file-1' },
    });
    await indexedDbUploadStore('member-1').put({ ...stored[0]!, status: 'queued' });

    const second = makeQueue(drive);
    await second.restore();
    await second.whenIdle();
    expect(only(second)).toMatchObject({ status: 'done', name: 'movie.bin' });
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBe(file.size);
    expect(drive.created).toHaveLength(1);
    expect(await indexedDbUploadStore('member-1').list()).toEqual([]);
  });

  it('keeps paused entries paused after a reload and each member apart', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const first = makeQueue(drive);
    const { file } = makeFile(30 * chunk);
    when(
      first,
      (entry) => entry.status === 'hashing',
      (entry) => first.pause(entry.id),
    );
    await first.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await first.whenIdle();
    const second = makeQueue(drive);
    await second.restore();
    expect(only(second).status).toBe('paused');
    const other = makeQueue(drive, 'member-2');
    await other.restore();
    expect(other.getSnapshot()).toEqual([]);
  });

  it('asks for the file again when it was not stored, and takes only the same file', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    await indexedDbUploadStore('member-1').put({
      id: 'entry-9',
      name: 'movie.bin',
      size: 8 * chunk,
      parentId: 'parent-1',
      relativePath: 'movie.bin',
      status: 'queued',
      uploaded: 0,
      createdAt: 1,
    });
    const queue = makeQueue(drive);
    await queue.restore();
    expect(only(queue).status).toBe('needs-file');
    expect(queue.attachFile('entry-9', makeFile(8 * chunk, 'other.bin').file)).toBe(false);
    expect(queue.attachFile('entry-9', makeFile(7 * chunk).file)).toBe(false);
    expect(queue.attachFile('entry-9', makeFile(8 * chunk).file)).toBe(true);
    await queue.whenIdle();
    expect(only(queue).status).toBe('done');
    expect(drive.created[0]?.parentId).toBe('parent-1');
  });

  it('leaves an entry to the page that holds it, and goes on from its state once free', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const { file } = makeFile(12 * chunk);
    const held = new Set<string>();
    const claim = async (id: string) => (held.has(id) ? undefined : () => undefined);
    const queue = (owner: string) =>
      new UploadQueue({
        api: drive,
        transport: drive,
        hasher: realHasher,
        store: indexedDbUploadStore(owner),
        formLimit: 4 * chunk,
        claim,
        claimRetryMs: 5,
        newId: () => 'entry-1',
      });
    // The first page made the file and stopped midway; the second page opens while the first
    // still holds the entry.
    const first = queue('member-1');
    when(
      first,
      (entry) => entry.status === 'uploading' && entry.uploaded >= 4 * chunk,
      (entry) => first.pause(entry.id),
    );
    await first.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await first.whenIdle();
    const stored = await indexedDbUploadStore('member-1').list();
    await indexedDbUploadStore('member-1').put({ ...stored[0]!, status: 'queued' });
    held.add('entry-1');
    const second = queue('member-1');
    await second.restore();
    await second.whenIdle();
    expect(only(second).status).toBe('queued');
    expect(drive.created).toHaveLength(1);
    // Freed: the second page goes on with the stored file and tus URL.
    held.delete('entry-1');
    await vi.waitFor(() => expect(only(second).status).toBe('done'));
    expect(drive.created).toHaveLength(1);
    expect(drive.sent.get('https://drive.test/tus/file-1')).toBe(file.size);
  });

  it('drops an entry another page finished while this page waited for it', async () => {
    const drive = new FakeDrive();
    await indexedDbUploadStore('member-1').put({
      id: 'entry-7',
      name: 'movie.bin',
      size: 8 * chunk,
      parentId: '',
      relativePath: 'movie.bin',
      file: makeFile(8 * chunk).file,
      status: 'queued',
      uploaded: 0,
      createdAt: 1,
    });
    let held = true;
    const queue = new UploadQueue({
      api: drive,
      transport: drive,
      hasher: realHasher,
      store: indexedDbUploadStore('member-1'),
      claim: async () => (held ? undefined : () => undefined),
      claimRetryMs: 5,
    });
    await queue.restore();
    await queue.whenIdle();
    expect(only(queue).status).toBe('queued');
    // The other page finishes the upload and removes the entry from the store.
    await indexedDbUploadStore('member-1').delete('entry-7');
    held = false;
    await vi.waitFor(() => expect(queue.getSnapshot()).toEqual([]));
    expect(drive.created).toHaveLength(0);
  });

  it('cancels an upload, ends it on the server and forgets it', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const queue = makeQueue(drive);
    const { file } = makeFile(30 * chunk);
    when(
      queue,
      (entry) => entry.status === 'uploading' && entry.uploaded > 0,
      (entry) => queue.cancel(entry.id),
    );
    await queue.addTree('', { files: [{ file, relativePath: 'movie.bin' }], folders: [] });
    await queue.whenIdle();
    expect(only(queue).status).toBe('canceled');
    expect(drive.terminated).toEqual(['https://drive.test/tus/file-1']);
    await vi.waitFor(async () => expect(await indexedDbUploadStore('member-1').list()).toEqual([]));
    queue.clearFinished();
    expect(queue.getSnapshot()).toEqual([]);
  });

  it('creates the folders of a dropped tree first and uploads each file into its folder', async () => {
    const drive = new FakeDrive();
    drive.askProof = false;
    const uploaded: string[][] = [];
    const queue = makeQueue(drive, 'member-1', (ids) => uploaded.push(ids));
    await queue.addTree('root-folder', {
      files: [
        { file: makeFile(2 * chunk, 'a.jpg').file, relativePath: 'photos/2024/a.jpg' },
        { file: makeFile(0, 'empty.txt').file, relativePath: 'photos/empty.txt' },
        { file: makeFile(2 * chunk, 'top.txt').file, relativePath: 'top.txt' },
      ],
      folders: ['photos', 'photos/2024', 'photos/nothing-here'],
    });
    await queue.whenIdle();
    expect(drive.folders).toEqual([
      { id: 'folder-1', parentId: 'root-folder', name: 'photos' },
      { id: 'folder-2', parentId: 'folder-1', name: '2024' },
      { id: 'folder-3', parentId: 'folder-1', name: 'nothing-here' },
    ]);
    // Files run side by side, so they reach the server in any order.
    expect(drive.created.map(({ name, parentId }) => `${parentId}/${name}`).sort()).toEqual([
      'folder-1/empty.txt',
      'folder-2/a.jpg',
      'root-folder/top.txt',
    ]);
    expect(queue.getSnapshot().map((entry) => entry.status)).toEqual(['done', 'done', 'done']);
    expect(uploaded[0]).toEqual(['root-folder']);
    expect(summarize(queue.getSnapshot())).toMatchObject({ done: 3, active: 0, failed: 0 });
  });
});

describe('time left', () => {
  it('is the bytes left over the speed, unknown without speed', () => {
    expect(secondsLeft({ size: 1000, uploaded: 400, speed: 100 })).toBe(6);
    expect(secondsLeft({ size: 1000, uploaded: 400, speed: 0 })).toBeUndefined();
  });
});
