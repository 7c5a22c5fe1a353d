import type { APIRequestContext, Browser } from '@playwright/test';
import { request as apiRequest, expect } from '@playwright/test';
import { newEmail, signUpInEnglish } from './sign-up';

/*
 * Seeding members, drives and shares through the API (docs/api.md#files, docs/api.md#shares) for specs that then drive
 * the browser: each call checks its answer, so a seeding failure shows the server's words.
 */

/** The headers of an API call as the web client, with a member's access token. */
export function apiHeaders(token: string): Record<string, string> {
  return { 'x-client-id': 'web', authorization: `Bearer ${token}` };
}

/** A new member, signed up through the English sign-in page in a context of their own. */
export async function signedUpMember(browser: Browser, password: string): Promise<string> {
  const email = newEmail();
  const context = await browser.newContext();
  await signUpInEnglish(await context.newPage(), email, password);
  await context.close();
  return email;
}

/** An access token of a member, signed in from a fresh API context (no session cookie). */
export async function tokenOf(baseURL: string, email: string, password: string): Promise<string> {
  const context = await apiRequest.newContext({ baseURL });
  const signIn = await context.post('/v1/auth/signin', {
    data: { client_id: 'web', username: email, password },
  });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  const token = ((await signIn.json()) as { access_token: string }).access_token;
  await context.dispose();
  return token;
}

/** Makes a folder and answers its id. */
export async function newFolder(
  request: APIRequestContext,
  token: string,
  name: string,
  parentId: string,
): Promise<string> {
  const answer = await request.post('/drive/v1/files', {
    headers: apiHeaders(token),
    data: { kind: 'drive#folder', name, parent_id: parentId },
  });
  expect(answer.ok(), await answer.text()).toBe(true);
  return ((await answer.json()) as { file: { id: string } }).file.id;
}

/** Uploads a small file into a folder with one form upload and answers its id. */
export async function uploadFile(
  request: APIRequestContext,
  token: string,
  parentId: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<string> {
  const started = await request.post('/drive/v1/files', {
    headers: apiHeaders(token),
    data: {
      kind: 'drive#file',
      name: file.name,
      parent_id: parentId,
      size: String(file.buffer.length),
      upload_type: 'UPLOAD_TYPE_FORM',
    },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const answer = (await started.json()) as { file: { id: string }; form: { url: string } };
  const sent = await request.post(answer.form.url, {
    headers: apiHeaders(token),
    multipart: { file },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
  return answer.file.id;
}

/** Uploads a text file of one line (`<name> contents`) and answers its id. */
export function newTextFile(
  request: APIRequestContext,
  token: string,
  parentId: string,
  name: string,
): Promise<string> {
  return uploadFile(request, token, parentId, {
    name,
    mimeType: 'text/plain',
    buffer: Buffer.from(`${name} contents\n`),
  });
}

/**
 * Shares items; unless `options` say otherwise the share never expires and needs no pass code.
 * Answers the share's id and pass code.
 */
export async function createShare(
  request: APIRequestContext,
  token: string,
  fileIds: string[],
  options: {
    expiration_days?: number;
    pass_code_option?: 'REQUIRED' | 'NOT_REQUIRED';
    restore_limit?: number;
  } = {},
): Promise<{ share_id: string; pass_code: string }> {
  const created = await request.post('/drive/v1/share', {
    headers: apiHeaders(token),
    data: {
      file_ids: fileIds,
      share_to: 'copy',
      expiration_days: -1,
      pass_code_option: 'NOT_REQUIRED',
      ...options,
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return (await created.json()) as { share_id: string; pass_code: string };
}
