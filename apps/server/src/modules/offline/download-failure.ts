import type { TaskMessageKey } from '@nimbus/contracts';

/**
 * Why a download stopped, as the message key members read. Its own file so the fetchers (HTTP,
 * torrent) and the worker that runs them can all throw it without importing one another.
 */
export class DownloadFailure extends Error {
  constructor(readonly key: TaskMessageKey) {
    super(key);
    this.name = 'DownloadFailure';
  }
}
