import { httpStatusOf, kindOfReason } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { makeUser, ok, type TestApp, type TestRoute } from '../helper';
import { post, sessionCookieOf, signIn } from '../identity';
import { exemptRoutes, runAccountProbes } from '../support/account-probes';
import { storeFile } from '../support/stored-file';
import { checkAnswer, idorTables, snapshotOf, staleShareLinks } from './route-fuzz-checks';
import {
  bodyMethods,
  canary,
  firstMatch,
  hostileBodies,
  hostileFields,
  hostileForms,
  hostileHeaders,
  hostileLinks,
  hostileParams,
  hostileQuery,
  hostileQueryValues,
  json,
  keysOf,
  linkSource,
  paramsOf,
  publicParamRoutes,
  signedOutCalls,
  signedOutOtherwise,
  urlOf,
  type Call,
  type Headers,
} from './route-fuzz-inputs';

export const everyRoute = (): boolean => true;

/** Runs the battery on every route of the table (or those `only` picks) and lists what failed. */
export async function battery(
  t: TestApp,
  only: (route: TestRoute) => boolean = everyRoute,
): Promise<{ failures: string[]; calls: number }> {
  linkSource.asked.clear();
  canary.connections = 0;
  const a = await makeUser(t);
  const b = await makeUser(t);
  let aHeaders: Headers = {
    authorization: `Bearer ${(await signIn(t, a.email, a.password)).access_token}`,
  };
  const bHeaders: Headers = {
    authorization: `Bearer ${(await signIn(t, b.email, b.password)).access_token}`,
  };
  const signedIn = await post(
    t,
    '/v1/auth/signin',
    { client_id: 'web', username: a.email, password: a.password },
    { origin: 'http://nimbus.test' },
  );
  const aCookie = `nimbus_session=${sessionCookieOf(signedIn)}`;

  // b's things, for a to reach for.
  const bFile = await storeFile(t, b.id, 'diary.txt', 'private words');
  const bShare = ok<{ share_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/share',
      headers: bHeaders,
      payload: { file_ids: [bFile.id] },
    }),
  );
  const bTask = ok<{ task_id: string }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files:star',
      headers: bHeaders,
      payload: { ids: [bFile.id] },
    }),
  );
  const bUpload = ok<{ file: { id: string }; resumable: { params: { url: string } } }>(
    await t.app.inject({
      method: 'POST',
      url: '/drive/v1/files',
      headers: bHeaders,
      payload: {
        kind: 'drive#file',
        name: 'big.bin',
        parent_id: '',
        size: '10',
        upload_type: 'UPLOAD_TYPE_RESUMABLE',
      },
    }),
  );
  const bUploadId = new URL(bUpload.resumable.params.url).pathname.split('/').pop() ?? '';
  const bSession =
    ok<{ sessions: { id: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/v1/user/sessions', headers: bHeaders }),
    ).sessions[0]?.id ?? '';

  const { idorIds, validCalls, idorOtherwise } = idorTables({
    bFile,
    bShare,
    bTask,
    bUploadId,
    bSession,
  });

  const snapshotOfB = () => snapshotOf(t, bHeaders);
  const bBefore = await snapshotOfB();

  const failures: string[] = [];
  const fail = (call: Call, response: LightMyRequestResponse, why: string) => {
    failures.push(
      `${call.method} ${call.route.url} [${call.what}] -> ${response.statusCode}: ${why} ${response.body.slice(0, 200)}`,
    );
  };

  const check = (call: Call, response: LightMyRequestResponse) => checkAnswer(call, response, fail);

  async function send(call: Call): Promise<{ response: LightMyRequestResponse; reason?: string }> {
    const response = await t.app.inject({
      method: call.method as 'GET',
      url: call.url,
      headers: call.headers,
      ...(call.payload === undefined ? {} : { payload: call.payload }),
    });
    return { response, reason: check(call, response) };
  }

  function encoded(payload: unknown): { payload?: string; headers: Headers } {
    if (payload === undefined) {
      return { headers: {} };
    }
    return typeof payload === 'string'
      ? { payload, headers: {} }
      : { payload: JSON.stringify(payload), headers: { 'content-type': json } };
  }

  // Sign a's bearer token in again when a route (sign-out, revoke, deletion) ended it.
  async function keepASignedIn(): Promise<void> {
    const me = await t.app.inject({ method: 'GET', url: '/v1/user/me', headers: aHeaders });
    if (me.statusCode === 401) {
      aHeaders = { authorization: `Bearer ${(await signIn(t, a.email, a.password)).access_token}` };
    }
  }

  const aFile = await storeFile(t, a.id, 'notes.txt', 'my notes');
  /** Bodies a route accepts, so that hostile parameters and credentials reach past validation. */
  const acceptedBodies: Record<string, unknown> = {
    'POST /drive/v1/files': { kind: 'drive#folder', name: 'Trip', parent_id: '' },
    'PATCH /drive/v1/files/:id': { name: 'renamed.txt' },
    'POST /drive/v1/files::batchTrash': { ids: [aFile.id] },
    'POST /drive/v1/files::batchUntrash': { ids: [aFile.id] },
    'POST /drive/v1/files::batchMove': { ids: [aFile.id], to: { parent_id: '' } },
    'POST /drive/v1/files::batchCopy': { ids: [aFile.id], to: { parent_id: '' } },
    'POST /drive/v1/files::star': { ids: [aFile.id] },
    'POST /drive/v1/files::unstar': { ids: [aFile.id] },
    'POST /drive/v1/files::zip': { ids: [aFile.id] },
    'POST /drive/v1/share': { file_ids: [aFile.id] },
    'PATCH /drive/v1/share/:share_id': { restore_limit: 5 },
    'PATCH /drive/v1/tasks/:id': { phase: 'PHASE_TYPE_PAUSED' },
    'POST /drive/v1/task': { type: 'offline', create_type: 'RETRY', id: 'abc' },
    'PATCH /audit.admin/v1/shares/:share_id': { audit_status: 'PROHIBITED' },
    'PATCH /audit.admin/v1/files/:file_id': { audit_status: 'PROHIBITED' },
    'POST /drive/v1/files/:id(^[A-Za-z0-9_-]{1,64})::prove': {
      ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }],
    },
    'PATCH /v1/user/me': { name: 'Ada' },
    'POST /config/v1/:scope': { client: 'web' },
    'POST /drive/v1/feedback': {
      category: 'bug',
      message: 'The list does not scroll on my phone.',
    },
  };

  /** Routes that read multipart forms: the field of the file, where a fresh call goes, and a form they accept. */
  const goodPart = (headers: string, body: string) => `--good\r\n${headers}\r\n\r\n${body}\r\n`;
  const formRoutes: Record<string, { field: string; target: () => Promise<string>; good: string }> =
    {
      'POST /drive/v1/uploads/:id/form': {
        field: 'file',
        // A new upload of a's for each form, so that one that went through leaves the next a place.
        target: async () => {
          const started = ok<{ form: { url: string } }>(
            await t.app.inject({
              method: 'POST',
              url: '/drive/v1/files',
              headers: aHeaders,
              payload: {
                kind: 'drive#file',
                name: 'form.bin',
                parent_id: '',
                size: '10',
                upload_type: 'UPLOAD_TYPE_FORM',
              },
            }),
          );
          return new URL(started.form.url).pathname;
        },
        good: `${goodPart('Content-Disposition: form-data; name="file"; filename="form.bin"', '0123456789')}--good--\r\n`,
      },
      'POST /drive/v1/feedback': {
        field: 'attachments',
        target: () => Promise.resolve('/drive/v1/feedback'),
        good: `${goodPart('Content-Disposition: form-data; name="category"', 'bug')}${goodPart('Content-Disposition: form-data; name="message"', 'The list does not scroll on my phone.')}${goodPart('Content-Disposition: form-data; name="attachments"; filename="shot.png"\r\nContent-Type: image/png', 'not really a png')}--good--\r\n`,
      },
    };

  /** Routes that take a link: for a link, each caller and the body it sends. */
  const linkRoutes: Record<
    string,
    (link: string) => [who: string, headers: Headers, body: unknown][]
  > = {
    'POST /drive/v1/resource/list': (link) => [
      ['signed out', {}, { urls: link }],
      ['a member', aHeaders, { urls: link }],
    ],
    'POST /drive/v1/files': (link) => [
      [
        'a member',
        aHeaders,
        { kind: 'drive#file', upload_type: 'UPLOAD_TYPE_URL', url: { url: link, files: ['0'] } },
      ],
    ],
  };

  const routes = t.routes
    .filter(only)
    .flatMap((route) => route.methods.map((method) => ({ route, method })));
  let calls = 0;

  for (const { route, method } of routes) {
    const params = paramsOf(route.url);
    const filler = Object.fromEntries(params.map((name) => [name, 'abc']));
    const plain = urlOf(route.url, filler);
    const hasBody = bodyMethods.has(method);
    const accepted = acceptedBodies[`${method} ${route.url}`];
    const empty: { payload?: string; headers: Headers } = hasBody
      ? { payload: JSON.stringify(accepted ?? {}), headers: { 'content-type': json } }
      : { headers: {} };
    const battery: Call[] = [
      {
        what: 'no credentials',
        route,
        method,
        url: plain,
        headers: { ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'a member',
        route,
        method,
        url: plain,
        headers: { ...aHeaders, ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'repeated query keys',
        route,
        method,
        url: `${plain}?${hostileQuery}`,
        headers: { ...aHeaders, ...empty.headers },
        payload: empty.payload,
      },
      {
        what: 'a bearer header that is no bearer',
        route,
        method,
        url: plain,
        headers: { authorization: 'Basic YTpi', ...empty.headers },
        payload: empty.payload,
      },
      ...hostileParams.flatMap(([what, value]): Call[] =>
        params.map((name) => ({
          what: `${what} in :${name}`,
          route,
          method,
          url: urlOf(route.url, { ...filler, [name]: value }),
          headers: { ...aHeaders, ...empty.headers },
          payload: empty.payload,
        })),
      ),
      ...hostileHeaders.map(([what, headers]): Call => ({
        what,
        route,
        method,
        url: plain,
        headers: {
          ...(headers.cookie || headers.authorization ? {} : aHeaders),
          ...empty.headers,
          ...headers,
        },
        payload: empty.payload,
      })),
      // Each field of the body, one at a time, with each hostile value.
      ...(hasBody
        ? [...new Set([...keysOf(route.schema?.body), ...Object.keys(accepted ?? {})])].flatMap(
            (key) =>
              hostileFields.map(([what, value]): Call => ({
                what: `${what} in body.${key}`,
                route,
                method,
                url: plain,
                headers: { ...aHeaders, 'content-type': json },
                payload: JSON.stringify({ ...(accepted ?? {}), [key]: value }),
              })),
          )
        : []),
      // Each field of the query, one at a time, with each hostile value.
      ...keysOf(route.schema?.querystring).flatMap((key) =>
        hostileQueryValues.map(([what, value]): Call => ({
          what: `${what} in ?${key}`,
          route,
          method,
          url: `${plain}?${key}=${value}`,
          headers: { ...aHeaders, ...empty.headers },
          payload: empty.payload,
        })),
      ),
      ...(hasBody
        ? hostileBodies.map(([what, type, payload]): Call => ({
            what,
            route,
            method,
            url: plain,
            headers: { ...aHeaders, 'content-type': type },
            payload,
          }))
        : []),
    ];
    // A route whose OpenAPI entry names a credential (and not the empty one of an optional
    // credential) answers a caller without one `unauthenticated`, whatever else is wrong with
    // the call: credentials are checked before the path, query or body is read.
    const security = Array.isArray(route.schema?.security)
      ? (route.schema.security as object[])
      : [];
    const otherwise = signedOutOtherwise.find(
      ([pattern, methods]) => pattern.test(route.url) && methods.includes(method),
    );
    const signedOutAnswer = otherwise ? otherwise[2] : 'unauthenticated';
    const needsCredential =
      security.length > 0 &&
      security.every((scheme) => Object.keys(scheme).length > 0) &&
      method !== 'OPTIONS' &&
      signedOutAnswer !== undefined;
    // A hostile value in a parameter a pattern constrains matches no route at all.
    const constrained = route.url.includes('(');
    if (needsCredential) {
      battery.push(
        ...signedOutCalls
          .filter(([, extra]) => !(extra.param && constrained))
          .map(([what, extra]): Call => ({
            what: `no credentials and ${what}`,
            route,
            method,
            url: `${urlOf(route.url, Object.fromEntries(params.map((name) => [name, extra.param ?? 'abc'])))}${extra.query ?? ''}`,
            headers: hasBody ? { 'content-type': extra.type ?? json } : {},
            payload: hasBody ? (extra.payload ?? empty.payload) : undefined,
          })),
      );
    }
    for (const call of battery) {
      const { response, reason } = await send(call);
      calls += 1;
      const signedOutWrong =
        method === 'HEAD' ? response.statusCode !== 401 : reason !== signedOutAnswer;
      if (needsCredential && call.what.startsWith('no credentials') && signedOutWrong) {
        fail(call, response, `a call without credentials must answer ${signedOutAnswer}`);
      }
    }

    // Another member's ids: not_found (or the listed answer), never a success.
    const idor = idorIds.find(([pattern]) => pattern.test(route.url));
    // OPTIONS of a tus resource tells the server's tus facts and reads no upload (tus 1.0).
    if (idor && !firstMatch(publicParamRoutes, route.url) && method !== 'OPTIONS') {
      const valid = validCalls[`${method} ${route.url}`] ?? {};
      const body = encoded(valid.payload ?? (hasBody ? {} : undefined));
      const call: Call = {
        what: "another member's id",
        route,
        method,
        url: urlOf(route.url, { ...filler, ...idor[1] }),
        headers: { ...aHeaders, ...body.headers, ...valid.headers },
        payload: body.payload,
      };
      const { response, reason } = await send(call);
      calls += 1;
      const otherwise = idorOtherwise.find(([pattern]) => pattern.test(route.url));
      const expected = otherwise?.[1] ?? 'not_found';
      const answered =
        reason === undefined
          ? undefined
          : expected === 'not_found'
            ? kindOfReason(reason as never)
            : reason;
      // HEAD answers carry no body: the status is what tells.
      const wrong =
        method === 'HEAD'
          ? response.statusCode !== httpStatusOf(expected as never)
          : answered !== expected;
      if (response.statusCode < 400 || wrong) {
        fail(call, response, `another member's id must answer ${expected}`);
      }
    }

    // Hostile forms on a route that reads one: each answers (the error object where it fails),
    // and the form that follows a failed one still goes through, so a broken form loses nothing.
    const form = formRoutes[`${method} ${route.url}`];
    if (form) {
      for (const [what, type, payload] of hostileForms(form.field)) {
        const url = await form.target();
        const call: Call = {
          what,
          route,
          method,
          url,
          headers: { ...aHeaders, 'content-type': type },
          payload,
        };
        const { response } = await send(call);
        calls += 1;
        if (response.statusCode >= 400) {
          const good = await t.app.inject({
            method: 'POST',
            url,
            headers: { ...aHeaders, 'content-type': 'multipart/form-data; boundary=good' },
            payload: form.good,
          });
          calls += 1;
          if (good.statusCode !== 200) {
            fail(
              { ...call, what: `a good form after ${what}` },
              good,
              'a good form after a failed one must go through',
            );
          }
        }
      }
    }

    // Hostile links on a route that takes one: each answers (the error object where it fails), a
    // task made of one fails with a reason when it runs, and the server answers the next call.
    const linkCalls = linkRoutes[`${method} ${route.url}`];
    if (linkCalls) {
      // What escapes every handler ends the server process (main.ts stops on it); in here the
      // test runner would catch it, so it is caught and named as a failure of the call.
      const escaped: unknown[] = [];
      const onEscape = (error: unknown) => escaped.push(error);
      process.on('uncaughtException', onEscape);
      process.on('unhandledRejection', onEscape);
      for (const [what, link] of hostileLinks()) {
        for (const [who, headers, body] of linkCalls(link)) {
          const call: Call = {
            what: `${what}, ${who}`,
            route,
            method,
            url: plain,
            headers: { ...headers, 'content-type': json },
            payload: JSON.stringify(body),
          };
          const { response } = await send(call);
          calls += 1;
          const taskId =
            response.statusCode === 200
              ? (response.json<{ task?: { id: string } }>().task?.id ?? '')
              : '';
          if (taskId !== '') {
            await t.container.offlineWorker.runPending();
            const task = await t.app.inject({
              method: 'GET',
              url: `/drive/v1/tasks/${taskId}`,
              headers: aHeaders,
            });
            calls += 1;
            const ended =
              task.statusCode === 200 ? task.json<{ phase: string; message: string }>() : undefined;
            if (ended?.phase !== 'PHASE_TYPE_ERROR' || ended.message === '') {
              fail(
                { ...call, what: `the task of ${what}` },
                task,
                'a task of a hostile link must fail with a reason',
              );
            }
          }
          const next = await t.app.inject({ method: 'GET', url: '/readyz' });
          calls += 1;
          if (next.statusCode !== 200) {
            fail(
              { ...call, what: `the call after ${what}` },
              next,
              'the server must answer the call after a hostile link',
            );
          }
          for (const error of escaped.splice(0)) {
            fail(
              call,
              next,
              `an exception escaped: ${error instanceof Error ? error.message : String(error)}`,
            );
          }
        }
      }
      process.off('uncaughtException', onEscape);
      process.off('unhandledRejection', onEscape);
    }

    // A cookie session that changes state from no allowed origin is refused before anything runs.
    if (hasBody) {
      const call: Call = {
        what: 'a cookie without an Origin',
        route,
        method,
        url: plain,
        headers: { cookie: aCookie, 'content-type': json },
        payload: '{}',
      };
      const { response, reason } = await send(call);
      calls += 1;
      if (reason !== 'origin_not_allowed') {
        fail(call, response, 'a cookie state change from no origin must answer origin_not_allowed');
      }
    }
    await keepASignedIn();
  }

  if (only === everyRoute) {
    // The hostile links reached their tracker (each magnet link: two checks and a task) and
    // their source (two checks; the task reads it too), and nothing reached the canary.
    for (const [pathname, times] of [
      ['/announce-https', 3],
      ['/announce-closed', 3],
      ['/truncated.torrent', 2],
    ] as const) {
      expect(linkSource.asked.get(pathname) ?? 0, pathname).toBeGreaterThanOrEqual(times);
    }
    expect(canary.connections).toBe(0);
  }

  // Links handed out through a share stop with it, for every caller and every hostile header.
  const contentRoute = t.routes
    .filter(only)
    .find((route) => route.url === '/content/v1/:token/:name');
  if (contentRoute) {
    calls += await staleShareLinks(t, contentRoute, { a, aHeaders, bHeaders, send, fail });
  }

  // Enumeration and lockouts, on every route that names an account or takes a guessable secret.
  const probed = routes.map(({ route, method }) => ({
    route,
    method,
    fields: [...keysOf(route.schema?.body), ...keysOf(route.schema?.querystring)],
  }));
  const probes = await runAccountProbes(t, probed);
  failures.push(...probes.failures);
  if (only === everyRoute) {
    // The probes find their routes by field names: they must keep finding these, and every
    // exemption must still name a route that has such a field.
    expect(probes.probed).toEqual(
      expect.arrayContaining([
        'POST /v1/auth/verification (account)',
        'POST /v1/auth/verification (secret)',
        'POST /v1/auth/signin (account)',
        'POST /v1/auth/signin (secret)',
        'GET /drive/v1/share (secret)',
        ...Object.keys(exemptRoutes).map((key) => `${key} (exempt)`),
      ]),
    );
  }
  // Still healthy, a still works, b is as b was.
  expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  await keepASignedIn();
  ok(await t.app.inject({ method: 'GET', url: '/drive/v1/files?parent_id=', headers: aHeaders }));
  expect(await snapshotOfB()).toBe(bBefore);
  return { failures, calls };
}
