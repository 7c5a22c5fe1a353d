import { proveRanges } from './gcid';
import type { PickedTree } from './folder-tree';
import { folderNameOf, parentFolderOf, planUpload } from './folder-tree';
import { SpeedMeter } from './speed-meter';
import type {
  UploadStatus,
  TransferTarget,
  StoredUpload,
  UploadEntry,
  UploadAnswer,
  UploadQueueDeps,
} from './upload-types';
import { TransferGoneError } from './upload-types';

/*
 * The upload queue of the drive: each file goes through hashing (its GCID, for instant upload),
 * `POST /drive/v1/files`, the proof of an instant upload when the server asks for one, and the
 * transfer of its bytes (tus, or one form POST for small files), as docs/api.md#files says. Every step's
 * result is stored, so after a pause, an error or a page reload the entry goes on from the step
 * it reached, and tus sends only the bytes the server does not have yet.
 */

export const defaultFormLimit = 1024 * 1024;
const defaultConcurrency = 3;

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function abortError(): DOMException {
  return new DOMException('The upload was stopped', 'AbortError');
}

/** Where the bytes go: the form when the server offers one (a small file), else tus. */
function targetOf(answer: UploadAnswer): TransferTarget | undefined {
  const formUrl = answer.form?.url;
  if (formUrl) {
    return { kind: 'form', url: formUrl, fields: { ...(answer.form?.multi_parts ?? {}) } };
  }
  const tusUrl = answer.resumable?.params?.url;
  if (tusUrl) {
    return { kind: 'tus', url: tusUrl };
  }
  return undefined;
}

function isComplete(answer: UploadAnswer): boolean {
  return answer.file?.phase === 'PHASE_TYPE_COMPLETE';
}

/** The queue. Subscribe to it (React's `useSyncExternalStore`) and call its actions. */
export class UploadQueue {
  private readonly entries = new Map<string, UploadEntry>();
  private readonly running = new Map<string, AbortController>();
  private readonly meters = new Map<string, SpeedMeter>();
  private readonly listeners = new Set<() => void>();
  private readonly writes = new Map<string, Promise<void>>();
  private snapshot: readonly UploadEntry[] = [];
  /** Entries another page is sending, and whether one was ever refused (its state may be old). */
  private readonly elsewhere = new Set<string>();
  private readonly refused = new Set<string>();
  private readonly deps: Required<Omit<UploadQueueDeps, 'onUploaded' | 'claim'>> &
    Pick<UploadQueueDeps, 'onUploaded' | 'claim'>;
  private idle: Promise<void> = Promise.resolve();
  private settle: (() => void) | undefined;

  constructor(deps: UploadQueueDeps) {
    this.deps = {
      formLimit: defaultFormLimit,
      concurrency: defaultConcurrency,
      now: () => Date.now(),
      newId: () => crypto.randomUUID(),
      claimRetryMs: 3000,
      ...deps,
    };
  }

  /** Listens to every change; returns the unsubscribe function. */
  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** The entries, oldest first; a new array after every change. */
  getSnapshot = (): readonly UploadEntry[] => this.snapshot;

  /** Sets who is told of completed uploads. */
  setOnUploaded(onUploaded: ((parentIds: string[], itemIds: string[]) => void) | undefined): void {
    this.deps.onUploaded = onUploaded;
  }

  /** Resolves once nothing runs (for tests and for the end of a drop). */
  whenIdle(): Promise<void> {
    return this.idle;
  }

  /**
   * Loads the entries of an earlier page: those with their file go on where they stopped
   * (paused ones stay paused), those without wait for the member to pick the file again.
   */
  async restore(): Promise<void> {
    const stored = await this.deps.store.list();
    for (const upload of stored.sort((left, right) => left.createdAt - right.createdAt)) {
      if (this.entries.has(upload.id)) {
        continue;
      }
      const status: UploadStatus = upload.file ? upload.status : 'needs-file';
      this.entries.set(upload.id, { ...upload, status, hashed: 0, speed: 0, instant: false });
    }
    this.changed();
    this.pump();
  }

  /**
   * Uploads a selection into a folder: creates its folders first (parents first), then queues
   * every file into the folder it belongs in.
   */
  async addTree(parentId: string, tree: PickedTree): Promise<void> {
    const plan = planUpload(tree);
    const folderIds = new Map<string, string>([['', parentId]]);
    const topFolderIds: string[] = [];
    for (const folder of plan.folders) {
      const parent = folderIds.get(parentFolderOf(folder)) ?? parentId;
      const created = await this.deps.api.createFolder(parent, folderNameOf(folder));
      folderIds.set(folder, created.id);
      if (parent === parentId) {
        topFolderIds.push(created.id);
      }
    }
    if (plan.folders.length > 0) {
      this.deps.onUploaded?.([parentId], topFolderIds);
    }
    const createdAt = this.deps.now();
    const added: UploadEntry[] = plan.files.map((planned, index) => ({
      id: this.deps.newId(),
      name: planned.name,
      size: planned.file.size,
      parentId: folderIds.get(planned.folder) ?? parentId,
      relativePath: planned.folder === '' ? planned.name : `${planned.folder}/${planned.name}`,
      file: planned.file,
      status: 'queued',
      uploaded: 0,
      hashed: 0,
      speed: 0,
      instant: false,
      createdAt: createdAt + index / 1000,
    }));
    for (const entry of added) {
      this.entries.set(entry.id, entry);
    }
    this.changed();
    await Promise.all(added.map((entry) => this.persist(entry.id)));
    this.pump();
  }

  /** Stops an entry; it keeps what it reached and waits for `resume`. */
  pause(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || !['queued', 'hashing', 'uploading'].includes(entry.status)) {
      return;
    }
    this.running.get(id)?.abort();
    this.update(id, { status: 'paused', speed: 0 });
    void this.persist(id);
    this.pump();
  }

  /** Puts a paused entry back in line. */
  resume(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.status !== 'paused') {
      return;
    }
    this.update(id, { status: 'queued' });
    void this.persist(id);
    this.pump();
  }

  /** Tries a failed entry again from the step it reached. */
  retry(id: string): void {
    const entry = this.entries.get(id);
    if (entry?.status !== 'error') {
      return;
    }
    this.update(id, { status: entry.file ? 'queued' : 'needs-file', error: undefined });
    void this.persist(id);
    this.pump();
  }

  /** Gives the file back to an entry restored without it; it must be the same name and size. */
  attachFile(id: string, file: File): boolean {
    const entry = this.entries.get(id);
    if (entry?.status !== 'needs-file' || file.size !== entry.size || file.name !== entry.name) {
      return false;
    }
    this.update(id, { file, status: 'queued' });
    void this.persist(id);
    this.pump();
    return true;
  }

  /** Stops an entry for good and gives up its upload on the server. */
  cancel(id: string): void {
    const entry = this.entries.get(id);
    if (!entry || entry.status === 'done' || entry.status === 'canceled') {
      return;
    }
    this.running.get(id)?.abort();
    this.update(id, { status: 'canceled', speed: 0 });
    void this.persist(id);
    if (entry.transfer?.kind === 'tus') {
      void this.deps.transport.terminate(entry.transfer).catch(() => undefined);
    }
    this.pump();
  }

  /** Pauses every running or waiting entry. */
  pauseAll(): void {
    for (const entry of this.snapshot) {
      this.pause(entry.id);
    }
  }

  /** Resumes every paused entry. */
  resumeAll(): void {
    for (const entry of this.snapshot) {
      this.resume(entry.id);
    }
  }

  /** Removes finished entries (done and canceled) from the list. */
  clearFinished(): void {
    for (const entry of this.snapshot) {
      if (entry.status === 'done' || entry.status === 'canceled') {
        this.entries.delete(entry.id);
        this.meters.delete(entry.id);
      }
    }
    this.changed();
  }

  private changed(): void {
    this.snapshot = [...this.entries.values()];
    for (const listener of this.listeners) {
      listener();
    }
  }

  private update(id: string, patch: Partial<UploadEntry>): UploadEntry | undefined {
    const entry = this.entries.get(id);
    if (!entry) {
      return undefined;
    }
    const next = { ...entry, ...patch };
    this.entries.set(id, next);
    this.changed();
    return next;
  }

  /**
   * Stores an entry as it is when the write runs (finished ones are removed). Writes of one
   * entry run one after the other, so the last state always wins.
   */
  private persist(id: string): Promise<void> {
    const previous = this.writes.get(id) ?? Promise.resolve();
    const write = previous.then(() => this.write(id));
    this.writes.set(id, write);
    void write
      .catch(() => undefined)
      .finally(() => {
        if (this.writes.get(id) === write) {
          this.writes.delete(id);
        }
      });
    return write;
  }

  private async write(id: string): Promise<void> {
    const entry = this.entries.get(id);
    if (!entry || entry.status === 'done' || entry.status === 'canceled') {
      await this.deps.store.delete(id).catch(() => undefined);
      return;
    }
    const status = entry.status === 'paused' || entry.status === 'error' ? entry.status : 'queued';
    const stored: StoredUpload = {
      id: entry.id,
      name: entry.name,
      size: entry.size,
      parentId: entry.parentId,
      relativePath: entry.relativePath,
      file: entry.file,
      status,
      hash: entry.hash,
      fileId: entry.fileId,
      proof: entry.proof,
      transfer: entry.transfer,
      uploaded: entry.uploaded,
      createdAt: entry.createdAt,
    };
    try {
      await this.deps.store.put(stored);
    } catch {
      // A browser that cannot store the file keeps the rest: the entry asks for it after a reload.
      await this.deps.store.put({ ...stored, file: undefined }).catch(() => undefined);
    }
  }

  private pump(): void {
    for (const entry of this.snapshot) {
      if (this.running.size >= this.deps.concurrency) {
        break;
      }
      if (
        entry.status === 'queued' &&
        !this.running.has(entry.id) &&
        !this.elsewhere.has(entry.id)
      ) {
        this.start(entry.id);
      }
    }
    if (this.running.size === 0 && this.settle) {
      this.settle();
      this.settle = undefined;
    }
  }

  private start(id: string): void {
    const controller = new AbortController();
    this.running.set(id, controller);
    if (!this.settle) {
      this.idle = new Promise((resolve) => {
        this.settle = resolve;
      });
    }
    void this.claimAndRun(id, controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted || isAbort(error)) {
          return;
        }
        const gone = error instanceof TransferGoneError;
        this.update(id, {
          status: 'error',
          error,
          speed: 0,
          // A target that is gone cannot be resumed: the retry starts with a new file.
          ...(gone
            ? { fileId: undefined, transfer: undefined, proof: undefined, uploaded: 0 }
            : {}),
        });
        void this.persist(id);
      })
      .finally(() => {
        if (this.running.get(id) === controller) {
          this.running.delete(id);
        }
        this.pump();
      });
  }

  /**
   * Runs an entry once this page holds it. An entry another page holds waits and is asked for
   * again later; once free, it goes on from what that page stored, or leaves this page's list
   * when that page finished or cancelled it.
   */
  private async claimAndRun(id: string, signal: AbortSignal): Promise<void> {
    const release = this.deps.claim ? await this.deps.claim(id) : () => undefined;
    if (!release) {
      this.elsewhere.add(id);
      this.refused.add(id);
      setTimeout(() => {
        this.elsewhere.delete(id);
        this.pump();
      }, this.deps.claimRetryMs);
      return;
    }
    try {
      if (this.refused.delete(id)) {
        const stored = (await this.deps.store.list()).find((upload) => upload.id === id);
        if (!stored) {
          this.entries.delete(id);
          this.changed();
          return;
        }
        const status = this.entries.get(id)?.status;
        this.update(id, { ...stored, status: status ?? 'queued' });
      }
      await this.run(id, signal);
    } finally {
      release();
    }
  }

  /** One attempt of an entry, from the step it reached to the end. */
  private async run(id: string, signal: AbortSignal): Promise<void> {
    /**
     * Records a step's result and goes on. After a pause or cancel the result is still kept
     * (a file the server created must not be created twice) but the status is left alone.
     */
    const checkpoint = async (patch: Partial<UploadEntry>): Promise<UploadEntry> => {
      if (signal.aborted) {
        const result = { ...patch };
        delete result.status;
        const stopped = this.update(id, result);
        await this.persist(id);
        if (stopped?.status === 'canceled' && result.transfer?.kind === 'tus') {
          await this.deps.transport.terminate(result.transfer).catch(() => undefined);
        }
        throw abortError();
      }
      const next = this.update(id, patch);
      if (!next) {
        throw abortError();
      }
      await this.persist(id);
      return next;
    };
    let entry = await checkpoint({});
    const file = entry.file;
    if (!file) {
      await checkpoint({ status: 'needs-file' });
      return;
    }
    if (entry.hash === undefined && entry.fileId === undefined) {
      await checkpoint({ status: 'hashing', hashed: 0 });
      const hash = await this.deps.hasher.hash(
        file,
        (hashed) => {
          if (!signal.aborted) {
            this.update(id, { hashed });
          }
        },
        signal,
      );
      entry = await checkpoint({ hash });
    }
    if (entry.fileId === undefined) {
      entry = await checkpoint({ status: 'uploading' });
      // Not aborted midway: a file created on the server must be known here.
      const answer = await this.deps.api.createFile({
        name: entry.name,
        parentId: entry.parentId,
        size: entry.size,
        hash: entry.hash,
        uploadType:
          entry.size <= this.deps.formLimit ? 'UPLOAD_TYPE_FORM' : 'UPLOAD_TYPE_RESUMABLE',
      });
      const fileId = answer.file?.id;
      if (!fileId) {
        throw new Error('the server created no file');
      }
      const ranges = answer.proof?.ranges;
      entry = await checkpoint({
        fileId,
        transfer: targetOf(answer),
        proof: ranges && ranges.length > 0 ? ranges : undefined,
      });
      if (isComplete(answer)) {
        await this.finish(id, { instant: entry.size > 0 && !entry.transfer });
        return;
      }
    }
    const { proof, fileId } = entry;
    if (proof !== undefined && fileId !== undefined) {
      entry = await checkpoint({ status: 'uploading' });
      const proven = await proveRanges(file, proof);
      const answer = await this.deps.api.prove(fileId, proven);
      if (isComplete(answer)) {
        await this.finish(id, { instant: true });
        return;
      }
      entry = await checkpoint({ proof: undefined, transfer: targetOf(answer) ?? entry.transfer });
    }
    const target = entry.transfer;
    if (!target) {
      throw new TransferGoneError('the server named no upload target');
    }
    await checkpoint({ status: 'uploading' });
    const meter = new SpeedMeter();
    this.meters.set(id, meter);
    await this.deps.transport.send({
      file,
      target,
      signal,
      onProgress: (uploaded) => {
        if (signal.aborted) {
          return;
        }
        meter.record(uploaded, this.deps.now());
        this.update(id, { uploaded, speed: meter.speed() });
      },
    });
    if (signal.aborted) {
      throw abortError();
    }
    await this.finish(id, {});
  }

  private async finish(id: string, patch: Partial<UploadEntry>): Promise<void> {
    const entry = this.update(id, { ...patch, status: 'done', speed: 0, file: undefined });
    this.meters.delete(id);
    if (entry) {
      this.update(id, { uploaded: entry.size });
    }
    await this.persist(id);
    if (entry) {
      this.deps.onUploaded?.([entry.parentId], entry.fileId ? [entry.fileId] : []);
    }
  }
}
