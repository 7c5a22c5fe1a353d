import { type ErrorReason } from '@nimbus/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import type { Dialect } from '../../src/db/database';
import { buildTestApp, testClock, type TestApp } from '../helper';
import { signedInMember } from '../identity';

export type Headers = Record<string, string>;
export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'HEAD';

/** One hostile call: what it tries, the call, a JSON body (or raw text sent as JSON), the reason it must answer. */
export type Hostile = [
  what: string,
  method: Method,
  url: string,
  payload: unknown,
  reason: ErrorReason,
];

/** A page token as a listing would write one, holding whatever a forger puts in it. */
export function forgedToken(position: unknown): string {
  return Buffer.from(JSON.stringify(position), 'utf8').toString('base64url');
}

/** A `filters` query value. */
export function filters(value: unknown): string {
  return encodeURIComponent(JSON.stringify(value));
}

/** The contract tests' app, fresh for every test (a plan of 10 MB, pass codes tried up to 1,000 times per client, a clock the test moves), and the calls they make through it. */
export function useContractApp(dialect: Dialect) {
  let t: TestApp;
  let clock = testClock();

  beforeEach(async () => {
    clock = testClock();
    t = await buildTestApp(
      dialect,
      { PLAN_FREE_STORAGE_BYTES: '10000000', SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: '1000' },
      { now: clock.now },
    );
  });
  afterEach(async () => {
    await t.close();
  });

  function member() {
    return signedInMember(t);
  }

  function call(
    headers: Headers,
    method: Method,
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse> {
    if (payload === undefined) {
      return t.app.inject({ method, url, headers });
    }
    // Raw text goes as it is (malformed JSON); anything else as JSON, arrays and null included.
    const body = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return t.app.inject({
      method,
      url,
      headers: { ...headers, 'content-type': 'application/json' },
      payload: body,
    });
  }

  return {
    get t() {
      return t;
    },
    get clock() {
      return clock;
    },
    member,
    call,
  };
}
