import {
  driveApi,
  type feedbackApi,
  uploadApi,
  type AnswerOf,
  type DriveAbout,
  type DriveFile,
} from '@nimbus/contracts';
import { driveRoutes, feedbackRoutes, uploadRoutes } from '@nimbus/contracts/routes';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createApiClient } from './api-client';
import { ApiError } from './api-error';
import { createMemoryStorage } from './storage';

interface Sent {
  method: string;
  url: string;
  body: string | undefined;
}

function fakeClient(answers: { status: number; json: unknown }[]) {
  const sent: Sent[] = [];
  const client = createApiClient({
    origins: { drive: ['https://drive.example'] },
    clientId: 'web',
    locale: 'en',
    getDeviceId: () => 'device',
    storage: createMemoryStorage(),
    retryDelayMs: 0,
    fetch: async (url, init) => {
      sent.push({
        method: init?.method ?? 'GET',
        url: url instanceof Request ? url.url : url.toString(),
        body: typeof init?.body === 'string' ? init.body : undefined,
      });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify(answer?.json ?? {}), {
        status: answer?.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    },
  });
  return { client, sent };
}

describe('call', () => {
  it('fills the path, sends query and body, and types the answer from the catalogue', async () => {
    const { client, sent } = fakeClient([{ status: 200, json: { kind: 'drive#file', id: 'f/1' } }]);
    const file = await client.call(driveApi.renameFile, {
      params: { id: 'f/1' },
      body: { name: 'new name' },
    });
    expectTypeOf(file).toEqualTypeOf<DriveFile>();
    expect(file.id).toBe('f/1');
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: 'https://drive.example/drive/v1/files/f%2F1',
        body: JSON.stringify({ name: 'new name' }),
      },
    ]);
  });

  it('sends the query and makes :: a colon', async () => {
    const { client, sent } = fakeClient([{ status: 200, json: { ids: ['a'] } }]);
    await client.call(driveApi.listFiles, { query: { parent_id: 'p', limit: 10 } });
    await client.call(driveApi.star, { body: { ids: ['a'] } });
    await client.call(uploadApi.prove, {
      params: { id: 'f1' },
      body: { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
    });
    expect(sent.map(({ method, url }) => `${method} ${url}`)).toEqual([
      'GET https://drive.example/drive/v1/files?parent_id=p&limit=10',
      'POST https://drive.example/drive/v1/files:star',
      'POST https://drive.example/drive/v1/files/f1:prove',
    ]);
  });

  it('needs no input for an endpoint that takes none', async () => {
    const { client, sent } = fakeClient([{ status: 200, json: { kind: 'drive#about' } }]);
    const about = await client.call(driveApi.about);
    expectTypeOf(about).toEqualTypeOf<DriveAbout>();
    expect(sent[0]?.url).toBe('https://drive.example/drive/v1/about');
  });

  it('keeps the client’s retries and error parsing', async () => {
    const { client, sent } = fakeClient([
      { status: 502, json: {} },
      { status: 404, json: { error: 'file_not_found', error_code: 5 } },
    ]);
    const failure = await client
      .call(driveApi.getFile, { params: { id: 'gone' } })
      .catch((cause: unknown) => cause);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).error).toBe('file_not_found');
    expect(sent).toHaveLength(2);
  });

  it('calls a route of the route table like its catalogue entry, typed the same', async () => {
    const { client, sent } = fakeClient([{ status: 200, json: { kind: 'drive#file', id: 'f/1' } }]);
    const file = await client.call(driveRoutes.renameFile, {
      params: { id: 'f/1' },
      body: { name: 'new name' },
    });
    expectTypeOf(file).toEqualTypeOf<DriveFile>();
    const about = await client.call(driveRoutes.about);
    expectTypeOf(about).toEqualTypeOf<DriveAbout>();
    await client.call(uploadRoutes.prove, {
      params: { id: 'f1' },
      body: { ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }] },
    });
    expect(sent.map(({ method, url, body }) => `${method} ${url} ${body ?? ''}`)).toEqual([
      `PATCH https://drive.example/drive/v1/files/f%2F1 ${JSON.stringify({ name: 'new name' })}`,
      'GET https://drive.example/drive/v1/about ',
      `POST https://drive.example/drive/v1/files/f1:prove ${JSON.stringify({
        ranges: [{ offset: '0', length: '1', sha1: 'a'.repeat(40) }],
      })}`,
    ]);
  });

  it('sends a form entry as multipart/form-data: its text fields, then its files', async () => {
    let sent: { url: string; body: unknown } | undefined;
    const client = createApiClient({
      origins: { drive: ['https://drive.example'] },
      clientId: 'web',
      locale: 'en',
      getDeviceId: () => 'device',
      storage: createMemoryStorage(),
      retryDelayMs: 0,
      fetch: async (url, init) => {
        sent = { url: url instanceof Request ? url.url : url.toString(), body: init?.body };
        return new Response(JSON.stringify({ id: 'fb1', created_time: '', attachments: [] }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      },
    });
    const answer = await client.call(feedbackRoutes.send, {
      form: {
        fields: { category: 'bug', message: 'The list jumps', contact_email: undefined },
        files: { attachments: [new File(['a'], 'one.png'), new File(['b'], 'two.png')] },
      },
    });
    expectTypeOf(answer).toEqualTypeOf<AnswerOf<(typeof feedbackApi)['send']>>();
    expect(sent?.url).toBe('https://drive.example/drive/v1/feedback');
    const form = sent?.body;
    expect(form).toBeInstanceOf(FormData);
    const entries: [string, string][] = [];
    (form as FormData).forEach((value, name) => {
      entries.push([name, typeof value === 'string' ? value : value.name]);
    });
    expect(entries).toEqual([
      ['category', 'bug'],
      ['message', 'The list jumps'],
      ['attachments', 'one.png'],
      ['attachments', 'two.png'],
    ]);
  });
});
