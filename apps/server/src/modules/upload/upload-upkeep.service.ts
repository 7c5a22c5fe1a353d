import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { UploadServiceDeps, UploadSteps } from './upload-steps';

/**
 * This node's `NODE_ID`: the configured one, else a name kept in `DATA_DIR/node-id` (made once),
 * so a restart keeps it and nodes sharing one `DATA_DIR` share it, as they share its partial data.
 */
export function uploadNodeId(dir: string, configured: string | undefined): string {
  if (configured !== undefined) {
    return configured;
  }
  const file = path.join(dir, 'node-id');
  mkdirSync(dir, { recursive: true });
  try {
    writeFileSync(file, randomUUID(), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  return readFileSync(file, 'utf8').trim();
}

/** What keeps the uploads' folder and rows tidy: crash recovery at start-up and the expiry sweep. */
export function createUploadUpkeepService(deps: UploadServiceDeps, steps: UploadSteps) {
  const { uploads, now } = deps;
  const { ready, exclusive, discard, holds, finishCommitting } = steps;
  const { store } = deps;

  /**
   * Removes this node's partial data whose upload is gone (terminated, or expired by the sweep
   * of another node); run at start-up and now and then on every node. Answers how many went.
   */
  async function removeOrphanParts(): Promise<number> {
    await ready;
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
    return removed;
  }

  return {
    /**
     * At start-up: finishes the commits a crash cut short (their digest is recorded) that this
     * node can finish (it holds their bytes, or the store has them already: those of another node
     * wait for it), and removes partial data that no upload owns.
     */
    async recover(): Promise<{ committed: number; removed: number }> {
      await ready;
      let committed = 0;
      for (const upload of await uploads.listCommitting()) {
        if (!holds(upload) && (upload.sha256 === null || !(await store.exists(upload.sha256)))) {
          continue;
        }
        try {
          await exclusive(upload.id, () => finishCommitting(upload));
          committed += 1;
        } catch (error) {
          deps.logger.error(
            { err: error, upload: upload.id },
            'an interrupted upload commit failed',
          );
        }
      }
      return { committed, removed: await removeOrphanParts() };
    },

    removeOrphanParts,

    /**
     * Deletes uploads past their deadline: the PENDING file and the partial data of unfinished
     * ones (that of another node goes with its next `removeOrphanParts`), the row of finished
     * ones; and PENDING files no upload serves. Answers how many went.
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
