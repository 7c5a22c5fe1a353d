import { describe, expect, it } from 'vitest';
import type { RestoreTask } from './restore-task';
import { followRestoreTask, isFinalPhase, pollDelayMs, savedIdsOf } from './restore-task';

function task(phase: RestoreTask['phase'], progress: number): RestoreTask {
  return { id: 't1', phase, progress, file_id: 'f1', message: '' };
}

describe('following a restore task', () => {
  it('reports every progress and ends at COMPLETE, a failed poll tried again', async () => {
    const answers: (RestoreTask | Error)[] = [
      task('PHASE_TYPE_PENDING', 0),
      new Error('unreachable'),
      task('PHASE_TYPE_RUNNING', 40),
      task('PHASE_TYPE_COMPLETE', 100),
    ];
    const seen: number[] = [];
    const waits: number[] = [];
    const outcome = await followRestoreTask('t1', {
      getTask: async (id) => {
        expect(id).toBe('t1');
        const next = answers.shift();
        if (!next || next instanceof Error) {
          throw next ?? new Error('no more');
        }
        return next;
      },
      onProgress: (current) => seen.push(current.progress),
      sleep: async (ms) => {
        waits.push(ms);
      },
      signal: new AbortController().signal,
    });
    expect(outcome.kind).toBe('complete');
    expect(seen).toEqual([0, 40, 100]);
    expect(waits).toEqual([300, 600, 1200]);
  });

  it('ends at ERROR with the task, and stops when the page stops following', async () => {
    const failed = await followRestoreTask('t1', {
      getTask: async () => ({ ...task('PHASE_TYPE_ERROR', 10), message: 'quota' }),
      onProgress: () => undefined,
      sleep: async () => undefined,
      signal: new AbortController().signal,
    });
    expect(failed).toEqual({
      kind: 'error',
      task: { ...task('PHASE_TYPE_ERROR', 10), message: 'quota' },
    });
    const controller = new AbortController();
    const stopped = await followRestoreTask('t1', {
      getTask: async () => task('PHASE_TYPE_RUNNING', 5),
      onProgress: () => controller.abort(),
      sleep: async (_ms, signal) => {
        if (signal.aborted) {
          throw new Error('aborted');
        }
      },
      signal: controller.signal,
    });
    expect(stopped).toEqual({ kind: 'aborted' });
  });

  it('gives up on a task that is not found', async () => {
    await expect(
      followRestoreTask('t1', {
        getTask: async () => {
          throw Object.assign(new Error('not_found'), { status: 404 });
        },
        onProgress: () => undefined,
        sleep: async () => undefined,
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('not_found');
  });

  it('knows the final phases and caps the poll delay', () => {
    expect(isFinalPhase('PHASE_TYPE_COMPLETE')).toBe(true);
    expect(isFinalPhase('PHASE_TYPE_ERROR')).toBe(true);
    expect(isFinalPhase('PHASE_TYPE_RUNNING')).toBe(false);
    expect(pollDelayMs(10)).toBe(2000);
  });
});

describe('the items a save gave the drive', () => {
  const task = (trace: string): RestoreTask => ({
    id: 't',
    phase: 'PHASE_TYPE_COMPLETE',
    progress: 100,
    file_id: '',
    message: '',
    params: { share_id: 's', trace_file_ids: trace },
  });

  it('maps the saved originals to their copies in order, once each, within the limit', () => {
    const saved = task(JSON.stringify({ a: 'A', b: 'B', nested: 'N', c: 'C' }));
    expect(savedIdsOf(saved, ['b', 'a', 'b'], 100)).toEqual(['B', 'A']);
    expect(savedIdsOf(saved, ['a', 'b', 'c'], 2)).toEqual(['A', 'B']);
    // An original the save did not copy (a later page of the share, a nested pick) is left out.
    expect(savedIdsOf(saved, ['zz', 'c'], 100)).toEqual(['C']);
  });

  it('reads a missing, broken or foreign trace as nothing saved', () => {
    expect(savedIdsOf({ ...task('{}'), params: {} }, ['a'], 100)).toEqual([]);
    expect(savedIdsOf(task('{not json'), ['a'], 100)).toEqual([]);
    expect(savedIdsOf(task('["A"]'), ['0'], 100)).toEqual([]);
    expect(savedIdsOf(task('{"a": 7, "b": ""}'), ['a', 'b', 'toString'], 100)).toEqual([]);
  });
});
