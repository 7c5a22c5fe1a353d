import type { FileHandle } from 'node:fs/promises';
import { downloadFolderName, type Locale } from '@nimbus/contracts';
import type { QueueSignal } from '../../db/queue-signal';
import type { FileService } from '../drive/file.service';
import type { EventRecorder, PlanFigures, PlanProvider } from '../drive/drive.ports';
import type { BlobService } from '../storage/blob.service';
import type {
  QueuedSource,
  ResumePoint,
  HeldPatch,
  TaskRecord,
  TaskRepository,
} from '../task/task.repository';
import type { TaskService } from '../task/task.service';
import type { UrlFetcher } from './url-fetcher';
import type { TorrentFetcher } from './torrent/torrent-fetcher';
import type { PartStore } from './offline-parts';
import type { BucketUploads } from '../storage/blob-store.interface';
import type { ParkedPart, ParkedRepository } from './offline-parked.repository';

/*
 * What the offline worker's jobs share: the worker's dependencies, the ways a run ends, and the
 * state of one run of a task that its ending (completed, paused, failed) reads.
 */

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
  /** With `BLOB_STORE=s3`: the bucket partial data is parked in, so another node resumes it. */
  bucket?: BucketUploads | undefined;
  parked?: ParkedRepository | undefined;
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
export class StoppedByMember extends Error {
  constructor() {
    super('stopped by the member');
    this.name = 'StoppedByMember';
  }
}

/** The UTC month a byte fetched now counts in (`YYYY-MM`). */
export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/** One run of a task by this worker: what its job reads, and what its ending needs to know. */
export interface TaskRun {
  deps: OfflineWorkerDeps;
  parts: PartStore;
  workerId: string;
  task: TaskRecord;
  /** Aborted by a pause or deletion, the deadline, a lost lease or the worker's stop. */
  controller: AbortController;
  /** The task's link, as it shows in its params. */
  url: string;
  /** Where the task was made (`params.source`): every write of the params keeps it. */
  keptParams: Record<string, string>;
  /** The lease a write by this worker extends. */
  leaseUntil(): { until: string };
  /** Writes to the task while this worker holds it; false when it no longer does. */
  update(patch: HeldPatch, lease: { until: string } | 'release'): Promise<boolean>;
  /** The partial file and its direct I/O twin while open. */
  handle?: FileHandle | undefined;
  direct?: FileHandle | undefined;
  /** Bytes of the partial file known to be on disk, recorded for a resume. */
  durable: number;
  /** The source's validator a resume asks with (`If-Range`). */
  validator: string | null;
  /** The objects of the bucket its first bytes are parked in (`BLOB_STORE=s3`). */
  parked: ParkedPart[];
  /** The finished bytes went to the blob store: a stop has nothing left to resume. */
  adopted: boolean;
  /** A torrent task: its pieces stay after a failure a retry can get past (see `keptFailures`). */
  torrent: boolean;
  /** What the task shows besides url, speed and eta (a torrent's file list), kept when it fails. */
  shown: Record<string, string>;
}

/** What a run found before its job starts: the source, where to resume, the plan and its traffic. */
export interface RunStart {
  source: QueuedSource;
  point: ResumePoint;
  plan: PlanFigures;
  period: string;
  /** Traffic the member used this period. */
  traffic: number;
}

/** Free storage of the member, less the bytes of their other running downloads. */
export async function availableBytes(run: TaskRun): Promise<number> {
  const { deps, task } = run;
  const about = await deps.files.about(task.userId);
  return Math.max(
    0,
    about.limit - about.usage - (await deps.tasks.runningBytes(task.userId, 'offline', task.id)),
  );
}

/** The folder a finished download goes to: the asked one while it is a live folder, else the downloads folder. */
export async function targetFolder(
  deps: OfflineWorkerDeps,
  userId: string,
  asked: string | null,
): Promise<string> {
  if (asked !== null) {
    const folder = await deps.files.get(userId, asked).catch(() => undefined);
    if (folder && folder.kind === 'folder' && folder.trashed === 0) {
      return folder.id;
    }
  }
  return (await deps.files.downloadFolder(userId, downloadFolderName(await deps.localeOf(userId))))
    .id;
}
