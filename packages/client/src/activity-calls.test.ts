/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimCompensation,
  claimTaskReward,
  getActivityOperation,
  getTaskStatus,
  verifyCaptcha,
  verifyCaptchaAction,
} from './activity-calls';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { getSiteResources } from './site-resources';
import type { SolveChallenge } from './captcha';
import { captchaStorageKey } from './captcha';
import { createMemoryStorage, type StorageLike } from './storage';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

const seen: Seen[] = [];
interface Answer {
  status: number;
  json: unknown;
}
/** The answer of each path; a list is answered in order, its last answer then repeated. */
let answers: Record<string, Answer | Answer[]> = {};

function nextAnswer(path: string): Answer {
  const answer = answers[path] ?? { status: 404, json: { error: 'not_found', error_code: 5 } };
  if (!Array.isArray(answer)) {
    return answer;
  }
  return (answer.length > 1 ? answer.shift() : answer[0]) ?? { status: 500, json: {} };
}
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const url = request.url ?? '/';
    seen.push({
      method: request.method ?? '',
      url,
      body: text === '' ? undefined : JSON.parse(text),
    });
    const answer = nextAnswer(url.split('?')[0] ?? url);
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.json));
  });
});
let origin = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(storage: StorageLike = createMemoryStorage(), solveChallenge?: SolveChallenge) {
  return createApiClient({
    origins: { drive: [origin], config: [origin], user: [origin] },
    clientId: 'web',
    locale: 'en-US',
    getDeviceId: () => 'd'.repeat(32),
    storage,
    retryDelayMs: 0,
    ...(solveChallenge ? { captcha: { solveChallenge } } : {}),
  });
}

describe('activity calls', () => {
  it('asks for the tasks of a scene and claims rewards and compensations once, without retries', async () => {
    const claimed = {
      error: 'activity_reward_claimed',
      error_code: 9,
      error_description: 'claimed',
    };
    answers = {
      '/vip/v1/task/status': {
        status: 200,
        json: { result: 'ACCEPTED', scene: 'beginner', tasks: [] },
      },
      '/vip/v1/activity/rewardVip': { status: 500, json: { error: 'internal', error_code: 13 } },
      '/vip/v1/activity/compensate': { status: 400, json: claimed },
    };
    seen.length = 0;
    expect(await getTaskStatus(client(), 'beginner')).toEqual({
      result: 'ACCEPTED',
      scene: 'beginner',
      tasks: [],
    });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/vip/v1/task/status?scene=beginner' });

    await expect(claimTaskReward(client(), 'upload_file', { from: 'web' })).rejects.toBeInstanceOf(
      ApiError,
    );
    const rewards = seen.filter((call) => call.url === '/vip/v1/activity/rewardVip');
    expect(rewards).toEqual([
      {
        method: 'POST',
        url: '/vip/v1/activity/rewardVip',
        body: { type: 'upload_file', data: { from: 'web' } },
      },
    ]);

    await expect(claimCompensation(client(), 'outage_1')).rejects.toMatchObject({
      error: 'activity_reward_claimed',
    });
    expect(seen.filter((call) => call.url === '/vip/v1/activity/compensate')).toHaveLength(1);
  });

  it('reads the schedule of the config host and refuses one of another shape', async () => {
    const schedule = {
      activities: { christmas: { ends_at: '2027-01-01T00:00:00Z' } },
      compensations: {
        outage_1: {
          days: 3,
          joined_before: '2026-01-01T00:00:00Z',
          ends_at: '2027-01-01T00:00:00Z',
        },
      },
    };
    answers = {
      '/config/v1/activity_operation': {
        status: 200,
        json: { values: { activity_operation: schedule } },
      },
    };
    seen.length = 0;
    expect(await getActivityOperation(client(), { language_app: 'ja' })).toEqual(schedule);
    expect(seen[0]?.body).toEqual({ client: 'web', data: { language_app: 'ja' } });

    answers = {
      '/config/v1/activity_operation': {
        status: 200,
        json: { values: { activity_operation: {} } },
      },
    };
    await expect(getActivityOperation(client(), {})).rejects.toThrow();
  });

  it('reads the published apps leniently, with empty defaults', async () => {
    answers = {
      '/config/v1/resources': {
        status: 200,
        json: {
          values: {
            resources: {
              app_downloads: {
                ios: { url: 'https://apps.example.org/nimbus' },
                tv: { url: 'ftp://x' },
              },
              app_link_scheme: 'nimbus',
            },
          },
        },
      },
    };
    seen.length = 0;
    expect(await getSiteResources(client(), { language_app: 'ko' })).toEqual({
      app_downloads: { ios: { url: 'https://apps.example.org/nimbus' } },
      app_link_scheme: 'nimbus',
    });
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/config/v1/resources',
      body: { client: 'web', data: { language_app: 'ko' } },
    });

    answers = { '/config/v1/resources': { status: 200, json: { values: {} } } };
    expect(await getSiteResources(client(), {})).toEqual({
      app_downloads: {},
      app_link_scheme: '',
    });
  });

  it('checks a captcha token before a hand-out, renewing a refused one, and forgets it after', async () => {
    const invalid = { error: 'captcha_invalid', error_code: 4002, error_description: 'invalid' };
    // The first token is refused: the second init (naming the refused one) gives a good one.
    answers = {
      '/v1/shield/captcha/init': [
        { status: 200, json: { captcha_token: 'spent-token', expires_in: 300 } },
        { status: 200, json: { captcha_token: 'good-token', expires_in: 300 } },
      ],
      '/vip/v1/verifyRecaptchaToken': [
        { status: 400, json: invalid },
        { status: 200, json: { result: 'ACCEPTED', success: true } },
      ],
    };
    seen.length = 0;
    const storage = createMemoryStorage();
    await verifyCaptcha(client(storage));
    expect(seen.map((call) => [call.url, call.body])).toEqual([
      [
        '/v1/shield/captcha/init',
        expect.objectContaining({ action: verifyCaptchaAction, captcha_token: '' }),
      ],
      ['/vip/v1/verifyRecaptchaToken', { token: 'spent-token', action: verifyCaptchaAction }],
      [
        '/v1/shield/captcha/init',
        expect.objectContaining({ action: verifyCaptchaAction, captcha_token: 'spent-token' }),
      ],
      ['/vip/v1/verifyRecaptchaToken', { token: 'good-token', action: verifyCaptchaAction }],
    ]);
    // A token is good once: it is not kept for the next check.
    expect(storage.getItem(captchaStorageKey('web'))).toBeNull();
  });

  it('stops at a failure that is not the captcha, and when the challenge is closed', async () => {
    answers = {
      '/v1/shield/captcha/init': { status: 200, json: { captcha_token: 'token', expires_in: 300 } },
      '/vip/v1/verifyRecaptchaToken': {
        status: 503,
        json: { error: 'unavailable', error_code: 14 },
      },
    };
    seen.length = 0;
    await expect(verifyCaptcha(client())).rejects.toMatchObject({ error: 'unavailable' });
    expect(seen.filter((call) => call.url === '/vip/v1/verifyRecaptchaToken')).toHaveLength(1);

    answers = {
      '/v1/shield/captcha/init': {
        status: 200,
        json: { url: `${origin}/challenge`, expires_in: 300 },
      },
    };
    seen.length = 0;
    const shown: string[] = [];
    const closing: SolveChallenge = (url) => {
      shown.push(url);
      return Promise.resolve(null);
    };
    await expect(verifyCaptcha(client(createMemoryStorage(), closing))).rejects.toMatchObject({
      error: 'cancelled',
    });
    expect(shown).toHaveLength(1);
    expect(seen.filter((call) => call.url === '/vip/v1/verifyRecaptchaToken')).toHaveLength(0);
  });
});
