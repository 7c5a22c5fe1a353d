import fs from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, ok, testClock, type TestApp } from '../helper';
import { signIn, signedInMember } from '../identity';
import { storeFile } from '../support/stored-file';

export type Headers = Record<string, string>;

export interface SharedFileBody {
  id: string;
  parent_id: string;
  name: string;
  kind: string;
  starred: boolean;
  params: Record<string, string>;
  audit: { status: string };
}

export interface OpenBody {
  share_status: string;
  share_status_text: string;
  pass_code_token: string;
  title: string;
  file_num: string;
  expiration_left: string;
  restore_count_left: string;
  user_info: { user_id: string; nickname: string; avatar: string };
  files: SharedFileBody[];
  next_page_token: string;
}

export interface SummaryBody {
  share_id: string;
  share_status: string;
  pass_code: string;
  restore_count: string;
  restore_limit: string;
  view_count: string;
  expiration_days: string;
  file_num: string;
  file_size: string;
}

export const summaryKeys = [
  'create_time',
  'expiration_at',
  'expiration_days',
  'expiration_left',
  'file_id',
  'file_kind',
  'file_num',
  'file_size',
  'moderation_reason',
  'moderation_reason_text',
  'pass_code',
  'restore_count',
  'restore_limit',
  'share_id',
  'share_status',
  'share_url',
  'thumbnail_link',
  'title',
  'view_count',
];

export const unreadable = [
  'PASS_CODE_EMPTY',
  'EXPIRED',
  'DELETED',
  'MAX_RESTORE_COUNT',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
  'NOT_FOUND',
];

export async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (entry.isFile()) {
      total += (await fs.stat(path.join(entry.parentPath, entry.name))).size;
    }
  }
  return total;
}

/** A signed-in member whose bearer header can be renewed. */
export interface SignedIn {
  user: { email: string; password: string };
  headers: Headers;
}

/** Signs members in again after the clock moved past their access tokens. */
export async function signInAgain(t: TestApp, ...members: SignedIn[]) {
  for (const one of members) {
    one.headers.authorization = `Bearer ${(await signIn(t, one.user.email, one.user.password)).access_token}`;
  }
}

/** Shares on a fresh app for every test (free plan of 100,000 bytes, a clock the test moves), and the calls the share tests make through it. */
export function useSharesApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '100000', SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '50' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function member(overrides: { name?: string; locale?: string } = {}) {
    return signedInMember(t, overrides);
  }

  function renew(...members: SignedIn[]) {
    return signInAgain(t, ...members);
  }

  function call(
    headers: Headers,
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: Record<string, unknown>,
    remoteAddress?: string,
  ) {
    return t.app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  }

  function storedFile(userId: string, name: string, content: string, parentId = '') {
    return storeFile(t, userId, name, content, parentId);
  }

  /** Owner A's drive: Trip/{b.txt, Day1/{a.jpg}}, top.txt, and Private/secret.txt (never shared). */
  async function ownerDrive(userId: string) {
    const trip = await t.container.files.createFolder(userId, { name: 'Trip', parentId: '' });
    const day1 = await t.container.files.createFolder(userId, { name: 'Day1', parentId: trip.id });
    const a = await storedFile(userId, 'a.jpg', 'photo bytes of day one');
    await t.container.files.move(userId, [a.id], day1.id);
    const b = await storedFile(userId, 'b.txt', 'notes of the trip', trip.id);
    const top = await storedFile(userId, 'top.txt', 'a file at the root');
    const priv = await t.container.files.createFolder(userId, { name: 'Private', parentId: '' });
    const secret = await storedFile(userId, 'secret.txt', 'not for anyone', priv.id);
    return { trip, day1, a: { ...a, parentId: day1.id }, b, top, priv, secret };
  }

  async function share(headers: Headers, body: Record<string, unknown>) {
    return ok<{ share_id: string; share_url: string; pass_code: string; share_text: string }>(
      await call(headers, 'POST', '/drive/v1/share', body),
    );
  }

  async function open(
    shareId: string,
    query: Record<string, string> = {},
    headers: Headers = {},
    remoteAddress?: string,
  ) {
    return call(
      headers,
      'GET',
      `/drive/v1/share?${new URLSearchParams({ share_id: shareId, ...query }).toString()}`,
      undefined,
      remoteAddress,
    );
  }

  async function tokenFor(shareId: string, passCode: string) {
    const body = ok<OpenBody>(await open(shareId, { pass_code: passCode }));
    expect(body.share_status).toBe('OK');
    return body.pass_code_token;
  }

  async function summaries(headers: Headers, query: Record<string, string> = {}) {
    return ok<{ data: SummaryBody[]; next_page_token: string }>(
      await call(headers, 'GET', `/drive/v1/share/list?${new URLSearchParams(query).toString()}`),
    );
  }

  /**
   * Every visitor call of a share with a token (and, for item calls, an id): the statuses seen,
   * open first and the save (of the one item) last.
   */
  async function visitorStatuses(
    shareId: string,
    token: string,
    fileId: string,
    folderId: string,
    saver: Headers,
  ) {
    const detail = ok<{ share_status: string; files: unknown[] }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/detail?${new URLSearchParams({ share_id: shareId, pass_code_token: token, parent_id: folderId }).toString()}`,
      ),
    );
    const info = ok<{ share_status: string; file_info: unknown }>(
      await call(
        {},
        'GET',
        `/drive/v1/share/file_info?${new URLSearchParams({ share_id: shareId, pass_code_token: token, file_id: fileId }).toString()}`,
      ),
    );
    const batch = ok<{ share_status: string; files: unknown[] }>(
      await call({}, 'POST', '/drive/v1/share:batch_file_info', {
        share_id: shareId,
        pass_code_token: token,
        file_ids: [fileId],
      }),
    );
    const opened = ok<OpenBody>(await open(shareId, { pass_code_token: token }));
    const restore = ok<{ share_status: string; restore_status: string; file_id: string }>(
      await call(saver, 'POST', '/drive/v1/share/restore', {
        share_id: shareId,
        pass_code_token: token,
        file_ids: [fileId],
      }),
    );
    if (detail.share_status !== 'OK') {
      expect(detail.files).toEqual([]);
      expect(info.file_info).toBeNull();
      expect(batch.files).toEqual([]);
      expect(restore.restore_status).toBe('RESTORE_UNKNOWN');
      expect(opened.files).toEqual([]);
      expect(opened.title).toBe('');
    }
    return [
      opened.share_status,
      detail.share_status,
      info.share_status,
      batch.share_status,
      restore.share_status,
    ];
  }
  return {
    get t() {
      return t;
    },
    set t(value: TestApp) {
      t = value;
    },
    get clock() {
      return clock;
    },
    member,
    renew,
    call,
    storedFile,
    ownerDrive,
    share,
    open,
    tokenFor,
    summaries,
    visitorStatuses,
  };
}
