/**
 * Takes an upload for this page with a Web Lock named after it: held until released, so another
 * tab of the drive (which restores the same stored entries) leaves it alone meanwhile. Resolves
 * undefined when another tab holds it; without Web Locks every page takes every entry.
 */
export function claimWithWebLock(id: string): Promise<(() => void) | undefined> {
  if (typeof navigator === 'undefined' || !('locks' in navigator)) {
    return Promise.resolve(() => undefined);
  }
  return new Promise((resolve, reject) => {
    navigator.locks
      .request(`nimbus-upload:${id}`, { ifAvailable: true }, (lock) => {
        if (!lock) {
          resolve(undefined);
          return undefined;
        }
        return new Promise<void>((release) => {
          resolve(() => release());
        });
      })
      .catch(reject);
  });
}
