/// <reference types="node" />
import { describe, expect, it, vi } from 'vitest';
import { readApiAnswer } from './api-client';
import { ApiError } from './api-error';
import { pickErrorMessage } from './error-message';
import {
  client,
  closed,
  deviceId,
  failureOf,
  live,
  other,
  parseBody,
  useTestServers,
} from './api-client-test-server';

useTestServers();

describe('requests', () => {
  it('send JSON bodies, query parameters and the Nimbus headers', async () => {
    live.handle('/drive/v1/echo', () => ({ json: { kind: 'drive#fileList', files: [] } }));
    const answer = await client().post(
      '/drive/v1/echo',
      { name: 'a', size: '10' },
      { query: { limit: 100, ids: ['a', 'b'], filters: { phase: { eq: 'x' } }, empty: undefined } },
    );
    expect(answer).toEqual({ kind: 'drive#fileList', files: [] });
    const [request] = live.requests;
    expect(request?.method).toBe('POST');
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers['x-device-id']).toBe(deviceId);
    expect(request?.headers['x-client-id']).toBe('web');
    expect(request?.headers['accept-language']).toBe('ja');
    expect(request?.headers['x-captcha-token']).toBeUndefined();
    expect(parseBody(request)).toEqual({ name: 'a', size: '10' });
    const query = new URLSearchParams(request?.url.split('?')[1]);
    expect(query.get('limit')).toBe('100');
    expect(query.getAll('ids')).toEqual(['a', 'b']);
    expect(JSON.parse(query.get('filters') ?? '')).toEqual({ phase: { eq: 'x' } });
    expect(query.has('empty')).toBe(false);
  });

  it('send no content type without a body, and a bearer token when given', async () => {
    live.handle('/v1/user/me', () => ({ json: { sub: 'u1' } }));
    const api = client({ getAccessToken: () => 'token-1', locale: () => 'zh-TW' });
    await expect(api.get('/v1/user/me')).resolves.toEqual({ sub: 'u1' });
    const [request] = live.requests;
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers.authorization).toBe('Bearer token-1');
    expect(request?.headers['accept-language']).toBe('zh-TW');
  });

  it('let call headers override the client headers', async () => {
    live.handle('/drive/v1/echo', () => ({ json: {} }));
    await client().get('/drive/v1/echo', { headers: { 'Accept-Language': 'ko' } });
    expect(live.requests[0]?.headers['accept-language']).toBe('ko');
  });

  it('resolve an empty answer as an empty object', async () => {
    live.handle('/drive/v1/tasks', () => ({ status: 200 }));
    await expect(
      client().delete('/drive/v1/tasks', { query: { task_ids: ['t1'] } }),
    ).resolves.toEqual({});
  });

  it('go to the origin of the path group', async () => {
    live.handle('/drive/v1/about', () => ({ json: { host: 'drive' } }));
    other.handle('/v1/user/me', () => ({ json: { host: 'user' } }));
    const api = client({ origins: { drive: [live.origin], user: [`${other.origin}/`] } });
    await expect(api.get('/drive/v1/about')).resolves.toEqual({ host: 'drive' });
    await expect(api.get('/v1/user/me')).resolves.toEqual({ host: 'user' });
    expect(live.hits('/v1/user/me')).toBe(0);
  });

  it('refuse paths outside the API groups and bodies on GET', async () => {
    const api = client();
    const outside = await failureOf(api.get('/s/abc'));
    expect(outside.error).toBe('local');
    expect(outside.error_code).toBe(8001);
    const relative = await failureOf(api.get('drive/v1/files'));
    expect(relative.error).toBe('local');
    const withBody = await failureOf(api.request({ path: '/drive/v1/files', body: { a: 1 } }));
    expect(withBody.message).toBe('a GET call cannot have a body');
    expect(live.requests).toHaveLength(0);
  });
});

describe('failures', () => {
  it('carry the parsed error object of the answer', async () => {
    live.handle('/drive/v1/files/x', () => ({
      status: 404,
      json: {
        error: 'file_not_found',
        error_code: 5,
        error_description: 'File not found',
        error_uri: '',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'file_not_found',
            domain: 'drive',
            metadata: {},
          },
          {
            '@type': 'type.googleapis.com/google.rpc.LocalizedMessage',
            locale: 'ja',
            message: 'ファイルが見つかりません',
          },
        ],
      },
    }));
    const error = await failureOf(client().get('/drive/v1/files/x'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.error).toBe('file_not_found');
    expect(error.error_code).toBe(5);
    expect(error.error_description).toBe('File not found');
    expect(error.status).toBe(404);
    expect(error.message).toBe('File not found');
    expect(error.details).toHaveLength(2);
    expect(pickErrorMessage(error, { locale: 'ja' })).toBe('ファイルが見つかりません');
    expect(live.hits('/drive/v1/files/x')).toBe(1);
  });

  it('treat a 200 answer with an error field as a failure', async () => {
    live.handle('/v1/auth/token', () => ({
      json: { error: 'invalid_grant', error_description: 'expired' },
    }));
    const error = await failureOf(client().post('/v1/auth/token', { grant_type: 'refresh_token' }));
    expect(error.error).toBe('invalid_grant');
    expect(error.error_code).toBe(4126);
    expect(error.status).toBe(200);
  });

  it('turn an answer that is not JSON into an error by its status', async () => {
    live.handle('/drive/v1/teapot', () => ({ status: 403, text: '<html>no</html>' }));
    const error = await failureOf(client().get('/drive/v1/teapot'));
    expect(error.error).toBe('permission_denied');
    expect(error.status).toBe(403);
  });

  it('turn a refused connection into unreachable (8000)', async () => {
    const error = await failureOf(
      client({ origins: { drive: [closed] }, retries: 0 }).get('/drive/v1/about'),
    );
    expect(error.error).toBe('unreachable');
    expect(error.error_code).toBe(8000);
    expect(error.cause).toBeDefined();
    expect(pickErrorMessage(error, { locale: 'en-US' })).toBe(
      'Network error, please check your connection and try again',
    );
  });

  it('report every failed call once', async () => {
    const onError = vi.fn();
    live.handle('/drive/v1/boom', () => ({
      status: 500,
      json: { error: 'internal', error_code: 13 },
    }));
    await failureOf(client({ onError, retries: 2 }).post('/drive/v1/boom'));
    expect(live.hits('/drive/v1/boom')).toBe(3);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[1]).toEqual({ method: 'POST', path: '/drive/v1/boom' });
  });

  it('turn an aborted call into cancelled without retrying', async () => {
    live.handle('/drive/v1/slow', () => ({ json: {} }));
    const controller = new AbortController();
    controller.abort();
    const error = await failureOf(
      client({ retries: 4 }).get('/drive/v1/slow', { signal: controller.signal }),
    );
    expect(error.error).toBe('cancelled');
  });
});

describe('readApiAnswer', () => {
  it('parses JSON and refuses what is not JSON on success', () => {
    expect(readApiAnswer(200, '{"a":1}')).toEqual({ a: 1 });
    expect(readApiAnswer(204, '')).toEqual({});
    expect(() => readApiAnswer(200, 'not json')).toThrow(ApiError);
  });

  it('maps statuses of answers without an error object', () => {
    const kinds = [
      [400, 'invalid_argument'],
      [401, 'unauthenticated'],
      [404, 'not_found'],
      [409, 'aborted'],
      [429, 'resource_exhausted'],
      [501, 'unimplemented'],
      [503, 'internal'],
      [418, 'unknown'],
    ] as const;
    for (const [status, kind] of kinds) {
      expect(() => readApiAnswer(status, '')).toThrow(
        expect.objectContaining({ error: kind, status }),
      );
    }
  });
});
