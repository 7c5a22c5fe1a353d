import type { ApiClient, RequestBody, RequestOptions } from '@nimbus/client';
import { callEndpoint, createClientError, createMemoryStorage } from '@nimbus/client';
import { describe, expect, it } from 'vitest';
import {
  allowsDebugConsole,
  createClickRun,
  createDebugConfig,
  isDebugFlagOn,
} from './debug-console-rules';

describe('createClickRun', () => {
  it('answers from the fifth click of a run with each click within 200 ms', () => {
    const run = createClickRun();
    expect([0, 150, 300, 500, 700].map((at) => run.click(at))).toEqual([
      false,
      false,
      false,
      false,
      true,
    ]);
    // Five or more: a sixth quick click still counts.
    expect(run.click(850)).toBe(true);
  });

  it('starts again after a pause longer than 200 ms, and after a reset', () => {
    const run = createClickRun();
    expect([0, 100, 200, 300, 501, 600, 700, 800].map((at) => run.click(at))).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(run.click(900)).toBe(true);
    run.reset();
    expect(run.click(950)).toBe(false);
  });
});

describe('isDebugFlagOn', () => {
  it('is on with nimbus_debug=1 in the query or in local storage, else off', () => {
    const empty = createMemoryStorage();
    expect(isDebugFlagOn(new URL('https://nimbus.example/?nimbus_debug=1'), empty)).toBe(true);
    expect(isDebugFlagOn(new URL('https://nimbus.example/'), empty)).toBe(false);
    expect(isDebugFlagOn(new URL('https://nimbus.example/?nimbus_debug=0'), empty)).toBe(false);
    const flagged = createMemoryStorage({ nimbus_debug: '1' });
    expect(isDebugFlagOn(new URL('https://nimbus.example/drive/all'), flagged)).toBe(true);
  });
});

describe('allowsDebugConsole', () => {
  it('allows only allow_vconsole true', () => {
    expect(allowsDebugConsole({ values: { debug_options: { allow_vconsole: true } } })).toBe(true);
    expect(allowsDebugConsole({ values: { debug_options: { allow_vconsole: false } } })).toBe(
      false,
    );
    expect(allowsDebugConsole({ values: { debug_options: { allow_vconsole: 'true' } } })).toBe(
      false,
    );
    expect(allowsDebugConsole({ values: {} })).toBe(false);
    expect(allowsDebugConsole(null)).toBe(false);
  });
});

describe('createDebugConfig', () => {
  function fake(answers: unknown[]) {
    const posts: { path: string; body: RequestBody | undefined }[] = [];
    const request = <T>({ path, body }: RequestOptions) => {
      posts.push({ path, body });
      const answer = answers.shift();
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer as T);
    };
    const client: Pick<ApiClient, 'call'> = {
      call: (endpoint, ...args) => callEndpoint({ request }, endpoint, ...args),
    };
    return { client, posts };
  }

  it('asks once with the user id and remembers the answer', async () => {
    const { client, posts } = fake([{ values: { debug_options: { allow_vconsole: true } } }]);
    const isAllowed = createDebugConfig(client, () => 'member-1');
    expect(await isAllowed()).toBe(true);
    expect(await isAllowed()).toBe(true);
    expect(posts).toEqual([
      { path: '/config/v1/debug_options', body: { client: 'web', data: { userid: 'member-1' } } },
    ]);
  });

  it('answers false after a failure and asks again next time', async () => {
    const { client, posts } = fake([
      createClientError('unreachable', 'offline'),
      { values: { debug_options: { allow_vconsole: false } } },
    ]);
    const isAllowed = createDebugConfig(client, () => '');
    expect(await isAllowed()).toBe(false);
    expect(await isAllowed()).toBe(false);
    expect(await isAllowed()).toBe(false);
    expect(posts).toHaveLength(2);
    expect(posts[0]?.body).toEqual({ client: 'web', data: { userid: '' } });
  });
});
