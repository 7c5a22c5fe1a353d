import { errorBodySchema, errorCodeOf, httpStatusOf, isErrorReason } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { ok, type TestApp, type TestRoute } from '../helper';
import { storeFile } from '../support/stored-file';
import type { TestUser } from '../helper';
import {
  firstMatch,
  hostileHeaders,
  json,
  leakPatterns,
  nonJsonRoutes,
  protocolStatusRoutes,
  xmlErrorRoutes,
  type Call,
  type Headers,
} from './route-fuzz-inputs';

/** The error object's fields a DAV:error body carries (docs/api.md#webdav). */
function davErrorFields(xml: string): Record<string, unknown> {
  if (!/^<\?xml[^>]*\?>\s*<D:error xmlns:D="DAV:"/.test(xml)) {
    throw new Error('not a DAV:error');
  }
  const field = (name: string) => new RegExp(`<N:${name}>([^<]*)</N:${name}>`).exec(xml)?.[1] ?? '';
  return {
    error: field('error'),
    error_code: Number(field('error_code')),
    error_description: field('error_description'),
    error_uri: '',
    details: [],
  };
}

/** The checks every answer must pass; returns the error reason of a failure. */
export function checkAnswer(
  call: Call,
  response: LightMyRequestResponse,
  fail: (call: Call, response: LightMyRequestResponse, why: string) => void,
): string | undefined {
  const status = response.statusCode;
  const type = String(response.headers['content-type'] ?? '');
  if (status >= 500) {
    fail(call, response, 'a server error');
  }
  if (!firstMatch(nonJsonRoutes, call.route.url) || status >= 400) {
    for (const pattern of leakPatterns) {
      if (pattern.test(response.body)) {
        fail(call, response, `leaks ${String(pattern)}`);
      }
    }
  }
  if (status < 400) {
    if (
      !firstMatch(nonJsonRoutes, call.route.url) &&
      status !== 204 &&
      call.method !== 'HEAD' &&
      call.method !== 'OPTIONS' &&
      !type.startsWith(json)
    ) {
      fail(call, response, `answers ${type || 'no type'} where JSON is due`);
    }
    return undefined;
  }
  const xmlError = type.startsWith('application/xml') && firstMatch(xmlErrorRoutes, call.route.url);
  if (!type.startsWith(json) && !xmlError) {
    fail(call, response, `an error as ${type || 'no type'}`);
    return undefined;
  }
  if (call.method === 'HEAD') {
    return undefined;
  }
  let body: unknown;
  try {
    body = xmlError ? davErrorFields(response.body) : JSON.parse(response.body);
  } catch {
    fail(call, response, `an error that is not ${xmlError ? 'a DAV:error' : 'JSON'}`);
    return undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  if (!parsed.success) {
    fail(call, response, 'an error that is not the object of docs/api.md#errors');
    return undefined;
  }
  const reason = parsed.data.error;
  if (!isErrorReason(reason)) {
    fail(call, response, `an error reason outside the catalogue: ${reason}`);
    return undefined;
  }
  if (parsed.data.error_code !== errorCodeOf(reason)) {
    fail(call, response, `error_code ${parsed.data.error_code} for ${reason}`);
  }
  if (status !== httpStatusOf(reason) && !firstMatch(protocolStatusRoutes, call.route.url)) {
    fail(
      call,
      response,
      `status ${status} for ${reason} (the catalogue says ${httpStatusOf(reason)})`,
    );
  }
  return reason;
}

/** Another member's things, named in the paths, bodies and headers an IDOR call sends. */
export function idorTables({
  bFile,
  bShare,
  bTask,
  bUploadId,
  bSession,
}: {
  bFile: { id: string };
  bShare: { share_id: string };
  bTask: { task_id: string };
  bUploadId: string;
  bSession: string;
}) {
  /** Another member's ids, by the path they are named in. */
  const idorIds: readonly [RegExp, Record<string, string>, string?][] = [
    [/^\/drive\/v1\/files\/:id/, { id: bFile.id }],
    [/^\/audit\.admin\/v1\/files\//, { file_id: bFile.id }],
    [/^\/drive\/v1\/share\/:share_id/, { share_id: bShare.share_id }],
    [/^\/audit\.admin\/v1\/shares\//, { share_id: bShare.share_id }],
    [/^\/drive\/v1\/tasks\/:id/, { id: bTask.task_id }],
    [/^\/drive\/v1\/uploads\/:id/, { id: bUploadId }],
    [/^\/v1\/user\/sessions\/:id/, { id: bSession }],
  ];
  /** Bodies and headers that pass validation, so that the ownership check is what answers. */
  const validCalls: Record<string, { payload?: unknown; headers?: Headers }> = {
    'PATCH /drive/v1/files/:id': { payload: { name: 'stolen.txt' } },
    'POST /drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove': {
      payload: { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
    },
    'POST /drive/v1/files/:id/media_tracks::pick': { payload: { subtitle_file_id: bFile.id } },
    'PATCH /drive/v1/share/:share_id': { payload: { restore_limit: 5 } },
    'PATCH /drive/v1/tasks/:id': { payload: { phase: 'PHASE_TYPE_PAUSED' } },
    'HEAD /drive/v1/uploads/:id': { headers: { 'tus-resumable': '1.0.0' } },
    'DELETE /drive/v1/uploads/:id': { headers: { 'tus-resumable': '1.0.0' } },
    'PATCH /drive/v1/uploads/:id': {
      headers: {
        'tus-resumable': '1.0.0',
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
      },
      payload: 'abc',
    },
    'POST /drive/v1/uploads/:id/form': {
      headers: { 'content-type': 'multipart/form-data; boundary=nimbusfuzz' },
      payload:
        '--nimbusfuzz\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n0123456789\r\n--nimbusfuzz--\r\n',
    },
    'PATCH /audit.admin/v1/shares/:share_id': { payload: { audit_status: 'PROHIBITED' } },
    'PATCH /audit.admin/v1/files/:file_id': { payload: { audit_status: 'PROHIBITED' } },
  };
  /** What an IDOR answers where it is not `not_found`, with the reason. */
  const idorOtherwise: readonly [RegExp, string, string][] = [
    [
      /^\/audit\.admin\//,
      'permission_denied',
      'audit calls are for operators; a member is refused before any id is read',
    ],
  ];
  return { idorIds, validCalls, idorOtherwise };
}

/** What the other member sees of their account, drive, shares, sessions and tasks. */
export async function snapshotOf(t: TestApp, bHeaders: Headers): Promise<string> {
  const parts = await Promise.all(
    [
      '/v1/user/me',
      '/drive/v1/files?parent_id=*',
      '/drive/v1/share/list',
      '/v1/user/sessions',
      '/drive/v1/tasks',
    ].map(async (url) => {
      const response = await t.app.inject({ method: 'GET', url, headers: bHeaders });
      // Times that move by themselves (a session's use is written once a minute) are left out.
      return `${url} ${response.statusCode} ${response.body.replace(/"(last_used_time|expire|expiration|url|thumbnail_link|web_content_link|token)":"[^"]*"/g, '')}`;
    }),
  );
  return parts.join('\n');
}

/**
 * Links of a's shares, taken from `file_info` while the shares are readable: after the pass
 * code changes or the share ends each answers `file_not_found`, and one whose share claim was
 * swapped for another share's answers `content_link_invalid`, on GET and HEAD, to anyone.
 */
export async function staleShareLinks(
  t: TestApp,
  route: TestRoute,
  {
    a,
    aHeaders,
    bHeaders,
    send,
    fail,
  }: {
    a: TestUser;
    aHeaders: Headers;
    bHeaders: Headers;
    send: (call: Call) => Promise<{ response: LightMyRequestResponse; reason?: string }>;
    fail: (call: Call, response: LightMyRequestResponse, why: string) => void;
  },
): Promise<number> {
  const shared = await storeFile(t, a.id, 'shared.txt', 'shared words');
  const linkOf = async (body: Record<string, unknown>) => {
    const made = ok<{ share_id: string; pass_code: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/drive/v1/share',
        headers: aHeaders,
        payload: { file_ids: [shared.id], ...body },
      }),
    );
    const opened = ok<{ pass_code_token: string }>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/share?${new URLSearchParams({ share_id: made.share_id, pass_code: made.pass_code }).toString()}`,
      }),
    );
    const info = ok<{ file_info: { web_content_link: string } }>(
      await t.app.inject({
        method: 'GET',
        url: `/drive/v1/share/file_info?${new URLSearchParams({ share_id: made.share_id, pass_code_token: opened.pass_code_token, file_id: shared.id }).toString()}`,
      }),
    );
    return { shareId: made.share_id, url: new URL(info.file_info.web_content_link) };
  };
  const changed = await linkOf({});
  const ended = await linkOf({ pass_code_option: 'NOT_REQUIRED' });
  for (const link of [changed, ended]) {
    const live = await t.app.inject({
      method: 'GET',
      url: link.url.pathname,
      headers: { host: link.url.host },
    });
    expect(live.body).toBe('shared words');
  }
  ok(
    await t.app.inject({
      method: 'PATCH',
      url: `/drive/v1/share/${changed.shareId}`,
      headers: aHeaders,
      payload: { custom_pass_code: 'Changed1' },
    }),
  );
  ok(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/share:batchDelete',
      headers: aHeaders,
      payload: { ids: [ended.shareId] },
    }),
  );
  const [, , token = '', name = ''] = changed.url.pathname.split('/').slice(1);
  const [payload = '', mac = ''] = token.split('.');
  const swapped = Buffer.from(
    Buffer.from(payload, 'base64url').toString('utf8').replace(changed.shareId, ended.shareId),
  ).toString('base64url');
  const stale: [string, string, string][] = [
    ['a share whose pass code changed', changed.url.pathname, 'file_not_found'],
    ['an ended share', ended.url.pathname, 'file_not_found'],
    [
      'a share claim swapped for another share',
      `/content/v1/${swapped}.${mac}/${name}`,
      'content_link_invalid',
    ],
  ];
  const callers: [string, Headers][] = [
    ['no credentials', {}],
    ['the owner', aHeaders],
    ['another member', bHeaders],
    ...hostileHeaders,
  ];
  let sent = 0;
  for (const [link, url, expected] of stale) {
    for (const [who, headers] of callers) {
      for (const method of ['GET', 'HEAD']) {
        const call: Call = {
          what: `${link}, ${who}`,
          route,
          method,
          url,
          headers: { ...headers, host: changed.url.host },
        };
        const { response, reason } = await send(call);
        sent += 1;
        const wrong =
          method === 'HEAD'
            ? response.statusCode !== httpStatusOf(expected as never)
            : reason !== expected;
        if (wrong) {
          fail(call, response, `a stale share link must answer ${expected}`);
        }
      }
    }
  }
  return sent;
}
