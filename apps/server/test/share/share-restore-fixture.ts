import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import type { FileRecord } from '../../src/modules/drive/file.repository';
import { backgroundRestoreItems } from '../../src/modules/share/share.service';
import { buildTestApp, ok, testClock, type TestApp } from '../helper';
import { storeFile } from '../support/stored-file';
import { signedInMember } from '../identity';
import { signInAgain, type Headers, type SignedIn } from './shares-fixture';

export interface RestoreBody {
  share_status: string;
  restore_status: string;
  restore_task_id: string;
  file_id: string;
}

export interface TaskBody {
  id: string;
  type: string;
  phase: string;
  progress: number;
  file_id: string;
  message: string;
  status_size: string;
  params: Record<string, string>;
}

/** Files in the large tree: past the size a save makes within its call. */
export const bigFiles = backgroundRestoreItems + 200;
/** Bytes of each file of the large tree (three blobs, sizes 10, 11 and 12). */
export const contents = ['0123456789', 'abcdefghijk', 'ABCDEFGHIJKL'];
/** Items the restore worker makes per transaction here: the large tree takes five chunks. */
export const chunkItems = 300;

/** Large saves on a fresh app for every test: the restore worker makes 300 items per chunk, and `betweenChunks` runs between two chunks. */
export function useLargeSavesApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();
  /** Runs between two chunks of a save (a failure thrown here stands for a worker that died). */
  let betweenChunks: ((taskId: string) => Promise<void>) | undefined;

  beforeEach(async () => {
    clock = testClock();
    betweenChunks = undefined;
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '100000' },
      {
        now: clock.now,
        restores: {
          restoreChunkItems: chunkItems,
          betweenRestoreChunks: async (taskId) => betweenChunks?.(taskId),
        },
      },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function renew(...members: SignedIn[]) {
    return signInAgain(t, ...members);
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
  ) {
    return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  }

  function storedFile(userId: string, name: string, content: string, parentId = '') {
    return storeFile(t, userId, name, content, parentId);
  }

  /**
   * The owner's folder "Big" with two folders and `bigFiles` files spread over the three, the
   * files pointing at three stored blobs (rows written in bulk, references counted as the drive
   * counts them). Answers the folder, the blobs and the bytes of all files.
   */
  async function bigTree(userId: string) {
    const db = t.container.database.db;
    const big = await t.container.files.createFolder(userId, { name: 'Big', parentId: '' });
    const left = await t.container.files.createFolder(userId, { name: 'Left', parentId: big.id });
    const right = await t.container.files.createFolder(userId, {
      name: 'Right',
      parentId: left.id,
    });
    const blobs = await Promise.all(
      contents.map((content, index) => storedFile(userId, `seed${index}.txt`, content)),
    );
    const parents = [big.id, left.id, right.id];
    const stamp = clock.now().toISOString();
    const rows = Array.from({ length: bigFiles }, (_, index) => {
      const blob = blobs[index % blobs.length] as FileRecord;
      const name = `note ${String(index).padStart(5, '0')}.txt`;
      return {
        id: randomBytes(12).toString('base64url'),
        user_id: userId,
        parent_id: parents[index % parents.length] as string,
        kind: 'file' as const,
        name,
        name_key: name,
        size: blob.size,
        sha256: blob.sha256,
        gcid: blob.gcid,
        mime_type: 'text/plain',
        file_extension: 'txt',
        file_category: 'TEXT',
        phase: 'PHASE_TYPE_COMPLETE',
        starred: 0,
        trashed: 0,
        created_at: stamp,
        modified_at: stamp,
        params: '{}',
      };
    });
    for (let start = 0; start < rows.length; start += 200) {
      await db
        .insertInto('files')
        .values(rows.slice(start, start + 200))
        .execute();
    }
    for (const blob of blobs) {
      const count = rows.filter((row) => row.sha256 === blob.sha256).length;
      await db
        .updateTable('blobs')
        .set({ ref_count: sql<number>`ref_count + ${count}` })
        .where('sha256', '=', blob.sha256 ?? '')
        .execute();
    }
    const bytes = rows.reduce((sum, row) => sum + row.size, 0);
    return { big, left, right, blobs, bytes, items: bigFiles + 3 };
  }

  async function sharedBig(restoreLimit = -1) {
    const a = await signedInMember(t);
    const tree = await bigTree(a.user.id);
    const made = ok<{ share_id: string; pass_code: string }>(
      await call(a.headers, 'POST', '/drive/v1/share', {
        file_ids: [tree.big.id],
        restore_limit: restoreLimit,
      }),
    );
    const opened = ok<{ share_status: string; pass_code_token: string }>(
      await call(
        {},
        'GET',
        `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code }).toString()}`,
      ),
    );
    expect(opened.share_status).toBe('OK');
    return { a, tree, shareId: made.share_id, token: opened.pass_code_token };
  }

  async function restoreCount(owner: Headers): Promise<string | undefined> {
    return ok<{ data: { restore_count: string }[] }>(
      await call(owner, 'GET', '/drive/v1/share/list'),
    ).data[0]?.restore_count;
  }

  async function refCounts(blobs: FileRecord[]): Promise<number[]> {
    return Promise.all(
      blobs.map(
        async (blob) => (await t.container.blobRecords.find(blob.sha256 ?? ''))?.refCount ?? -1,
      ),
    );
  }

  /** Every item of the member that a save from a share made. */
  async function savedRows(userId: string) {
    const rows = await t.container.database.db
      .selectFrom('files')
      .select(['id', 'params'])
      .where('user_id', '=', userId)
      .execute();
    return rows.filter((row) => row.params.includes('original_share_id'));
  }
  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    get betweenChunks() {
      return betweenChunks;
    },
    set betweenChunks(value: typeof betweenChunks) {
      betweenChunks = value;
    },
    renew,
    call,
    storedFile,
    bigTree,
    sharedBig,
    restoreCount,
    refCounts,
    savedRows,
  };
}
