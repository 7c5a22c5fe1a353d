import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AdminUsageError, runAdminCommand } from '../../src/modules/admin/admin-cli';
import { buildTestApp, dialects, makeUser, ok, testClock, type TestApp } from '../helper';
import { signIn } from '../identity';
import { stepUp } from '../support/console';

describe.each(dialects)('npm run admin on %s', (dialect) => {
  let t: TestApp;
  const clock = testClock();

  beforeEach(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const run = (...argv: string[]) =>
    runAdminCommand(argv, { roles: t.container.roles, audit: t.container.audit });

  it('grants the first admin, who then opens the console, and revokes with an audit row each', async () => {
    const user = await makeUser(t);
    expect(await run('grant', user.email, 'admin')).toEqual([`${user.email} is now admin`]);
    expect(await run('list')).toEqual([`admin\t${user.email}\t${clock.now().toISOString()}`]);

    const token = await signIn(t, user.email, user.password);
    await stepUp(t, user.id, clock.now());
    const me = await t.app.inject({
      method: 'GET',
      url: '/audit.admin/v1/me',
      headers: { authorization: `Bearer ${token.access_token}` },
    });
    expect(ok<{ role: string }>(me).role).toBe('admin');

    expect(await run('revoke', user.email)).toEqual([`${user.email} holds no role any more`]);
    const rows = await t.container.database.db
      .selectFrom('audit_log')
      .select(['actor_id', 'actor_role', 'action', 'target_id', 'before', 'after'])
      .where('actor_id', '=', 'command-line')
      .orderBy('created_at')
      .orderBy('action')
      .execute();
    expect(rows).toEqual([
      {
        actor_id: 'command-line',
        actor_role: 'operator',
        action: 'roles.grant',
        target_id: user.id,
        before: '{"role":null}',
        after: '{"role":"admin"}',
      },
      {
        actor_id: 'command-line',
        actor_role: 'operator',
        action: 'roles.revoke',
        target_id: user.id,
        before: '{"role":"admin"}',
        after: '{"role":null}',
      },
    ]);
  });

  it('refuses unknown members, roles and commands with the usage', async () => {
    const user = await makeUser(t);
    await expect(run('grant', 'nobody@example.com', 'admin')).rejects.toThrow(AdminUsageError);
    await expect(run('grant', user.email, 'owner')).rejects.toThrow(/must be one of/);
    await expect(run('revoke', user.email)).rejects.toThrow(AdminUsageError);
    await expect(run('promote', user.email)).rejects.toThrow('Unknown command');
  });
});
