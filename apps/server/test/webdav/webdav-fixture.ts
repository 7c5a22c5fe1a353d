import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildTestApp, makeUser, type TestApp, type TestUser } from '../helper';
import type { Dialect } from '../../src/db/database';

export const run = promisify(execFile);

/** A real listening server with one member and a read-write app password of theirs. */
export interface DavServer {
  t: TestApp;
  origin: string;
  member: TestUser;
  appPassword: string;
  /** `Authorization` of the member's app password. */
  basic: string;
}

export async function startDavServer(
  dialect: Dialect,
  env: Record<string, string> = {},
  options: { davPageSize?: number } = {},
): Promise<DavServer> {
  const t = await buildTestApp(dialect, { RATE_LIMIT_MAX: '1000000', ...env }, options);
  const member = await makeUser(t);
  const { password } = await t.container.appPasswords.create(member.id, {
    name: 'tests',
    scope: 'write',
  });
  const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  return {
    t,
    origin,
    member,
    appPassword: password,
    basic: `Basic ${Buffer.from(`${member.email}:${password}`).toString('base64')}`,
  };
}
