import { createHash } from 'node:crypto';
import { Upload } from 'tus-js-client';
import { afterEach, beforeEach } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { ContentHasher } from '../../src/modules/storage/content-hash';
import { buildTestApp, ok, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export interface FileBody {
  id: string;
  parent_id: string;
  name: string;
  size: string;
  hash: string;
  phase: string;
}

export interface UploadAnswer {
  upload_type: string;
  file: FileBody;
  task: null;
  resumable?: { kind: string; provider: string; params: { url: string; expiration: string } };
  form?: { kind: string; method: string; url: string; multi_parts: Record<string, string> };
  proof?: { kind: string; ranges: { offset: string; length: string }[] };
}

export type Headers = Record<string, string>;

/**
 * Starts a resumable upload of `size` bytes into the root folder of the member of `headers`, as
 * a tus client does; answers the create's answer, the upload's path and its id.
 */
export async function startUpload(
  t: TestApp,
  headers: Headers,
  size: number,
  name = 'moved.bin',
): Promise<{ answer: UploadAnswer; url: string; id: string }> {
  const answer = ok<UploadAnswer>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers,
      payload: {
        kind: 'drive#file',
        parent_id: '',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
        name,
        size: String(size),
      },
    }),
  );
  const url = new URL(answer.resumable?.params.url ?? '').pathname;
  return { answer, url, id: url.split('/').at(-1) ?? '' };
}

export function gcidOf(bytes: Buffer): string {
  const hasher = new ContentHasher(bytes.length);
  hasher.update(bytes);
  return hasher.digest().gcid;
}

export function sha256Of(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The structure of a JSON value: keys and value types, not the values themselves. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.length === 0 ? [] : [shapeOf(value[0])];
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, inner]) => [key, shapeOf(inner)]),
    );
  }
  return typeof value;
}

/** Uploads on a fresh app for every test, listening on a port of its own for tus-js-client and fetch (a plan of 8 MiB, uploads expiring after two hours, a clock the test moves), and the calls the tests make through it. */
export function useUploadsApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();
  let origin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: String(8 * 1024 * 1024), UPLOAD_EXPIRY_HOURS: '2' },
      { now: clock.now },
    );
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(async () => {
    await t.close();
  });

  const member = () => signedInMember(t);

  function start(headers: Headers, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers,
      payload: { kind: 'drive#file', parent_id: '', upload_type: 'UPLOAD_TYPE_RESUMABLE', ...body },
    });
  }

  async function started(headers: Headers, body: Record<string, unknown>): Promise<UploadAnswer> {
    return ok<UploadAnswer>(await start(headers, body));
  }

  /** The tus resource's path (the answer's URL is on the origin the request came in at). */
  function pathOf(url: string): string {
    return new URL(url).pathname;
  }

  /** The answer's URL, pointed at the listening test server. */
  function liveUrl(url: string): string {
    return `${origin}${pathOf(url)}`;
  }

  function tusUpload(
    headers: Headers,
    url: string,
    bytes: Buffer,
    chunkSize = 1024 * 1024,
  ): Promise<Upload> {
    return new Promise((resolve, reject) => {
      const upload = new Upload(bytes, {
        uploadUrl: liveUrl(url),
        headers,
        chunkSize,
        retryDelays: null,
        onSuccess: () => resolve(upload),
        onError: reject,
      });
      upload.start();
    });
  }

  async function getFile(headers: Headers, id: string) {
    return t.app.inject({ method: 'GET', url: `/drive/v1/files/${id}`, headers });
  }

  function tus(
    headers: Headers,
    method: 'HEAD' | 'PATCH' | 'DELETE',
    url: string,
    extra: Headers = {},
    payload?: Buffer,
  ) {
    return t.app.inject({
      method,
      url: pathOf(url),
      headers: { ...headers, 'tus-resumable': '1.0.0', ...extra },
      ...(payload === undefined ? {} : { payload }),
    });
  }

  function patch(
    headers: Headers,
    url: string,
    offset: number,
    payload: Buffer,
    extra: Headers = {},
  ) {
    return tus(
      headers,
      'PATCH',
      url,
      {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...extra,
      },
      payload,
    );
  }

  async function formUpload(headers: Headers, url: string, bytes: Buffer, field = 'file') {
    const form = new FormData();
    form.append(field, new Blob([bytes]), 'upload.bin');
    return fetch(liveUrl(url), { method: 'POST', headers, body: form });
  }

  async function memberOf(fileId: string): Promise<string> {
    const row = await t.container.database.db
      .selectFrom('files')
      .select('user_id')
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    return row.user_id;
  }
  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    get origin() {
      return origin;
    },
    member,
    start,
    started,
    pathOf,
    liveUrl,
    tusUpload,
    getFile,
    tus,
    patch,
    formUpload,
    memberOf,
  };
}
