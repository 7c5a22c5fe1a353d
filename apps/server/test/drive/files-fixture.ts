import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, errorOf, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

/** The File of docs/api.md#files as the tests read it. */
export interface FileBody {
  kind: 'drive#file' | 'drive#folder';
  id: string;
  parent_id: string;
  name: string;
  size: string;
  hash: string;
  file_extension: string;
  file_category: string;
  phase: string;
  starred: boolean;
  tags: { name: string }[];
  trashed: boolean;
  delete_time: string;
  modified_time: string;
}

export interface FileListBody {
  kind: 'drive#fileList';
  files: FileBody[];
  next_page_token: string;
}

export type Headers = Record<string, string>;

export function expectError(response: LightMyRequestResponse, status: number, reason: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorOf(response).error).toBe(reason);
}

/**
 * The files API on a fresh app for every test (free plan of 100,000 bytes, a clock the test
 * moves), and the calls the files tests make through it. `shared`: one app for all the tests of
 * the enclosing `describe`, for tests that are only refused (each with a member of its own).
 */
export function useFilesApp(dialect: Dialect, { shared = false } = {}) {
  const f = {
    t: undefined as unknown as TestApp,
    clock: testClock(),
    member: () => signedInMember(f.t),
    call: (
      headers: Headers,
      method: 'GET' | 'POST' | 'PATCH',
      url: string,
      payload?: Record<string, unknown>,
    ) => f.t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) }),
    folder: async (headers: Headers, name: string, parentId = ''): Promise<FileBody> =>
      ok<{ file: FileBody }>(
        await f.call(headers, 'POST', '/drive/v1/files', {
          kind: 'drive#folder',
          name,
          parent_id: parentId,
        }),
      ).file,
    get: async (headers: Headers, id: string): Promise<FileBody> =>
      ok<FileBody>(await f.call(headers, 'GET', `/drive/v1/files/${id}`)),
    list: async (headers: Headers, query: Record<string, string>): Promise<FileListBody> =>
      ok<FileListBody>(
        await f.call(headers, 'GET', `/drive/v1/files?${new URLSearchParams(query).toString()}`),
      ),
    /** A stored blob, and a file row pointing at it (the caller's reference taken for the row). */
    storedFile: (userId: string, name: string, content: string, parentId = '') =>
      storeFile(f.t, userId, name, content, parentId),
    refCount: async (sha256: string | null): Promise<number | undefined> =>
      (await f.t.container.blobRecords.find(sha256 ?? ''))?.refCount,
  };

  async function build() {
    f.clock = testClock();
    f.t = await buildTestApp(dialect, { PLAN_FREE_STORAGE_BYTES: '100000' }, { now: f.clock.now });
  }
  async function close() {
    await f.t.close();
  }
  if (shared) {
    beforeAll(build);
    afterAll(close);
  } else {
    beforeEach(build);
    afterEach(close);
  }

  return f;
}
