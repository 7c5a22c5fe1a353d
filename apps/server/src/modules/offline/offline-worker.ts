import fs, { type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  downloadFolderName,
  safeFileName,
  type Locale,
  type TaskMessageKey,
} from '@nimbus/contracts';
import type { QueueSignal } from '../../db/queue-signal';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import type { FileService } from '../drive/file.service';
import type { EventRecorder, PlanProvider } from '../drive/drive.ports';
import type { BlobService } from '../storage/blob.service';
import type { ContentDigest } from '../storage/content-hash';
import { HashedFileWriter, hashFilePrefix } from '../storage/hashed-file-writer';
import { directAlignment, openDirect } from '../storage/shared-slots';
import { createStreamHasher } from '../storage/threaded-hash';
import type { TaskRecord, TaskRepository } from '../task/task.repository';
import type { TaskService } from '../task/task.service';
import { SourceStatusError, type OpenedSource, type UrlFetcher } from './url-fetcher';
import type { TorrentFetcher } from './torrent/torrent-fetcher';
import { isMagnetLink } from './torrent/torrent-source';
import { DownloadFailure } from './download-failure';

export interface OfflineWorkerDeps {
  tasks: TaskRepository;
  /** Pauses and deletions of tasks, which stop a download under way. */
  taskChanges: Pick<TaskService, 'onChange'>;
  fetcher: UrlFetcher;
  /** Magnet links and `.torrent` files (`torrent/*`); without it they fail like unknown links. */
  torrents?: TorrentFetcher;
  blobs: Pick<BlobService, 'adopt' | 'release'>;
  files: Pick<FileService, 'createFile' | 'downloadFolder' | 'get' | 'about'>;
  events: EventRecorder;
  /** The member's plan: downloads running at once and the monthly traffic. */
  plans: PlanProvider;
  /** The member's language, for the name of the downloads folder. */
  localeOf(userId: string): Promise<Locale>;
  now: () => Date;
  logger: {
    info(object: unknown, message: string): void;
    error(object: unknown, message: string): void;
    debug?(object: unknown, message: string): void;
  };
  /** Folder of the partial data of downloads under way (`DATA_DIR/offline`). */
  partDir: string;
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
  /** Tasks queued by other processes (PostgreSQL `LISTEN`); the poll stays as the fallback. */
  queue?: Pick<QueueSignal, 'listen'>;
  /** How often the partial data is fsynced and its durable length recorded. */
  checkpointMs?: number;
  /** Bytes written between the background fdatasyncs of the partial data (0: none). */
  flushBytes?: number;
  /** How long the pieces of a torrent task that failed for room or traffic are kept for a retry. */
  keepFailedMs?: number;
}

/** The member paused or deleted the task, or the worker stops: stop without marking it failed. */
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
 * Failures a member gets past by freeing space or waiting for traffic: a torrent task that ends
 * with one keeps its verified pieces (`partDir/<task id>/`), so a retry fetches only the rest.
 */
const keptFailures: ReadonlySet<TaskMessageKey> = new Set<TaskMessageKey>([
  'space_not_enough',
  'traffic_exhausted',
]);

/**
 * Runs of one task a process may die in: a task that was running when its process died this
 * many times is failed (`crashed_twice`) instead of run again, so no input crash-loops a node.
 */
const maxOpenRuns = 2;

/** The UTC month a byte fetched now counts in (`YYYY-MM`). */
function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * The offline download worker: takes pending `offline` tasks from the database queue with a
 * compare-and-set (so several workers, in several processes, share one queue; each member has at
 * most the plan's `offlineRunning` tasks running, the others wait), streams each URL through the
 * SSRF-guarded fetcher into a partial file (`partDir/<task id>`), hashing on the way, keeps
 * progress, speed and ETA in the task, and moves the finished file into the blob store (a rename
 * on local disk) and the target folder or the member's downloads folder.
 *
 * Restarts: every `checkpointMs` the partial file is fsynced and then its length recorded in the
 * task (`fetched_bytes`) with the source's validator (strong ETag, else Last-Modified). A task
 * whose worker died goes back to the queue when its lease runs out; the worker that takes it
 * again (or a paused task resumed) re-hashes the kept partial bytes once (hash state is not
 * saved) and asks for the rest with `Range` and `If-Range`: a source that answers 200 (changed,
 * or no ranges) starts over from zero. Partial data lives on the worker's disk: another node
 * starts over too. A torrent task keeps its pieces in a folder of the same name
 * (`partDir/<task id>/`), which the next run verifies (see `torrent/torrent-fetcher.ts`); they
 * stay after a pause, a stop, and a failure for room or traffic (`keptFailures`, swept after
 * `keepFailedMs`), so a retry after freeing space fetches only the missing pieces.
 *
 * Limits, checked before and while bytes flow: the file size cap, the member's free storage
 * (less the bytes of their other running downloads; `Content-Length`, or a torrent's chosen
 * files, checked up front; the filing books the size under the quota in its own transaction, a
 * torrent's files all at once) and the plan's monthly traffic, which counts the bytes fetched
 * over the network (as they are checkpointed, or as peers send them): what a resumed task had
 * kept is neither fetched nor counted again.
 */
export function createOfflineWorker(deps: OfflineWorkerDeps) {
  const workerId = `worker-${newId()}`;
  const leaseMs = deps.leaseMs ?? 120_000;
  const pollMs = deps.pollMs ?? 5_000;
  const checkpointMs = deps.checkpointMs ?? 1_000;
  const flushBytes = deps.flushBytes ?? 32 * 1024 * 1024;
  const keepFailedMs = deps.keepFailedMs ?? 7 * 86_400_000;
  const running = new Map<string, AbortController>();
  const lanes = new Set<Promise<void>>();
  let requeueing: Promise<void> | undefined;
  let ran = 0;
  let timer: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  /** How often kept partial data is swept (an hour, or the keeping time when shorter). */
  const sweepMs = Math.max(1000, Math.min(3_600_000, keepFailedMs));
  let stopped = false;
  /** Stopping after an error the process cannot survive: the runs under way stay open (see `maxOpenRuns`). */
  let faulted = false;
  /** Counts wakes: a lane that found nothing looks again when one came during its look. */
  let wakes = 0;
  /** A wake came while the queue was being looked at: look again after. */
  let again = false;
  let listening: Promise<(() => Promise<void>) | undefined> | undefined;
  const ready = fs.mkdir(deps.partDir, { recursive: true });
  ready.catch(() => undefined);
  const partOf = (id: string) => path.join(deps.partDir, id);

  deps.taskChanges.onChange((change) => {
    if (change.phase === 'PHASE_TYPE_PAUSED' || change.phase === 'deleted') {
      const under = running.get(change.taskId);
      under?.abort(new StoppedByMember());
      if (under === undefined && change.phase === 'deleted') {
        // A task deleted while not running here (the pieces of a failed torrent): nothing to resume.
        void dropPart(change.taskId).catch((error: unknown) =>
          deps.logger.error(
            { err: error, taskId: change.taskId },
            'offline partial data removal failed',
          ),
        );
      }
    }
  });

  /** A task may be waiting: look at the queue now (when started). */
  function wake(): void {
    if (timer !== undefined) {
      wakes += 1;
      tick();
    }
  }

  const leaseUntil = () => ({ until: new Date(deps.now().getTime() + leaseMs).toISOString() });

  /** Drops a task's partial data (a failure, a finished or deleted task): a file, or a torrent's folder of pieces. */
  async function dropPart(id: string): Promise<void> {
    await fs.rm(partOf(id), { force: true, recursive: true });
  }

  /**
   * Opens the partial file of a task at its durable length (cut back to a multiple of 4 KiB, so
   * the bytes after it line up for direct I/O) and a hasher fed with those bytes (re-read once);
   * length 0 when there is nothing to resume. `direct` is the file opened for direct I/O too,
   * when its file system has it.
   */
  async function openPart(task: TaskRecord, resumable: boolean, fetchedBytes: number) {
    await ready;
    const handle = await fs.open(partOf(task.id), 'a+').then(async (appendable) => {
      await appendable.close();
      return fs.open(partOf(task.id), 'r+');
    });
    try {
      const { size: stored } = await handle.stat();
      const durable = fetchedBytes - (fetchedBytes % directAlignment);
      const kept = resumable && stored >= durable ? durable : 0;
      if (stored !== kept) {
        await handle.truncate(kept);
      }
      const hasher = createStreamHasher(task.fileSize > 0 ? task.fileSize : undefined);
      if (kept > 0) {
        await hashFilePrefix(handle, kept, hasher);
      }
      const direct = await openDirect(partOf(task.id));
      return { handle, direct, hasher, kept };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async function run(task: TaskRecord): Promise<void> {
    const controller = new AbortController();
    running.set(task.id, controller);
    const deadline = setTimeout(
      () => controller.abort(new DownloadFailure('timed_out')),
      deps.timeoutMs,
    );
    deadline.unref();
    const heartbeat = setInterval(
      () => {
        void deps.tasks.updateHeld(task.id, workerId, {}, leaseUntil()).then((held) => {
          if (!held) {
            controller.abort(new StoppedByMember());
          }
        });
      },
      Math.max(1000, Math.floor(leaseMs / 3)),
    );
    heartbeat.unref();
    const url = task.params.url ?? '';
    let handle: FileHandle | undefined;
    let direct: FileHandle | undefined;
    let durable = 0;
    let validator: string | null = null;
    let adopted = false;
    /** Where the task was made (`params.source`): every write of the params keeps it. */
    const keptParams: Record<string, string> = task.params.source
      ? { source: task.params.source }
      : {};
    /** A torrent task: its pieces stay after a failure a retry can get past (see `keptFailures`). */
    let torrentTask = false;
    /** What the task shows besides url, speed and eta (a torrent's file list), kept when it fails. */
    let shown = task.params;
    try {
      const source = await deps.tasks.sourceOf(task.id);
      const point = await deps.tasks.resumePointOf(task.id);
      if (!source || !point) {
        throw new StoppedByMember();
      }
      const plan = await deps.plans.planOf(task.userId);
      const period = periodOf(deps.now());
      let traffic = await deps.tasks.trafficOf(task.userId, period);
      if (traffic >= plan.offlineTrafficBytes) {
        throw new DownloadFailure('traffic_exhausted');
      }
      if (deps.torrents !== undefined && isMagnetLink(source.sourceUrl)) {
        torrentTask = true;
        const about = await deps.files.about(task.userId);
        const folder = await deps.torrents.fetch({
          taskId: task.id,
          userId: task.userId,
          magnet: source.sourceUrl,
          signal: controller.signal,
          available: Math.max(
            0,
            about.limit -
              about.usage -
              (await deps.tasks.runningBytes(task.userId, 'offline', task.id)),
          ),
          room: async () => {
            const now = await deps.files.about(task.userId);
            return Math.max(0, now.limit - now.usage);
          },
          trafficLeft: plan.offlineTrafficBytes - traffic,
          // Bytes received from peers, booked as they arrive: pieces kept from an earlier run are not charged again.
          charge: async (bytes) => {
            traffic = await deps.tasks.addTraffic(task.userId, period, bytes);
            return plan.offlineTrafficBytes - traffic;
          },
          targetFolder: () => targetFolder(task.userId, source.targetParentId),
          workDir: partOf(task.id),
          update: async (patch) => {
            const params = patch.params ? { ...patch.params, ...keptParams } : undefined;
            shown = params ?? shown;
            if (
              !(await deps.tasks.updateHeld(
                task.id,
                workerId,
                { ...patch, ...(params ? { params } : {}), updatedAt: deps.now().toISOString() },
                leaseUntil(),
              ))
            ) {
              controller.abort(new StoppedByMember());
            }
          },
        });
        await dropPart(task.id);
        const done = await deps.tasks.updateHeld(
          task.id,
          workerId,
          {
            phase: 'PHASE_TYPE_COMPLETE',
            progress: 100,
            fileId: folder.folderId,
            fileName: folder.folderName,
            fileSize: folder.size,
            messageKey: '',
            fetchedBytes: 0,
            params: { ...shown, url, speed: '0', eta: '0' },
            updatedAt: deps.now().toISOString(),
          },
          'release',
        );
        if (done) {
          await deps.events.record(task.userId, { type: 'TYPE_OFFLINE', fileId: folder.folderId });
          deps.logger.info(
            { taskId: task.id, worker: workerId, size: folder.size, fetched: folder.fetched },
            'offline torrent complete',
          );
        }
        return;
      }
      const part = await openPart(task, point.validator !== null, point.fetchedBytes);
      handle = part.handle;
      direct = part.direct;
      let hasher = part.hasher;
      let written = part.kept;
      durable = part.kept;
      let opened: OpenedSource;
      const openFresh = async () => {
        written = 0;
        durable = 0;
        await handle?.truncate(0);
        return deps.fetcher.open(source.sourceUrl, controller.signal);
      };
      if (written > 0 && point.validator !== null) {
        try {
          opened = await deps.fetcher.open(source.sourceUrl, controller.signal, {
            offset: written,
            validator: point.validator,
          });
        } catch (error) {
          // A range the source no longer has (416), or an answer of another version: start over.
          if (!(error instanceof SourceStatusError)) {
            throw error;
          }
          opened = await openFresh();
        }
        if (opened.start !== written) {
          // The source changed (If-Range did not match) or serves no ranges: from zero.
          written = 0;
          durable = 0;
          await handle.truncate(0);
        }
      } else {
        opened = await openFresh();
      }
      if (written === 0) {
        hasher.dispose();
        hasher = createStreamHasher(opened.size);
      }
      validator = opened.acceptsRanges ? opened.validator : null;
      const about = await deps.files.about(task.userId);
      let available = Math.max(
        0,
        about.limit -
          about.usage -
          (await deps.tasks.runningBytes(task.userId, 'offline', task.id)),
      );
      const name = safeFileName(opened.fileName) || task.name;
      const total = opened.size;
      if (total !== undefined && total > deps.maxBytes) {
        opened.body.destroy();
        throw new DownloadFailure('too_large');
      }
      if (total !== undefined && total > available) {
        opened.body.destroy();
        throw new DownloadFailure('space_not_enough');
      }
      if (total !== undefined && traffic + (total - written) > plan.offlineTrafficBytes) {
        opened.body.destroy();
        throw new DownloadFailure('traffic_exhausted');
      }
      await deps.tasks.updateHeld(
        task.id,
        workerId,
        {
          name,
          fileName: name,
          fileSize: total ?? 0,
          fetchedBytes: durable,
          sourceValidator: validator,
          updatedAt: deps.now().toISOString(),
        },
        leaseUntil(),
      );

      const started = performance.now();
      const startedAt = written;
      let counted = written;
      const file = handle;

      // Received bytes are read straight into the writer's buffers (plain http), written (whole
      // buffers with direct I/O) and hashed on the hash threads while the next arrive, and the
      // file is synced as it grows, so the last fsync has little left to do.
      const sink = new HashedFileWriter(file, written, hasher, {
        flushBytes,
        ...(direct === undefined ? {} : { direct }),
      });

      /** fsyncs what is written, records it as durable, counts its traffic and looks at the limits again. */
      const checkpoint = async (final: boolean) => {
        await sink.settleWrites();
        const at = sink.written;
        await sink.syncTo(at);
        const elapsed = (performance.now() - started) / 1000;
        const speed = elapsed > 0 ? Math.round((sink.queued - startedAt) / elapsed) : 0;
        // What arrived shows as progress; what is durable is what a restart resumes from.
        const seen = Math.max(at, sink.queued);
        const percent =
          total !== undefined && total > 0 ? Math.min(99, Math.floor((seen / total) * 100)) : 0;
        const eta =
          total !== undefined && speed > 0 ? String(Math.ceil((total - seen) / speed)) : '';
        const held = await deps.tasks.updateHeld(
          task.id,
          workerId,
          {
            progress: percent,
            fetchedBytes: at,
            params: { ...keptParams, url, speed: final ? '0' : String(speed), eta },
            updatedAt: deps.now().toISOString(),
          },
          leaseUntil(),
        );
        durable = at;
        if (at > counted) {
          traffic = await deps.tasks.addTraffic(task.userId, period, at - counted);
          counted = at;
        }
        if (!held) {
          throw new StoppedByMember();
        }
        if (traffic > plan.offlineTrafficBytes) {
          throw new DownloadFailure('traffic_exhausted');
        }
        const now = await deps.files.about(task.userId);
        available = Math.max(
          0,
          now.limit - now.usage - (await deps.tasks.runningBytes(task.userId, 'offline', task.id)),
        );
        if (at > available) {
          throw new DownloadFailure('space_not_enough');
        }
      };

      let checkpointing: Promise<void> | undefined;
      let failure: Error | undefined;
      // Checkpoints run on a clock, so a source that stalls still shows its progress.
      const ticker = setInterval(() => {
        if (checkpointing !== undefined || failure !== undefined) {
          return;
        }
        checkpointing = checkpoint(false)
          .catch((error: unknown) => {
            failure = error instanceof Error ? error : new Error(String(error));
            opened.body.destroy(failure);
          })
          .finally(() => {
            checkpointing = undefined;
          });
      }, checkpointMs);
      const onAbort = () => opened.body.destroy(controller.signal.reason as Error);
      controller.signal.addEventListener('abort', onAbort, { once: true });
      try {
        await opened.body.pipeTo(sink, (received) => {
          if (failure !== undefined) {
            throw failure;
          }
          if (sink.error !== undefined) {
            throw sink.error;
          }
          if (received > deps.maxBytes) {
            throw new DownloadFailure('too_large');
          }
          if (received > available) {
            throw new DownloadFailure('space_not_enough');
          }
          if (total !== undefined && received > total) {
            throw new DownloadFailure('interrupted');
          }
          if (traffic + (received - counted) > plan.offlineTrafficBytes) {
            throw new DownloadFailure('traffic_exhausted');
          }
        });
        await sink.flush();
      } finally {
        clearInterval(ticker);
        controller.signal.removeEventListener('abort', onAbort);
        // Bytes that arrived whole are kept for a resume, unless a write failed; the file stays
        // open until every write settled.
        await sink.flush().catch(() => undefined);
        written = sink.written;
        await checkpointing;
        // Bytes fetched since the last checkpoint count as traffic too, even when they go unkept.
        if (written > counted) {
          const bytes = written - counted;
          counted = written;
          traffic = await deps.tasks
            .addTraffic(task.userId, period, bytes)
            .catch(() => traffic + bytes);
        }
      }
      if (failure !== undefined) {
        throw failure;
      }
      if (controller.signal.aborted) {
        throw controller.signal.reason as Error;
      }
      if (total !== undefined && written !== total) {
        throw new DownloadFailure('interrupted');
      }
      await checkpoint(true);
      await file.sync();
      await direct?.close();
      direct = undefined;
      await file.close();
      handle = undefined;
      const digest = await hasher.digest();
      await deps.blobs.adopt(partOf(task.id), digest);
      adopted = true;
      const parentId = await targetFolder(task.userId, source.targetParentId);
      let made;
      try {
        made = await createNamed(task.userId, name, parentId, digest, opened.mimeType);
      } catch (error) {
        await deps.blobs.release(digest.sha256);
        throw error;
      }
      const done = await deps.tasks.updateHeld(
        task.id,
        workerId,
        {
          phase: 'PHASE_TYPE_COMPLETE',
          progress: 100,
          fileId: made.id,
          fileName: made.name,
          fileSize: digest.size,
          messageKey: '',
          fetchedBytes: 0,
          sourceValidator: null,
          params: { ...keptParams, url, speed: '0', eta: '0' },
          updatedAt: deps.now().toISOString(),
        },
        'release',
      );
      if (done) {
        await deps.events.record(task.userId, { type: 'TYPE_OFFLINE', fileId: made.id });
        deps.logger.info(
          { taskId: task.id, worker: workerId, size: digest.size, resumedFrom: startedAt },
          'offline download complete',
        );
      }
    } catch (error) {
      await direct?.close().catch(() => undefined);
      await handle?.close().catch(() => undefined);
      handle = undefined;
      const reason: unknown = controller.signal.aborted ? controller.signal.reason : error;
      if (reason instanceof StoppedByMember) {
        if (adopted || !(await deps.tasks.resumePointOf(task.id))) {
          // Deleted (or stopped after the bytes were stored): nothing to resume.
          await dropPart(task.id);
        } else {
          // Paused or stopping: the durable bytes stay for a resume with Range.
          await deps.tasks.recordFetched(task.id, workerId, durable, validator);
        }
        return;
      }
      if (!(reason instanceof DownloadFailure)) {
        deps.logger.error({ err: reason, taskId: task.id }, 'offline download failed');
      }
      const key = messageKeyOf(reason);
      if (!torrentTask || !keptFailures.has(key)) {
        await dropPart(task.id);
      }
      await deps.tasks.updateHeld(
        task.id,
        workerId,
        {
          phase: 'PHASE_TYPE_ERROR',
          messageKey: key,
          fetchedBytes: 0,
          sourceValidator: null,
          // The quota's reason, as a failed save from a share names it too.
          params: {
            ...shown,
            url,
            speed: '0',
            eta: '',
            ...(key === 'space_not_enough' ? { error: 'file_space_not_enough' } : {}),
          },
          updatedAt: deps.now().toISOString(),
        },
        'release',
      );
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      running.delete(task.id);
      if (!faulted) {
        // Ended in a way this worker saw: not a run its process died in.
        await deps.tasks
          .endRun(task.id, workerId)
          .catch((error: unknown) =>
            deps.logger.error({ err: error, taskId: task.id }, 'offline task run end not recorded'),
          );
      }
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
    return (
      await deps.files.downloadFolder(userId, downloadFolderName(await deps.localeOf(userId)))
    ).id;
  }

  async function createNamed(
    userId: string,
    name: string,
    parentId: string,
    digest: ContentDigest,
    mimeType: string,
  ) {
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

  /** One lane: takes and runs pending tasks one after another until none can be taken. */
  async function lane(): Promise<void> {
    while (!stopped) {
      const seen = wakes;
      const task = await deps.tasks.claimNext(
        'offline',
        workerId,
        deps.now().toISOString(),
        leaseUntil().until,
        async (userId) => (await deps.plans.planOf(userId)).offlineRunning,
      );
      if (!task) {
        if (wakes !== seen) {
          // Queued while this look ran, perhaps too late for it.
          continue;
        }
        return;
      }
      ran += 1;
      // Marked as started before any of its input is read: a run its process dies in stays open.
      if ((await deps.tasks.startRun(task.id, workerId)) > maxOpenRuns) {
        await quarantine(task);
        continue;
      }
      await run(task);
    }
  }

  /** Fails a task whose process died in each of its last `maxOpenRuns` runs, without running it. */
  async function quarantine(task: TaskRecord): Promise<void> {
    deps.logger.error(
      { taskId: task.id, worker: workerId },
      'offline task failed: its process died while running it twice',
    );
    await dropPart(task.id);
    await deps.tasks.updateHeld(
      task.id,
      workerId,
      {
        phase: 'PHASE_TYPE_ERROR',
        messageKey: 'crashed_twice',
        fetchedBytes: 0,
        sourceValidator: null,
        // A retry runs it once more; one more death fails it again.
        openRuns: maxOpenRuns - 1,
        params: { ...task.params, speed: '0', eta: '' },
        updatedAt: deps.now().toISOString(),
      },
      'release',
    );
  }

  /** Starts lanes until `concurrency` run: a task queued while others download starts at once. */
  function fill(): void {
    while (!stopped && lanes.size < Math.max(1, deps.concurrency)) {
      const current: Promise<void> = lane()
        .catch((error: unknown) => deps.logger.error({ err: error }, 'offline queue pass failed'))
        .finally(() => {
          lanes.delete(current);
          if (lanes.size === 0) {
            deps.logger.debug?.({ worker: workerId }, 'offline queue idle');
          }
        });
      lanes.add(current);
    }
  }

  /** Puts back the tasks of dead workers, then fills the lanes. */
  function tick(): void {
    if (stopped) {
      return;
    }
    if (requeueing) {
      again = true;
      return;
    }
    requeueing = deps.tasks
      .requeueExpired('offline', deps.now().toISOString())
      .then(fill)
      .catch((error: unknown) => deps.logger.error({ err: error }, 'offline queue pass failed'))
      .finally(() => {
        requeueing = undefined;
        if (again) {
          again = false;
          tick();
        }
      });
  }

  async function settle(): Promise<void> {
    while (lanes.size > 0) {
      await Promise.all([...lanes]);
    }
  }

  /**
   * Deletes partial data nobody will resume: of tasks gone, finished or failed (a crash between
   * the last write and the task's update leaves such files), except the pieces of a torrent task
   * that failed for room or traffic, kept `keepFailedMs` for a retry.
   */
  async function sweepParts(): Promise<void> {
    await ready;
    const names = (await fs.readdir(deps.partDir)).filter((name) =>
      /^[A-Za-z0-9_-]{1,32}$/.test(name),
    );
    for (let index = 0; index < names.length; index += 500) {
      const slice = names.slice(index, index + 500);
      const phases = await deps.tasks.phasesOf(slice);
      const keptSince = new Date(deps.now().getTime() - keepFailedMs).toISOString();
      for (const name of slice) {
        const state = phases.get(name);
        const kept =
          state?.phase === 'PHASE_TYPE_ERROR' &&
          keptFailures.has(state.messageKey as TaskMessageKey) &&
          state.updatedAt >= keptSince;
        if (
          state === undefined ||
          state.phase === 'PHASE_TYPE_COMPLETE' ||
          (state.phase === 'PHASE_TYPE_ERROR' && !kept)
        ) {
          await dropPart(name);
        }
      }
    }
  }

  return {
    /**
     * Looks at the queue now, whenever a task is queued (in this process, or notified by
     * another), and every `pollMs` until stopped. Resolves once notifications are listened to.
     */
    async start(): Promise<void> {
      stopped = false;
      faulted = false;
      sweepParts()
        .catch((error: unknown) =>
          deps.logger.error({ err: error }, 'offline partial data sweep failed'),
        )
        .finally(tick);
      timer = setInterval(tick, pollMs);
      timer.unref();
      // Pieces kept for a retry go once their time is up, without waiting for a restart.
      sweeper ??= setInterval(() => {
        sweepParts().catch((error: unknown) =>
          deps.logger.error({ err: error }, 'offline partial data sweep failed'),
        );
      }, sweepMs);
      sweeper.unref();
      if (deps.queue !== undefined && listening === undefined) {
        listening = deps.queue.listen('offline', wake).then(
          (listened) => {
            if (listened.listening) {
              deps.logger.info({ worker: workerId }, 'offline worker listens for queued tasks');
            }
            return listened.stop;
          },
          (error: unknown) => {
            deps.logger.error({ err: error }, 'offline queue listener failed');
            return undefined;
          },
        );
      }
      await listening;
    },
    /** A task is waiting: look at the queue now (when started). */
    wake,
    /**
     * Sweeps the partial data now (as `start` does, and then every hour): what no task will
     * resume goes; the pieces of a torrent task that failed for room or traffic stay until
     * `keepFailedMs` after its failure, those of a pending, running or paused task always.
     */
    sweep: sweepParts,
    /** Runs every pending task now and waits for them (tests, the standalone worker's first pass). */
    async runPending(): Promise<number> {
      await requeueing;
      await settle();
      await deps.tasks.requeueExpired('offline', deps.now().toISOString());
      const before = ran;
      fill();
      await settle();
      return ran - before;
    },
    /**
     * Stops taking tasks, stops the downloads under way (their durable bytes are recorded and
     * they go back to the queue, to resume with Range) and waits. With `fault` (the process
     * stops after an error it cannot survive) their runs count as runs the process died in.
     */
    async stop(options: { fault?: boolean } = {}): Promise<void> {
      stopped = true;
      faulted ||= options.fault === true;
      if (timer !== undefined) {
        clearInterval(timer);
        timer = undefined;
      }
      if (sweeper !== undefined) {
        clearInterval(sweeper);
        sweeper = undefined;
      }
      const unlisten = await listening;
      listening = undefined;
      await unlisten?.();
      const ids = [...running.keys()];
      for (const controller of running.values()) {
        controller.abort(new StoppedByMember());
      }
      await requeueing;
      await settle();
      for (const id of ids) {
        await deps.tasks.updateHeld(
          id,
          workerId,
          { phase: 'PHASE_TYPE_PENDING', updatedAt: deps.now().toISOString() },
          'release',
        );
      }
    },
  };
}

export type OfflineWorker = ReturnType<typeof createOfflineWorker>;
