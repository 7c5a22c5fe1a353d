import { readApiAnswer } from '@nimbus/client';
import type * as Tus from 'tus-js-client';
import type { TransferJob, TransferTarget, UploadTransport } from './upload-types';
import { TransferGoneError } from './upload-types';

/** Bytes of one tus PATCH: an interruption costs at most this much again. */
const tusChunkSize = 8 * 1024 * 1024;
/** Waits between tus attempts after network failures, in milliseconds. */
const tusRetryDelays = [0, 1000, 3000, 5000, 10000];

function abortError(): DOMException {
  return new DOMException('The upload was stopped', 'AbortError');
}

/** tus-js-client, loaded with the first resumable upload: a drive page that uploads nothing needs none. */
const loadTus = () => import('tus-js-client');

function statusOf(error: unknown, DetailedError: typeof Tus.DetailedError): number | undefined {
  if (error instanceof DetailedError) {
    return error.originalResponse?.getStatus();
  }
  return undefined;
}

/**
 * Sends the bytes to the tus resource the server created for the file (`uploadUrl`): tus-js-client
 * asks the server for its offset with `HEAD` and sends only the rest, in chunks, retrying after
 * network failures. The queue keeps the URL in IndexedDB, so this works after a reload too; the
 * client's own fingerprint storage is not needed for a URL the server hands out.
 */
async function sendTus(job: TransferJob, url: string): Promise<void> {
  const { DetailedError, Upload } = await loadTus();
  return new Promise((resolve, reject) => {
    if (job.signal.aborted) {
      reject(abortError());
      return;
    }
    const upload = new Upload(job.file, {
      uploadUrl: url,
      chunkSize: tusChunkSize,
      retryDelays: tusRetryDelays,
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      onBeforeRequest(request) {
        // The tus resource may sit on the drive API's own origin: send the session cookie along.
        const xhr = request.getUnderlyingObject() as XMLHttpRequest;
        xhr.withCredentials = true;
      },
      onProgress(sent) {
        job.onProgress(sent);
      },
      onSuccess() {
        job.signal.removeEventListener('abort', stop);
        resolve();
      },
      onError(error) {
        job.signal.removeEventListener('abort', stop);
        const status = statusOf(error, DetailedError);
        if (status === 404 || status === 410) {
          reject(new TransferGoneError(error.message));
          return;
        }
        reject(error);
      },
    });
    const stop = () => {
      void upload.abort(false);
      reject(abortError());
    };
    job.signal.addEventListener('abort', stop, { once: true });
    upload.start();
  });
}

/** Sends a small file in one multipart POST (the `form` answer of docs/api.md#files), with progress. */
function sendForm(job: TransferJob, url: string, fields: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    if (job.signal.aborted) {
      reject(abortError());
      return;
    }
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) {
      body.append(name, value);
    }
    body.append('file', job.file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      job.onProgress(Math.min(event.loaded, job.file.size));
    };
    const stop = () => {
      xhr.abort();
      reject(abortError());
    };
    xhr.onload = () => {
      job.signal.removeEventListener('abort', stop);
      const answer = readApiAnswer(xhr.status, xhr.responseText);
      if (answer instanceof Error) {
        reject(xhr.status === 404 || xhr.status === 410 ? new TransferGoneError() : answer);
        return;
      }
      job.onProgress(job.file.size);
      resolve();
    };
    xhr.onerror = () => {
      job.signal.removeEventListener('abort', stop);
      reject(new TypeError('network error'));
    };
    job.signal.addEventListener('abort', stop, { once: true });
    xhr.send(body);
  });
}

/** The browser's transport: tus-js-client for resumable targets, XHR for form targets. */
export const browserTransport: UploadTransport = {
  send(job) {
    switch (job.target.kind) {
      case 'tus':
        return sendTus(job, job.target.url);
      case 'form':
        return sendForm(job, job.target.url, job.target.fields);
    }
  },
  async terminate(target: TransferTarget) {
    if (target.kind === 'tus') {
      const { Upload } = await loadTus();
      await Upload.terminate(target.url, {
        onBeforeRequest(request) {
          (request.getUnderlyingObject() as XMLHttpRequest).withCredentials = true;
        },
      });
    }
  },
};
