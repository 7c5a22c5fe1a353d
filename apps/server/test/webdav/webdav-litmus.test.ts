import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { run, startDavServer, type DavServer } from './webdav-fixture';

/**
 * litmus (Debian's WebDAV test suite) against `/dav/` of a real listening server: the basic,
 * copymove, props, locks and http suites, with no failure and no warning.
 */
describe.each(dialects)('WebDAV under litmus on %s', (dialect) => {
  let server: DavServer;
  beforeAll(async () => {
    server = await startDavServer(dialect);
  });
  afterAll(async () => {
    await server.t.close();
  });

  it('passes the basic, copymove, props, locks and http suites', async () => {
    const result = await run(
      'litmus',
      [`${server.origin}/dav/`, server.member.email, server.appPassword],
      {
        env: { ...process.env, TESTS: 'basic copymove props locks http', HOME: os.tmpdir() },
        // litmus writes its debug.log and child.log where it runs.
        cwd: os.tmpdir(),
        timeout: 60_000,
      },
    ).catch((error: { stdout?: string; stderr?: string; message?: string }) => ({
      stdout: error.stdout ?? '',
      stderr: error.stderr ?? error.message ?? '',
    }));
    const summary = result.stdout
      .split('\n')
      .filter((line) => /FAIL|WARNING|summary|<-/.test(line))
      .join('\n');
    expect(result.stdout, `${summary}\n${result.stderr}`).not.toMatch(/FAIL|WARNING/);
    expect(result.stdout).toMatch(/<- summary for `locks': of \d+ tests run: \d+ passed, 0 failed/);
  }, 90_000);
});
