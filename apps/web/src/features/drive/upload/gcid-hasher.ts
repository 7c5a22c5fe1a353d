import { computeGcid } from './gcid';
import type { UploadHasher } from './upload-types';

interface WorkerAnswer {
  id: string;
  hashed?: number;
  gcid?: string;
  error?: string;
}

/**
 * Hashes files in a Web Worker (`gcid.worker.ts`), one worker for the page; on the main thread
 * when the browser has no workers.
 */
export function workerHasher(): UploadHasher {
  let worker: Worker | undefined;
  const jobs = new Map<string, (answer: WorkerAnswer) => void>();
  const workerOf = () => {
    if (!worker) {
      worker = new Worker(new URL('./gcid.worker.ts', import.meta.url));
      worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
        jobs.get(event.data.id)?.(event.data);
      });
    }
    return worker;
  };
  return {
    hash(file, onProgress, signal) {
      if (typeof Worker === 'undefined') {
        return computeGcid(file, { onProgress, signal });
      }
      return new Promise((resolve, reject) => {
        const id = crypto.randomUUID();
        const target = workerOf();
        const stop = () => {
          jobs.delete(id);
          target.postMessage({ id, cancel: true });
          reject(new DOMException('The upload was stopped', 'AbortError'));
        };
        if (signal.aborted) {
          stop();
          return;
        }
        signal.addEventListener('abort', stop, { once: true });
        jobs.set(id, (answer) => {
          if (answer.hashed !== undefined) {
            onProgress(answer.hashed);
            return;
          }
          jobs.delete(id);
          signal.removeEventListener('abort', stop);
          if (answer.gcid !== undefined) {
            resolve(answer.gcid);
          } else {
            reject(new Error(answer.error ?? 'hashing failed'));
          }
        });
        target.postMessage({ id, file });
      });
    },
  };
}
