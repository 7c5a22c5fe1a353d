/// <reference types="node" />
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimCompensation, claimTaskReward, getActivityOperation, getTaskStatus } from './activity-calls';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { getSiteResources } from './site-resources';
import { createMemoryStorage } from './storage';

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

const seen: Seen[] = [];
let answers: Record<string, { status: number; json: unknown }> = {};
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const text = Buffer.concat(chunks).toString('utf8');
    const url = request.url ?? '/';
    seen.push({ method: request.method ?? '', url, body: text === '' ? undefined : JSON.parse(text) });
    const answer = answers[url.split('?')[0] ?? url] ?? { status: 404, json: { error: 'not_found', error_code: 5 } };
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

function client() {
  return createApiClient({
    origins: { drive: [origin], config: [origin] },
    clientId: 'web',
    locale: 'en-US',
    getDeviceId: () => '',
    storage: createMemoryStorage(),
    retryDelayMs: 0,
  });
}

describe('activity calls', () => {
  it('asks for the tasks of a scene and claims rewards and compensations once, without retries', async () => {
    const claimed = { error: 'activity_reward_claimed', error_code: 9, error_description: 'claimed' };
    answers = {
      '/vip/v1/task/status': { status: 200, json: { result: 'ACCEPTED', scene: 'beginner', tasks: [] } },
      '/vip/v1/activity/rewardVip': { status: 500, json: { error: 'internal', error_code: 13 } },
      '/vip/v1/activity/compensate': { status: 400, json: claimed },
    };
    seen.length = 0;
    expect(await getTaskStatus(client(), 'beginner')).toEqual({ result: 'ACCEPTED', scene: 'beginner', tasks: [] });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/vip/v1/task/status?scene=beginner' });

    await expect(claimTaskReward(client(), 'upload_file', { from: 'web' })).rejects.toBeInstanceOf(ApiError);
    const rewards = seen.filter((call) => call.url === '/vip/v1/activity/rewardVip');
    expect(rewards).toEqual([
      { method: 'POST', url: '/vip/v1/activity/rewardVip', body: { type: 'upload_file', data: { from: 'web' } } },
    ]);

    await expect(claimCompensation(client(), 'outage_1')).rejects.toMatchObject({ error: 'activity_reward_claimed' });
    expect(seen.filter((call) => call.url === '/vip/v1/activity/compensate')).toHaveLength(1);
  });

  it('reads the schedule of the config host and refuses one of another shape', async () => {
    const schedule = {
      activities: { christmas: { ends_at: '2027-01-01T00:00:00Z' } },
      compensations: { outage_1: { days: 3, joined_before: '2026-01-01T00:00:00Z', ends_at: '2027-01-01T00:00:00Z' } },
    };
    answers = { '/config/v1/activity_operation': { status: 200, json: { values: { activity_operation: schedule } } } };
    seen.length = 0;
    expect(await getActivityOperation(client(), { language_app: 'ja' })).toEqual(schedule);
    expect(seen[0]?.body).toEqual({ client: 'web', data: { language_app: 'ja' } });

    answers = { '/config/v1/activity_operation': { status: 200, json: { values: { activity_operation: {} } } } };
    await expect(getActivityOperation(client(), {})).rejects.toThrow();
  });

  it('reads the published apps leniently, with empty defaults', async () => {
    answers = {
      '/config/v1/resources': {
        status: 200,
        json: {
          values: {
            resources: {
              app_downloads: { ios: { url: 'https://apps.example.org/nimbus' }, tv: { url: 'ftp://x' } },
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
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/config/v1/resources', body: { client: 'web', data: { language_app: 'ko' } } });

    answers = { '/config/v1/resources': { status: 200, json: { values: {} } } };
    expect(await getSiteResources(client(), {})).toEqual({ app_downloads: {}, app_link_scheme: '' });
  });
});
