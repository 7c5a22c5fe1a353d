import { readApiAnswer } from '@nimbus/client';
import type { Resource, Task, TaskList, TaskPhase, TaskSource } from '@nimbus/contracts';
import { driveRoutes, offlineRoutes, taskRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The offline download calls (docs/api.md#files URL tasks, docs/api.md#tasks and the URL checker) as the web app
 * makes them. Every function throws the client's `ApiError` on failure.
 */

/** The Task of docs/api.md#tasks (the catalogue's). */
export type OfflineTask = Task;

/** One page of `GET /drive/v1/tasks`. */
export type TaskPage = TaskList;

/** One file of a torrent, as the URL checker lists it. */
export type ResourceFile = Resource['files'][number];

export type { Resource, TaskPhase, TaskSource };

/** What a new offline task asks for. */
export interface NewTask {
  /** An http(s) or magnet link, or the id of a `.torrent` file of the drive. */
  url: string;
  /** `""`: the member's downloads folder. */
  parentId: string;
  /** For a torrent: the indexes of the files to fetch; every file when absent. */
  files?: readonly string[];
  source: TaskSource;
}

/** Creates one offline task (`POST /drive/v1/files`, `UPLOAD_TYPE_URL`). */
export async function createTask(input: NewTask): Promise<OfflineTask> {
  const answer = await browserClient().call(driveRoutes.createFile, {
    body: {
      kind: 'drive#file',
      upload_type: 'UPLOAD_TYPE_URL',
      url: { url: input.url, ...(input.files ? { files: [...input.files] } : {}) },
      ...(input.parentId === '' ? {} : { parent_id: input.parentId }),
      params: { source: input.source },
    },
  });
  if (answer.task === null) {
    throw new TypeError('A URL task was answered without its task');
  }
  return answer.task;
}

/** The phase filters of the task list. */
export type PhaseFilter = 'all' | 'running' | 'complete' | 'error';

/** The phases each filter shows. */
export const phasesOf: Record<PhaseFilter, readonly TaskPhase[] | undefined> = {
  all: undefined,
  running: ['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING', 'PHASE_TYPE_PAUSED'],
  complete: ['PHASE_TYPE_COMPLETE'],
  error: ['PHASE_TYPE_ERROR'],
};

/** One page of the member's offline tasks, newest first. */
export async function listTasks(
  filter: PhaseFilter,
  pageToken: string | undefined,
  signal?: AbortSignal,
): Promise<TaskPage> {
  const phases = phasesOf[filter];
  return browserClient().call(
    taskRoutes.list,
    {
      query: {
        type: 'offline',
        limit: 100,
        ...(phases ? { filters: JSON.stringify({ phase: { in: phases.join(',') } }) } : {}),
        ...(pageToken ? { page_token: pageToken } : {}),
      },
    },
    signal ? { signal } : {},
  );
}

/** One task of the member (`GET /drive/v1/tasks/{id}`). */
export async function getTask(id: string, signal?: AbortSignal): Promise<OfflineTask> {
  return browserClient().call(taskRoutes.get, { params: { id } }, signal ? { signal } : {});
}

/** Deletes tasks; `deleteFiles` also puts the files they made in the trash. */
export async function deleteTasks(ids: readonly string[], deleteFiles: boolean): Promise<void> {
  await browserClient().call(taskRoutes.remove, {
    query: { task_ids: [...ids], delete_files: deleteFiles ? 'true' : 'false' },
  });
}

/** Retries a failed task from the start. */
export async function retryTask(id: string): Promise<OfflineTask> {
  return browserClient().call(offlineRoutes.retry, {
    body: { type: 'offline', create_type: 'RETRY', id },
  });
}

/** Pauses (`PAUSED`) or resumes (`PENDING`) a task. */
export async function setTaskPhase(
  id: string,
  phase: 'PHASE_TYPE_PAUSED' | 'PHASE_TYPE_PENDING',
): Promise<OfflineTask> {
  return browserClient().call(taskRoutes.setPhase, { params: { id }, body: { phase } });
}

/** Checks links without saving anything (the URL checker; no sign-in needed). */
export async function checkLinks(
  urls: readonly string[],
  signal?: AbortSignal,
): Promise<Resource[]> {
  const answer = await browserClient().call(
    offlineRoutes.checkUrls,
    { body: { urls: urls.join('\n') } },
    signal ? { signal } : {},
  );
  return answer.list.resources;
}

/**
 * Uploads a `.torrent` file into a folder of the drive (one form upload: torrents are small)
 * and gives its id, which an offline task takes as its `url`.
 */
export async function uploadTorrentFile(file: File, parentId: string): Promise<string> {
  const client = browserClient();
  const answer = await client.call(driveRoutes.createFile, {
    body: {
      kind: 'drive#file',
      name: file.name,
      parent_id: parentId,
      size: String(file.size),
      upload_type: 'UPLOAD_TYPE_FORM',
    },
  });
  if (answer.file === null) {
    throw new TypeError('A form upload was answered without its file');
  }
  const form = 'form' in answer ? answer.form : undefined;
  if (answer.file.phase !== 'PHASE_TYPE_COMPLETE' && form) {
    const body = new FormData();
    for (const [name, value] of Object.entries(form.multi_parts)) {
      body.append(name, value);
    }
    body.append('file', file);
    const base = client.originOf('drive') || window.location.origin;
    const response = await fetch(new URL(form.url, base), {
      method: 'POST',
      body,
      credentials: 'include',
    });
    const result = readApiAnswer(response.status, await response.text());
    if (result instanceof Error) {
      throw result;
    }
  }
  return answer.file.id;
}

/** The files a torrent task lists in `params.files` once it knows them. */
export function taskFiles(
  task: Pick<OfflineTask, 'params'>,
): { index: string; name: string; size: string }[] {
  const text = task.params.files;
  if (!text) {
    return [];
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed)
      ? parsed.filter(
          (entry): entry is { index: string; name: string; size: string } =>
            typeof entry === 'object' &&
            entry !== null &&
            typeof (entry as { name?: unknown }).name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}
