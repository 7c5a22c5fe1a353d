import type { Task } from '@nimbus/contracts';

/*
 * Following a save that runs in the background: `POST /drive/v1/share/restore` answers
 * `RESTORE_START` with a task id for a large share, and the page polls `GET /drive/v1/tasks/{id}`
 * for its progress and phase until the task completes or fails.
 */

/** The fields of a task (docs/api.md#tasks) the share page reads. */
export type RestoreTask = Pick<Task, 'id' | 'phase' | 'progress' | 'file_id' | 'message'> &
  Partial<Pick<Task, 'params'>>;

/**
 * The drive ids a finished save gave the `originals` it saved (from the task's
 * `trace_file_ids`, which maps every shared id to its copy), in their order, each once, at most
 * `limit`; originals the save did not copy (nested picks, a share's later pages) are left out.
 */
export function savedIdsOf(
  task: RestoreTask,
  originals: readonly string[],
  limit: number,
): string[] {
  let trace: unknown;
  try {
    trace = JSON.parse(task.params?.trace_file_ids ?? '{}');
  } catch {
    return [];
  }
  if (typeof trace !== 'object' || trace === null || Array.isArray(trace)) {
    return [];
  }
  const copies = trace as Record<string, unknown>;
  const saved = originals.flatMap((id) => {
    const copy = Object.hasOwn(copies, id) ? copies[id] : undefined;
    return typeof copy === 'string' && copy !== '' ? [copy] : [];
  });
  return [...new Set(saved)].slice(0, limit);
}

/** How a followed save ended. */
export type RestoreOutcome =
  | { kind: 'complete'; task: RestoreTask }
  | { kind: 'error'; task: RestoreTask }
  | { kind: 'aborted' };

/** The phases after which a task changes no more. */
export function isFinalPhase(phase: string): boolean {
  return phase === 'PHASE_TYPE_COMPLETE' || phase === 'PHASE_TYPE_ERROR';
}

/** The wait before the next poll: quick at first, then every 2 seconds. */
export function pollDelayMs(attempt: number): number {
  return Math.min(2000, 300 * 2 ** attempt);
}

export interface FollowOptions {
  /** `GET /drive/v1/tasks/{id}`. */
  getTask: (id: string, signal: AbortSignal) => Promise<RestoreTask>;
  /** Told every progress seen, in order. */
  onProgress: (task: RestoreTask) => void;
  /** Waits; the browser's timer, a fake in tests. */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
  signal: AbortSignal;
}

/**
 * Polls a restore task until it is complete or failed (or the page stops following it); a poll
 * that fails (the network) is tried again at the next tick rather than ending the save.
 */
export async function followRestoreTask(
  taskId: string,
  { getTask, onProgress, sleep, signal }: FollowOptions,
): Promise<RestoreOutcome> {
  for (let attempt = 0; ; attempt += 1) {
    if (signal.aborted) {
      return { kind: 'aborted' };
    }
    let task: RestoreTask | undefined;
    try {
      task = await getTask(taskId, signal);
    } catch (cause) {
      if (signal.aborted) {
        return { kind: 'aborted' };
      }
      if (isGone(cause)) {
        throw cause;
      }
    }
    if (task) {
      onProgress(task);
      if (task.phase === 'PHASE_TYPE_COMPLETE') {
        return { kind: 'complete', task };
      }
      if (task.phase === 'PHASE_TYPE_ERROR') {
        return { kind: 'error', task };
      }
    }
    try {
      await sleep(pollDelayMs(attempt), signal);
    } catch {
      return { kind: 'aborted' };
    }
  }
}

/** Whether a failed poll means the task will never be found (deleted, another member's). */
function isGone(cause: unknown): boolean {
  if (typeof cause !== 'object' || cause === null) {
    return false;
  }
  const status = (cause as { status?: unknown }).status;
  return status === 404 || status === 401 || status === 403;
}

/** A sleep that ends early (rejecting) when the signal aborts. */
export function browserSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    function stop() {
      clearTimeout(timer);
      reject(new Error('aborted'));
    }
    signal.addEventListener('abort', stop, { once: true });
  });
}
