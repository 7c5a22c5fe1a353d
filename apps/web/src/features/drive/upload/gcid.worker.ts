import { computeGcid } from './gcid';

/*
 * Hashes files off the main thread. Each message `{id, file}` answers progress messages
 * `{id, hashed}` and then `{id, gcid}` or `{id, error}`; `{id, cancel: true}` stops a job.
 */

interface HashJob {
  id: string;
  file?: Blob;
  cancel?: boolean;
}

const jobs = new Map<string, AbortController>();
/** The worker's global scope, typed without the webworker lib (the app compiles with DOM's). */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<HashJob>) => void): void;
  postMessage(message: unknown): void;
};

scope.addEventListener('message', (event) => {
  const { id, file, cancel } = event.data;
  if (cancel) {
    jobs.get(id)?.abort();
    jobs.delete(id);
    return;
  }
  if (!file) {
    return;
  }
  const controller = new AbortController();
  jobs.set(id, controller);
  computeGcid(file, {
    signal: controller.signal,
    onProgress: (hashed) => scope.postMessage({ id, hashed }),
  }).then(
    (gcid) => {
      jobs.delete(id);
      scope.postMessage({ id, gcid });
    },
    (error: unknown) => {
      jobs.delete(id);
      scope.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    },
  );
});
