import { browserClient } from '@/lib/api/browser-client';
import { readCredentials } from '@/lib/session/credentials';
import { workerHasher } from './gcid-hasher';
import { createUploadApi } from './upload-api';
import { claimWithWebLock } from './upload-lock';
import { UploadQueue } from './upload-queue';
import { indexedDbUploadStore } from './upload-store';
import { browserTransport } from './upload-transport';

/**
 * The browser's upload queue, kept out of the drive page's first load: `UploadProvider` imports
 * this module once the page is idle, or at the first upload if that comes sooner.
 */
export function createBrowserUploadQueue(owner: string | undefined): UploadQueue {
  return new UploadQueue({
    api: createUploadApi(browserClient),
    transport: browserTransport,
    hasher: workerHasher(),
    store: indexedDbUploadStore(() => owner ?? readCredentials()?.user_id ?? ''),
    claim: claimWithWebLock,
  });
}
