import { z } from 'zod';
import { taskPhases, type TaskPhase, type TaskType } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { filterError, filterValues, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { newId } from '../../lib/secrets';
import type { TaskRecord, TaskRepository } from './task.repository';

/** Work that finished inside a request (batch calls), recorded as a complete task. */
export interface FinishedWork {
  type: TaskType;
  /** The first item's name (what the task list shows). */
  name: string;
  /** The item the task made or worked on (a copy: the first copy), `''` when none. */
  fileId: string;
  fileName: string;
  /** Bytes of the files the task covered. */
  fileSize: number;
  /** How many items the task covered. */
  statusSize: number;
  params?: Record<string, string>;
}

/** Records finished work as a task; what the drive's batch calls need of the task module. */
export interface TaskRecorder {
  recordFinished(userId: string, work: FinishedWork): Promise<TaskRecord>;
}

/** What `DELETE /drive/v1/tasks` with `delete_files` needs of the drive. */
export interface TaskFileRemover {
  /** Puts those of the member's live items among `ids` in the trash; absent ids are skipped. */
  trashExisting(userId: string, ids: string[]): Promise<void>;
}

/** Called after a task's phase was changed by its member (pause, resume, delete). */
export type TaskChangeListener = (change: {
  userId: string;
  taskId: string;
  phase: TaskPhase | 'deleted';
}) => void;

export interface TaskServiceDeps {
  tasks: TaskRepository;
  files: TaskFileRemover;
  now: () => Date;
  /** Seconds a client should wait before polling again while some listed task still runs. */
  activePollSeconds?: number;
  /** The same when nothing listed is running. */
  idlePollSeconds?: number;
}

/** A listing request as the route reads it. */
export interface ListTasksInput {
  type: TaskType | undefined;
  filters: string | undefined;
  limit: number;
  pageToken: string | undefined;
}

/** Task types that may be paused and resumed (their work runs in the background). */
const pausableTypes: ReadonlySet<TaskType> = new Set(['offline']);

/** Task types whose `file_id` is a file the task made, which `delete_files` puts in the trash. */
const fileMakingTypes: ReadonlySet<TaskType> = new Set(['offline', 'upload', 'restore', 'copy']);

const activePhases: readonly TaskPhase[] = ['PHASE_TYPE_PENDING', 'PHASE_TYPE_RUNNING'];

function notFound(): AppError {
  return new AppError('not_found', { description: 'No such task' });
}

/** Parsed `filters` of a task listing: phases (`phase` eq/in) and ids (`id` in). */
export interface TaskFilters {
  phases: TaskPhase[] | undefined;
  ids: string[] | undefined;
}

function isPhase(value: string): value is TaskPhase {
  return (taskPhases as readonly string[]).includes(value);
}

/**
 * Reads the `filters` JSON of a task listing: `phase` with `eq` or `in`, `id` with `in` (and
 * `eq`). Unknown fields, operators and phases are `invalid_argument` (docs/api.md#conventions).
 */
export function parseTaskFilters(text: string | undefined): TaskFilters {
  const result: TaskFilters = { phases: undefined, ids: undefined };
  for (const term of readFilters(text, { phase: ['eq', 'in'], id: ['eq', 'in'] })) {
    const values = filterValues(term);
    if (term.field === 'phase') {
      const unknown = values.find((value) => !isPhase(value));
      if (unknown !== undefined) {
        throw filterError(`phase ${JSON.stringify(unknown.slice(0, 32))} is not a task phase`);
      }
      const phases = values.filter(isPhase);
      result.phases =
        result.phases === undefined
          ? phases
          : result.phases.filter((phase) => phases.includes(phase));
    } else {
      if (values.some((value) => value.length > 64)) {
        throw filterError('id values are at most 64 characters');
      }
      result.ids =
        result.ids === undefined ? values : result.ids.filter((id) => values.includes(id));
    }
  }
  return result;
}

const cursorSchema = z.object({ c: z.string().max(64), i: z.string().max(64) });

/** A page token of a task listing: the position `(created_at, id)` of a page's last task. */
export function encodeTaskPageToken(last: Pick<TaskRecord, 'createdAt' | 'id'>): string {
  return pageTokenOf({ c: last.createdAt, i: last.id });
}

/** Reads a task page token back; `invalid_argument` for anything a listing did not give. */
export function decodeTaskPageToken(token: string): [string, string] {
  const { c, i } = readPageToken(token, cursorSchema);
  return [c, i];
}

/** Records finished work as complete tasks (the drive's batch calls use it). */
export function createTaskRecorder(deps: Pick<TaskServiceDeps, 'tasks' | 'now'>): TaskRecorder {
  return {
    async recordFinished(userId, work) {
      const stamp = deps.now().toISOString();
      const task: TaskRecord = {
        id: newId(),
        userId,
        type: work.type,
        name: work.name,
        phase: 'PHASE_TYPE_COMPLETE',
        progress: 100,
        fileId: work.fileId,
        fileName: work.fileName,
        fileSize: work.fileSize,
        messageKey: '',
        params: work.params ?? {},
        statusSize: work.statusSize,
        createdAt: stamp,
        updatedAt: stamp,
      };
      await deps.tasks.insert(task);
      return task;
    },
  };
}

/**
 * A member's tasks (docs/api.md#tasks): listing, one task, delete (optionally with the files the tasks
 * made), pause and resume. Another member's task ids answer `not_found`, as absent ones do.
 */
export function createTaskService(deps: TaskServiceDeps) {
  const { tasks, now } = deps;
  const listeners: TaskChangeListener[] = [];
  const activePollSeconds = deps.activePollSeconds ?? 3;
  const idlePollSeconds = deps.idlePollSeconds ?? 60;

  function notify(change: Parameters<TaskChangeListener>[0]): void {
    for (const listener of listeners) {
      listener(change);
    }
  }

  async function owned(userId: string, id: string): Promise<TaskRecord> {
    const task = await tasks.findOwned(userId, id);
    if (!task) {
      throw notFound();
    }
    return task;
  }

  return {
    /** Hears pauses, resumes and deletions (a worker stops a task it runs). */
    onChange(listener: TaskChangeListener): void {
      listeners.push(listener);
    },

    /** A page of the member's tasks, newest first, and how long to wait before polling again. */
    async list(
      userId: string,
      input: ListTasksInput,
    ): Promise<{ tasks: TaskRecord[]; nextPageToken: string; expiresIn: number }> {
      const filters = parseTaskFilters(input.filters);
      const after = input.pageToken ? decodeTaskPageToken(input.pageToken) : undefined;
      const rows = await tasks.list({
        userId,
        type: input.type,
        phases: filters.phases,
        ids: filters.ids,
        after,
        limit: input.limit,
      });
      const page = rows.slice(0, input.limit);
      const last = page.at(-1);
      const running = page.some((task) => activePhases.includes(task.phase));
      return {
        tasks: page,
        nextPageToken: rows.length > input.limit && last ? encodeTaskPageToken(last) : '',
        expiresIn: running ? activePollSeconds : idlePollSeconds,
      };
    },

    /** One of the member's tasks. */
    async get(userId: string, id: string): Promise<TaskRecord> {
      return owned(userId, id);
    },

    /**
     * Deletes the member's tasks; with `deleteFiles`, the files they made go to the trash too.
     * Every id must be the member's (else `not_found` and nothing is deleted). A running task
     * is stopped by its worker when it hears of the deletion.
     */
    async remove(userId: string, ids: string[], deleteFiles: boolean): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await tasks.findManyOwned(userId, unique);
      if (found.length !== unique.length) {
        throw notFound();
      }
      if (deleteFiles) {
        const fileIds = found
          .filter((task) => fileMakingTypes.has(task.type) && task.fileId !== '')
          .map((task) => task.fileId);
        await deps.files.trashExisting(userId, fileIds);
      }
      await tasks.delete(userId, unique);
      for (const task of found) {
        notify({ userId, taskId: task.id, phase: 'deleted' });
      }
    },

    /**
     * Pauses (`PHASE_TYPE_PAUSED`, from pending or running) or resumes (`PHASE_TYPE_PENDING`,
     * from paused) a task whose type runs in the background; anything else is
     * `task_not_pausable`. Asking for the phase a task is already in changes nothing.
     */
    async setPhase(
      userId: string,
      id: string,
      phase: 'PHASE_TYPE_PAUSED' | 'PHASE_TYPE_PENDING',
    ): Promise<TaskRecord> {
      const task = await owned(userId, id);
      if (!pausableTypes.has(task.type)) {
        throw new AppError('task_not_pausable', {
          description: `Tasks of type ${task.type} cannot be paused or resumed`,
        });
      }
      if (task.phase === phase) {
        return task;
      }
      const from: TaskPhase[] =
        phase === 'PHASE_TYPE_PAUSED' ? [...activePhases] : ['PHASE_TYPE_PAUSED'];
      const changed = await tasks.updateInPhase(userId, id, from, {
        phase,
        updatedAt: now().toISOString(),
        messageKey: '',
      });
      if (!changed) {
        throw new AppError('task_not_pausable', {
          description:
            phase === 'PHASE_TYPE_PAUSED'
              ? 'Only a pending or running task can be paused'
              : 'Only a paused task can be resumed',
        });
      }
      notify({ userId, taskId: id, phase });
      return owned(userId, id);
    },
  };
}

export type TaskService = ReturnType<typeof createTaskService>;
