import { safeFileName, type TaskSource } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import type { FileService } from '../drive/file.service';
import type { PlanProvider } from '../drive/drive.ports';
import type { TaskRecord, TaskRepository } from '../task/task.repository';
import type { Readable } from 'node:stream';
import { nameFromUrl } from './url-fetcher';
import parseTorrent from 'parse-torrent';
import type { TorrentMetadataResolver } from './torrent/torrent-metadata';
import {
  describeMagnet,
  describeTorrentFile,
  isMagnetLink,
  isTorrentFile,
  listingParam,
  maxTorrentFileBytes,
  parseTorrentBytes,
  pickedFiles,
  torrentFileOf,
  type TorrentDescription,
} from './torrent/torrent-source';
import type { TorrentSourceRepository } from './torrent/torrent.repository';

export interface OfflineServiceDeps {
  tasks: TaskRepository;
  files: Pick<FileService, 'get' | 'about'>;
  plans: PlanProvider;
  now: () => Date;
  /** Tells the worker a task is waiting. */
  onQueued: () => void;
  /** Torrent tasks (magnet links, `.torrent` files of the drive); without it they are `unimplemented`. */
  torrents?: {
    sources: TorrentSourceRepository;
    /** The bytes of a stored blob (a `.torrent` file the member uploaded). */
    readBlob(sha256: string): Promise<Readable>;
    /** Metadata the link checker fetched lately: a magnet task made from it knows its files at once. */
    metadata?: Pick<TorrentMetadataResolver, 'cached'>;
    /**
     * The bytes an http(s) link serves, through the guarded fetcher within a few MiB and a time
     * cap (`torrent-link.ts`); undefined whatever went wrong. Without it `url.files` of an
     * http(s) link is ignored and the link saved as a file.
     */
    readLink?(url: string): Promise<Buffer | undefined>;
  };
}

/** What a member asks for: a URL, and optionally the file's name and the folder it goes to. */
export interface OfflineRequest {
  /** An http(s) URL, a magnet link, or the id of a `.torrent` file in the member's drive. */
  url: string;
  /** Indexes of a torrent's files to fetch (`url.files`); absent or empty: every file. */
  files?: string[] | undefined;
  name: string | undefined;
  /** `''` or absent: the member's downloads folder. */
  parentId: string | undefined;
  /** Where the task was made (`params.source`), when the client says. */
  source?: TaskSource | undefined;
  /** The API request queuing it, named by the worker's log lines. */
  requestId?: string | undefined;
}

const maxUrlLength = 4096;

/** The shape of a drive id (`newId`): how `url` names an uploaded `.torrent` file. */
const fileIdPattern = /^[A-Za-z0-9_-]{16}$/;

/** The file name an offline task starts with: the given one, else the URL's last segment, else its host. */
export function initialName(url: URL, given: string | undefined): string {
  return (
    safeFileName(given ?? '') ||
    safeFileName(nameFromUrl(url)) ||
    safeFileName(url.hostname) ||
    'download'
  );
}

/**
 * The name a URL download is filed under: the task's own when it is not what the URL alone gives
 * (the member named the file, or an earlier run of the task settled its name), else the name the
 * source gives (`Content-Disposition`, the final URL), else the task's.
 */
export function downloadName(taskName: string, sourceUrl: string, sourceName: string): string {
  let fromUrl = '';
  try {
    fromUrl = initialName(new URL(sourceUrl), undefined);
  } catch {
    // A task's URL was checked when it was made; an unreadable one has no name of its own.
  }
  if (taskName !== fromUrl) {
    return taskName;
  }
  return safeFileName(sourceName) || taskName;
}

/** Parses and checks a member's URL; what is not a fetchable link is the member's error. */
export function parseOfflineUrl(text: string): URL {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed.length > maxUrlLength) {
    throw new AppError('invalid_argument', { description: `url is 1-${maxUrlLength} characters` });
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError('invalid_argument', { description: 'url is not a URL' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new AppError('invalid_argument', { description: 'url must be http or https' });
  }
  if (url.username !== '' || url.password !== '') {
    throw new AppError('invalid_argument', {
      description: 'url must not carry a user name or password',
    });
  }
  url.hash = '';
  return url;
}

/**
 * Offline downloads (docs/api.md#files `UPLOAD_TYPE_URL` and docs/api.md#tasks): creating a task checks the URL,
 * the target folder and the plan's daily limit and queues the task for the worker; a failed task
 * can be retried. Whether an address may be fetched is decided by the worker at connect time.
 */
export function createOfflineService(deps: OfflineServiceDeps) {
  const { tasks, now } = deps;

  /**
   * The torrent a member's `url` names: a magnet link, the id of a `.torrent` file of the
   * member's drive (docs/product.md#validation: a name ending `.torrent` or the type `x-bittorrent`), or an
   * http(s) link to a `.torrent` file when `url.files` is given (present, even empty); undefined
   * for anything else (an http(s) URL saved as a file, checked by `parseOfflineUrl`).
   */
  async function describeTorrent(
    userId: string,
    text: string,
    picks: readonly string[] | undefined,
  ): Promise<(TorrentDescription & { bytes: Buffer | undefined }) | undefined> {
    const trimmed = text.trim();
    const magnet = isMagnetLink(trimmed);
    const fileId = !magnet && fileIdPattern.test(trimmed);
    if (!magnet && !fileId) {
      if (picks === undefined || deps.torrents?.readLink === undefined) {
        return undefined;
      }
      // An http(s) link with `url.files` (even empty): the member wants the torrent the link
      // serves (the URL checker listed its files), not the `.torrent` file itself.
      const url = parseOfflineUrl(trimmed);
      const bytes = await deps.torrents.readLink(url.toString());
      if (bytes === undefined || parseTorrentBytes(bytes) === undefined) {
        // Blocked, unreachable, too large or not a torrent: one answer for all.
        throw new AppError('invalid_argument', {
          description:
            'url.files picks files of a torrent, and the link did not give a readable .torrent file',
        });
      }
      return { ...describeTorrentFile(bytes), bytes };
    }
    if (!deps.torrents) {
      throw new AppError('unimplemented', {
        description: 'Magnet links and torrents are not supported here',
      });
    }
    if (magnet) {
      if (trimmed.length > maxUrlLength) {
        throw new AppError('invalid_argument', {
          description: `url is 1-${maxUrlLength} characters`,
        });
      }
      const magnet = describeMagnet(trimmed);
      const known = deps.torrents.metadata?.cached(magnet.infoHash);
      if (known === undefined) {
        return { ...magnet, bytes: undefined };
      }
      // Checked lately: the task lists its files now, and its worker does not ask the swarm again.
      const bytes = torrentFileOf(known.info, parseTorrent(magnet.magnet).announce ?? []);
      return { ...magnet, name: magnet.name || known.name, files: known.files, bytes };
    }
    const file = await deps.files.get(userId, trimmed);
    if (file.kind !== 'file' || !isTorrentFile(file)) {
      throw new AppError('invalid_argument', {
        description: 'url names a file that is not a .torrent',
      });
    }
    if (file.trashed !== 0) {
      throw new AppError('file_in_recycle_bin');
    }
    if (
      file.phase !== 'PHASE_TYPE_COMPLETE' ||
      file.sha256 === null ||
      file.size > maxTorrentFileBytes
    ) {
      throw new AppError('invalid_argument', { description: 'The file is not a readable torrent' });
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await deps.torrents.readBlob(file.sha256)) {
      chunks.push(chunk as Buffer);
    }
    const bytes = Buffer.concat(chunks);
    return { ...describeTorrentFile(bytes), bytes };
  }

  return {
    /** Queues a download; `task_daily_create_limit` past the plan's tasks of the UTC day. */
    async create(userId: string, input: OfflineRequest): Promise<TaskRecord> {
      const torrent = await describeTorrent(userId, input.url, input.files);
      const url = torrent ? undefined : parseOfflineUrl(input.url);
      const files = torrent ? pickedFiles(input.files, torrent.files) : null;
      const parentId = input.parentId ?? '';
      if (parentId !== '') {
        const parent = await deps.files.get(userId, parentId);
        if (parent.kind !== 'folder') {
          throw new AppError('invalid_argument', { description: 'parent_id is not a folder' });
        }
        if (parent.trashed !== 0) {
          throw new AppError('file_in_recycle_bin');
        }
      }
      if (torrent?.files !== undefined) {
        // The torrent's files are known (a .torrent file, or a magnet link checked lately): chosen
        // files that cannot fit in the room left (less the member's running downloads) are
        // refused now, before the day's count; the worker checks again before a piece is fetched.
        const chosen =
          files === null
            ? torrent.files
            : torrent.files.filter((entry) => files.includes(entry.index));
        const size = chosen.reduce((sum, entry) => sum + entry.size, 0);
        const about = await deps.files.about(userId);
        if (size > about.limit - about.usage - (await tasks.runningBytes(userId, 'offline', ''))) {
          throw new AppError('file_space_not_enough');
        }
      }
      const plan = await deps.plans.planOf(userId);
      const stamp = now();
      const day = stamp.toISOString().slice(0, 10);
      if (!(await tasks.countDaily(userId, 'offline', day, plan.cloudDownloads))) {
        throw new AppError('task_daily_create_limit', {
          metadata: { limit: String(plan.cloudDownloads) },
        });
      }
      const name = torrent
        ? safeFileName(input.name ?? '') || safeFileName(torrent.name) || torrent.infoHash
        : initialName(url as URL, input.name);
      const sourceUrl = torrent ? torrent.magnet : (url as URL).toString();
      const task: TaskRecord = {
        id: newId(),
        userId,
        type: 'offline',
        name,
        phase: 'PHASE_TYPE_PENDING',
        progress: 0,
        fileId: '',
        fileName: name,
        fileSize: 0,
        messageKey: '',
        params: {
          url: sourceUrl,
          speed: '0',
          eta: '',
          ...(input.source ? { source: input.source } : {}),
          ...(torrent?.files ? { files: listingParam(torrent.files) } : {}),
        },
        statusSize: 1,
        createdAt: stamp.toISOString(),
        updatedAt: stamp.toISOString(),
        requestId: input.requestId ?? '',
      };
      const queued = { sourceUrl, targetParentId: parentId === '' ? null : parentId };
      if (torrent && deps.torrents) {
        await deps.torrents.sources.queue(task, queued, { torrent: torrent.bytes, files });
      } else {
        await tasks.insertQueued(task, queued);
      }
      deps.onQueued();
      return task;
    },

    /** Offline tasks the member created this UTC day (`quotas.cloud_download.usage`). */
    async createdToday(userId: string): Promise<number> {
      return tasks.dailyCount(userId, 'offline', now().toISOString().slice(0, 10));
    },

    /** Queues a failed offline task again from the start; other phases are `failed_precondition`. */
    async retry(userId: string, id: string): Promise<TaskRecord> {
      const task = await tasks.findOwned(userId, id);
      if (!task || task.type !== 'offline') {
        throw new AppError('not_found', { description: 'No such offline task' });
      }
      // The reason of the failure goes with it.
      const params = Object.fromEntries(
        Object.entries(task.params).filter(([key]) => key !== 'error'),
      );
      const changed = await tasks.updateInPhase(userId, id, ['PHASE_TYPE_ERROR'], {
        phase: 'PHASE_TYPE_PENDING',
        progress: 0,
        messageKey: '',
        params: { ...params, speed: '0', eta: '' },
        updatedAt: now().toISOString(),
      });
      if (!changed) {
        throw new AppError('failed_precondition', {
          description: 'Only a failed task can be retried',
        });
      }
      deps.onQueued();
      const retried = await tasks.findOwned(userId, id);
      if (!retried) {
        throw new AppError('not_found', { description: 'No such offline task' });
      }
      return retried;
    },
  };
}

export type OfflineService = ReturnType<typeof createOfflineService>;
