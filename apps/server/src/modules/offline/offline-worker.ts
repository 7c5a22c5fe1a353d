import { performance } from 'node:perf_hooks';
import { pipeline, Transform, type TransformCallback } from 'node:stream';
import { downloadFolderName, type Locale, type TaskMessageKey } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import type { FileService } from '../drive/file.service';
import type { EventRecorder } from '../event/event.service';
import type { BlobService } from '../storage/blob.service';
import type { ContentDigest } from '../storage/content-hash';
import type { TaskRecord, TaskRepository } from '../task/task.repository';
import type { TaskService } from '../task/task.service';
import { sourceName } from './offline.service';
import type { UrlFetcher } from './url-fetcher';

export interface OfflineWorkerDeps {
  tasks: TaskRepository;
  /** Pauses and deletions of tasks, which stop a download under way. */
  taskChanges: Pick<TaskService, 'onChange'>;
  fetcher: UrlFetcher;
  blobs: Pick<BlobService, 'ingest' | 'release'>;
  files: Pick<FileService, 'createFile' | 'downloadFolder' | 'get' | 'about'>;
  events: EventRecorder;
  /** The member's language, for the name of the downloads folder. */
  localeOf(userId: string): Promise<Locale>;
  now: () => Date;
  logger: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
  /** Downloads run at once by this worker. */
  concurrency: number;
  /** Largest file a download may bring. */
  maxBytes: number;
  /** Longest a download may take. */
  timeoutMs: number;
  /** How long a taken task stays this worker's without a sign of life. */
  leaseMs?: number;
  /** How often the queue is looked at when nobody says a task is waiting. */
  pollMs?: number;
}

/** Why a download stopped, as the message key members read. */
class DownloadFailure extends Error {
  constructor(readonly key: TaskMessageKey) {
    super(key);
    this.name = 'DownloadFailure';
  }
}

/** The member paused or deleted the task: stop without marking it failed. */
class StoppedByMember extends Error {
  constructor() {
    super('stopped by the member');
    this.name = 'StoppedByMember';
  }
}

function messageKeyOf(error: unknown): TaskMessageKey {
  if (error instanceof DownloadFailure) {
    return error.key;
  }
  if (error instanceof AppError && error.reason === 'file_space_not_enough') {
    return 'space_not_enough';
  }
  // Blocked addresses, unknown names, refused connections and error statuses read alike.
  return 'fetch_failed';
}

/**
 * The offline download worker: takes pending `offline` tasks from the database queue with a
 * compare-and-set (so several workers, in several processes, share one queue), streams each
 * URL through the SSRF-guarded fetcher into the blob store (hashing on the way), keeps
 * progress, speed and ETA in the task, and files the result in the target folder or the
 * member's downloads folder. A task whose worker died goes back to the queue when its lease
 * runs out, and starts again from the beginning.
 */
export function createOfflineWorker(deps: OfflineWorkerDeps) {
  const workerId = `worker-${newId()}`;
  const leaseMs = deps.leaseMs ?? 120_000;
  const pollMs = deps.pollMs ?? 5_000;
  const running = new Map<string, AbortController>();
  let draining: Promise<number> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  deps.taskChanges.onChange((change) => {
    if (change.phase === 'PHASE_TYPE_PAUSED' || change.phase === 'deleted') {
      running.get(change.taskId)?.abort(new StoppedByMember());
    }
  });

  const leaseUntil = () => ({ until: new Date(deps.now().getTime() + leaseMs).toISOString() });

  async function run(task: TaskRecord): Promise<void> {
    const controller = new AbortController();
    running.set(task.id, controller);
    const deadline = setTimeout(() => controller.abort(new DownloadFailure('timed_out')), deps.timeoutMs);
    deadline.unref();
    const heartbeat = setInterval(() => {
      void deps.tasks.updateHeld(task.id, workerId, {}, leaseUntil()).then((held) => {
        if (!held) {
          controller.abort(new StoppedByMember());
        }
      });
    }, Math.max(1000, Math.floor(leaseMs / 3)));
    heartbeat.unref();
    let digest: ContentDigest | undefined;
    const url = task.params.url ?? '';
    try {
      const source = await deps.tasks.sourceOf(task.id);
      if (!source) {
        throw new StoppedByMember();
      }
      const opened = await deps.fetcher.open(source.sourceUrl, controller.signal);
      const about = await deps.files.about(task.userId);
      const available = Math.max(0, about.limit - about.usage);
      const name = sourceName(opened.fileName) || task.name;
      if (opened.size !== undefined && opened.size > deps.maxBytes) {
        opened.body.destroy();
        throw new DownloadFailure('too_large');
      }
      if (opened.size !== undefined && opened.size > available) {
        opened.body.destroy();
        throw new DownloadFailure('space_not_enough');
      }
      const total = opened.size;
      await deps.tasks.updateHeld(task.id, workerId, { name, fileName: name, fileSize: total ?? 0, updatedAt: deps.now().toISOString() }, leaseUntil());

      const started = performance.now();
      let received = 0;
      let reportedAt = started;
      let reportedPercent = 0;
      let writes: Promise<void> = Promise.resolve();
      const report = () => {
        const elapsed = (performance.now() - started) / 1000;
        const speed = elapsed > 0 ? Math.round(received / elapsed) : 0;
        const percent = total !== undefined && total > 0 ? Math.min(99, Math.floor((received / total) * 100)) : 0;
        const eta = total !== undefined && speed > 0 ? String(Math.ceil((total - received) / speed)) : '';
        reportedAt = performance.now();
        reportedPercent = percent;
        writes = writes.then(async () => {
          const held = await deps.tasks.updateHeld(
            task.id,
            workerId,
            { progress: percent, params: { url, speed: String(speed), eta }, updatedAt: deps.now().toISOString() },
            leaseUntil(),
          );
          if (!held) {
            controller.abort(new StoppedByMember());
          }
        });
      };
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, callback: TransformCallback) {
          received += chunk.length;
          if (received > deps.maxBytes) {
            callback(new DownloadFailure('too_large'));
            return;
          }
          if (received > available) {
            callback(new DownloadFailure('space_not_enough'));
            return;
          }
          const percent = total !== undefined && total > 0 ? Math.floor((received / total) * 100) : 0;
          if (performance.now() - reportedAt >= 1000 || percent - reportedPercent >= 10) {
            report();
          }
          callback(null, chunk);
        },
      });
      pipeline(opened.body, meter, () => {
        // Failures reach the blob store through `meter`, which the pipeline destroys with them.
      });
      controller.signal.addEventListener('abort', () => meter.destroy(controller.signal.reason as Error), { once: true });
      digest = await deps.blobs.ingest(meter);
      await writes;
      if (controller.signal.aborted) {
        throw controller.signal.reason as Error;
      }
      if (total !== undefined && digest.size !== total) {
        throw new DownloadFailure('interrupted');
      }
      const parentId = await targetFolder(task.userId, source.targetParentId);
      const file = await createNamed(task.userId, name, parentId, digest, opened.mimeType);
      const stored = digest;
      digest = undefined;
      const done = await deps.tasks.updateHeld(
        task.id,
        workerId,
        {
          phase: 'PHASE_TYPE_COMPLETE',
          progress: 100,
          fileId: file.id,
          fileName: file.name,
          fileSize: stored.size,
          messageKey: '',
          params: { url, speed: '0', eta: '0' },
          updatedAt: deps.now().toISOString(),
        },
        'release',
      );
      if (done) {
        await deps.events.record(task.userId, { type: 'TYPE_OFFLINE', fileId: file.id });
        deps.logger.info({ taskId: task.id, worker: workerId, size: stored.size }, 'offline download complete');
      }
    } catch (error) {
      if (digest) {
        await deps.blobs.release(digest.sha256);
      }
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof StoppedByMember) {
        return;
      }
      if (!(reason instanceof DownloadFailure)) {
        deps.logger.error({ err: reason, taskId: task.id }, 'offline download failed');
      }
      await deps.tasks.updateHeld(
        task.id,
        workerId,
        { phase: 'PHASE_TYPE_ERROR', messageKey: messageKeyOf(reason), params: { url, speed: '0', eta: '' }, updatedAt: deps.now().toISOString() },
        'release',
      );
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      running.delete(task.id);
    }
  }

  /** The folder a finished download goes to: the asked one while it is a live folder, else the downloads folder. */
  async function targetFolder(userId: string, asked: string | null): Promise<string> {
    if (asked !== null) {
      const folder = await deps.files.get(userId, asked).catch(() => undefined);
      if (folder && folder.kind === 'folder' && folder.trashed === 0) {
        return folder.id;
      }
    }
    return (await deps.files.downloadFolder(userId, downloadFolderName(await deps.localeOf(userId)))).id;
  }

  async function createNamed(userId: string, name: string, parentId: string, digest: ContentDigest, mimeType: string) {
    const blob = { sha256: digest.sha256, gcid: digest.gcid, size: digest.size };
    try {
      return await deps.files.createFile(userId, { name, parentId, blob, mimeType });
    } catch (error) {
      if (error instanceof AppError && error.reason === 'invalid_argument') {
        return deps.files.createFile(userId, { name: 'download', parentId, blob, mimeType });
      }
      throw error;
    }
  }

  /** Takes and runs pending tasks until none is left; answers how many ran. */
  async function drain(): Promise<number> {
    await deps.tasks.requeueExpired('offline', deps.now().toISOString());
    let count = 0;
    const lanes = Array.from({ length: Math.max(1, deps.concurrency) }, async () => {
      while (!stopped) {
        const task = await deps.tasks.claimNext('offline', workerId, deps.now().toISOString(), leaseUntil().until);
        if (!task) {
          return;
        }
        count += 1;
        await run(task);
      }
    });
    await Promise.all(lanes);
    return count;
  }

  function tick(): void {
    if (stopped || draining) {
      return;
    }
    draining = drain()
      .catch((error: unknown) => {
        deps.logger.error({ err: error }, 'offline queue pass failed');
        return 0;
      })
      .finally(() => {
        draining = undefined;
      });
  }

  return {
    /** Looks at the queue now and every `pollMs` until stopped. */
    start(): void {
      stopped = false;
      tick();
      timer = setInterval(tick, pollMs);
      timer.unref();
    },
    /** A task is waiting: look at the queue now (when started). */
    wake(): void {
      if (timer !== undefined) {
        tick();
      }
    },
    /** Runs every pending task now and waits for them (tests, the standalone worker's first pass). */
    async runPending(): Promise<number> {
      if (draining) {
        await draining;
      }
      return drain();
    },
    /** Stops taking tasks, stops the downloads under way (they go back to the queue) and waits. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
      for (const [id, controller] of running) {
        controller.abort(new StoppedByMember());
        await deps.tasks.updateHeld(id, workerId, { phase: 'PHASE_TYPE_PENDING', updatedAt: deps.now().toISOString() }, 'release');
      }
      await draining;
    },
  };
}

export type OfflineWorker = ReturnType<typeof createOfflineWorker>;
