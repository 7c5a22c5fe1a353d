import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadServiceDeps, UploadSteps } from './upload-steps';

/** What keeps the uploads' folder and rows tidy: crash recovery at start-up and the expiry sweep. */
export function createUploadUpkeepService(deps: UploadServiceDeps, steps: UploadSteps) {
  const { uploads, now } = deps;
  const { ready, exclusive, discard, commitStored } = steps;

  return {
    /**
     * At start-up: finishes the commits a crash cut short (their digest is recorded) and removes
     * partial data that no upload owns.
     */
    async recover(): Promise<{ committed: number; removed: number }> {
      await ready;
      let committed = 0;
      for (const upload of await uploads.listCommitting()) {
        if (upload.sha256 === null || upload.gcid === null) {
          await discard(upload);
          continue;
        }
        try {
          await commitStored(upload, {
            sha256: upload.sha256,
            gcid: upload.gcid,
            size: upload.size,
          });
          committed += 1;
        } catch (error) {
          deps.logger.error(
            { err: error, upload: upload.id },
            'an interrupted upload commit failed',
          );
        }
      }
      let removed = 0;
      const names = (await fs.readdir(deps.dir)).filter((name) => !name.startsWith('.'));
      for (let index = 0; index < names.length; index += 500) {
        const batch = names.slice(index, index + 500);
        const known = await uploads.existingIds(batch);
        for (const name of batch) {
          if (!known.has(name)) {
            await fs.rm(path.join(deps.dir, name), { force: true });
            removed += 1;
          }
        }
      }
      return { committed, removed };
    },

    /**
     * Deletes uploads past their deadline: the partial data and PENDING file of unfinished ones,
     * the row of finished ones; and PENDING files no upload serves. Answers how many went.
     */
    async sweepExpired(limit = 500): Promise<number> {
      const stamp = now().toISOString();
      let swept = 0;
      for (const upload of await uploads.listExpired(stamp, limit)) {
        await exclusive(upload.id, async () => {
          const still = await uploads.find(upload.id);
          if (!still || still.state === 'committing' || still.expiresAt >= stamp) {
            return;
          }
          if (still.state === 'receiving') {
            await discard(still);
          } else {
            await uploads.delete(still.id);
          }
          swept += 1;
        });
      }
      const cutoff = new Date(now().getTime() - deps.expiryMs).toISOString();
      swept += await uploads.deleteAbandonedPendingFiles(cutoff, limit);
      return swept;
    },
  };
}
