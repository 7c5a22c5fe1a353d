import { readApiAnswer } from '@nimbus/client';
import { browserClient } from '@/lib/api/browser-client';

/*
 * The offline download calls (docs/api.md#files URL tasks, docs/api.md#tasks and the URL checker) as the web app
 * makes them. Every function throws the client's `ApiError` on failure.
 */

/** Where a task was created from (docs/product.md#entities, task sources). */
export type TaskSource = 'add_button' | 'url_checker' | 'cloud_page';

/** The Task of docs/api.md#tasks. */
export interface OfflineTask {
  kind: 'drive#task';
  id: string;
  type: string;
  name: string;
  phase: TaskPhase;
  progress: number;
  file_id: string;
  file_name: string;
  /** Bytes as a decimal string. */
  file_size: string;
  message: string;
  /** offline: `url`, `speed` (bytes per second), `eta` (seconds, `""` unknown). */
  params: Record<string, string>;
  created_time: string;
  updated_time: string;
}

export type TaskPhase =
  | 'PHASE_TYPE_UNKNOW'
  | 'PHASE_TYPE_PENDING'
  | 'PHASE_TYPE_RUNNING'
  | 'PHASE_TYPE_PAUSED'
  | 'PHASE_TYPE_ERROR'
  | 'PHASE_TYPE_COMPLETE';

/** One page of `GET /drive/v1/tasks`. */
export interface TaskPage {
  tasks: OfflineTask[];
  next_page_token: string;
  /** Seconds until polling again is useful. */
  expires_in: number;
}

/** One file of a torrent, as the URL checker lists it. */
export interface ResourceFile {
  /** What `url.files` names to fetch this file. */
  id: string;
  name: string;
  file_size: string;
}

/** A checked link (`POST /drive/v1/resource/list`). */
export interface Resource {
  kind: 'drive#resource';
  url: string;
  name: string;
  /** `""` when the source does not say. */
  file_size: string;
  mime_type: string;
  file_category: string;
  reachable: boolean;
  message: string;
  is_torrent: boolean;
  files: ResourceFile[];
}

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
  const answer = await browserClient().post<{ task: OfflineTask }>('/drive/v1/files', {
    kind: 'drive#file',
    upload_type: 'UPLOAD_TYPE_URL',
    url: { url: input.url, ...(input.files ? { files: [...input.files] } : {}) },
    ...(input.parentId === '' ? {} : { parent_id: input.parentId }),
    params: { source: input.source },
  });
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
  return browserClient().get<TaskPage>('/drive/v1/tasks', {
    query: {
      type: 'offline',
      limit: 100,
      ...(phases ? { filters: JSON.stringify({ phase: { in: phases.join(',') } }) } : {}),
      ...(pageToken ? { page_token: pageToken } : {}),
    },
    ...(signal ? { signal } : {}),
  });
}

/** One task of the member (`GET /drive/v1/tasks/{id}`). */
export async function getTask(id: string, signal?: AbortSignal): Promise<OfflineTask> {
  return browserClient().get<OfflineTask>(`/drive/v1/tasks/${encodeURIComponent(id)}`, {
    ...(signal ? { signal } : {}),
  });
}

/** Deletes tasks; `deleteFiles` also puts the files they made in the trash. */
export async function deleteTasks(ids: readonly string[], deleteFiles: boolean): Promise<void> {
  await browserClient().delete('/drive/v1/tasks', {
    query: { task_ids: [...ids], delete_files: deleteFiles },
  });
}

/** Retries a failed task from the start. */
export async function retryTask(id: string): Promise<OfflineTask> {
  return browserClient().post<OfflineTask>('/drive/v1/task', {
    type: 'offline',
    create_type: 'RETRY',
    id,
  });
}

/** Pauses (`PAUSED`) or resumes (`PENDING`) a task. */
export async function setTaskPhase(
  id: string,
  phase: 'PHASE_TYPE_PAUSED' | 'PHASE_TYPE_PENDING',
): Promise<OfflineTask> {
  return browserClient().patch<OfflineTask>(`/drive/v1/tasks/${encodeURIComponent(id)}`, {
    phase,
  });
}

/** Checks links without saving anything (the URL checker; no sign-in needed). */
export async function checkLinks(
  urls: readonly string[],
  signal?: AbortSignal,
): Promise<Resource[]> {
  const answer = await browserClient().post<{ list: { resources: Resource[] } }>(
    '/drive/v1/resource/list',
    { urls: urls.join('\n') },
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
  const answer = await client.post<{
    file: { id: string; phase: string };
    form?: { url: string; multi_parts: Record<string, string> };
  }>('/drive/v1/files', {
    kind: 'drive#file',
    name: file.name,
    parent_id: parentId,
    size: String(file.size),
    upload_type: 'UPLOAD_TYPE_FORM',
  });
  if (answer.file.phase !== 'PHASE_TYPE_COMPLETE' && answer.form) {
    const body = new FormData();
    for (const [name, value] of Object.entries(answer.form.multi_parts)) {
      body.append(name, value);
    }
    body.append('file', file);
    const base = client.originOf('drive') || window.location.origin;
    const response = await fetch(new URL(answer.form.url, base), {
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
