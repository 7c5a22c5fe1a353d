// The fleet under load and faults (`npm run bench -- fleet`): scripts/fleet.mjs's haproxy, two
// API nodes, a worker, Redis and S3 on PostgreSQL (`BENCH_DATABASE_URL`, else
// `TEST_DATABASE_URL`; a schema of its own, dropped after). Simulated members sign in, list,
// upload (tus) and download for `BENCH_FLEET_SECONDS` (default 30) while node-a is killed
// (SIGKILL) and restarted at a third of the run and the worker at two thirds. Prints requests/s,
// p50/p95/p99 and errors by kind; then checks every acknowledged upload is present and
// byte-identical, and that no 5xx came but from requests in flight on the killed node.
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startFleet } from '../scripts/fleet.mjs';
import { line, NotMeasured, percentile, root, runBench, signUp, target } from './lib.mjs';

const seconds = Number(process.env.BENCH_FLEET_SECONDS ?? 30);
const members = Number(process.env.BENCH_FLEET_MEMBERS ?? 6);
const databaseUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? '';

const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');

await runBench(async () => {
  if (databaseUrl === '') {
    throw new NotMeasured('set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL URL');
  }
  const build = spawnSync(process.execPath, ['apps/server/scripts/build.mjs'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    throw new Error('the server did not build');
  }
  const schema = `bench_fleet_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const fleet = await startFleet({
    databaseUrl: url.toString(),
    env: { RATE_LIMIT_MAX: '100000000', ACCESS_TOKEN_TTL_SECONDS: '86400' },
  });
  try {
    const [nodeA] = fleet.nodes;
    const people = [];
    for (let index = 0; index < members; index += 1) {
      const email = `fleet-${index}-${randomBytes(3).toString('hex')}@example.com`;
      const member = await signUp(
        { origin: nodeA.url, dataDir: path.join(fleet.dir, 'node-a') },
        email,
      );
      people.push({ ...member, email });
    }

    const samples = new Map();
    const errors = new Map();
    const acknowledged = [];
    const killedAt = [0, 0];
    const record = (kind, started, failure) => {
      if (failure === undefined) {
        samples.set(kind, [...(samples.get(kind) ?? []), performance.now() - started]);
      } else {
        const key = `${kind} ${failure}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    };
    const call = async (kind, pathOrUrl, init) => {
      const started = performance.now();
      try {
        const answer = await fetch(
          pathOrUrl.startsWith('http') ? pathOrUrl : `${fleet.url}${pathOrUrl}`,
          init,
        );
        const body = Buffer.from(await answer.arrayBuffer());
        record(kind, started, answer.ok ? undefined : String(answer.status));
        return { answer, body };
      } catch (error) {
        record(kind, started, error?.cause?.code ?? 'network');
        return undefined;
      }
    };

    const kinds = {
      async signin(member) {
        await call('signin', '/v1/auth/signin', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            client_id: 'tv',
            username: member.email,
            password: 'Bench-password-1',
          }),
        });
      },
      async list(member) {
        await call('list', '/drive/v1/files?parent_id=', { headers: member.headers });
      },
      async upload(member) {
        const bytes = randomBytes(64 * 1024 + Math.floor(Math.random() * 64 * 1024));
        const created = await call('upload', '/drive/v1/files', {
          method: 'POST',
          headers: { ...member.headers, 'content-type': 'application/json' },
          body: JSON.stringify({
            kind: 'drive#file',
            parent_id: '',
            upload_type: 'UPLOAD_TYPE_RESUMABLE',
            name: `load-${randomBytes(6).toString('hex')}.bin`,
            size: String(bytes.length),
          }),
        });
        if (!created?.answer.ok) {
          return;
        }
        const { resumable, file } = JSON.parse(created.body.toString());
        const sent = await call('upload', resumable.params.url, {
          method: 'PATCH',
          headers: {
            ...member.headers,
            'tus-resumable': '1.0.0',
            'upload-offset': '0',
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes,
        });
        if (sent?.answer.status === 204) {
          acknowledged.push({ member, id: file.id, sha256: sha(bytes) });
        }
      },
      async download(member) {
        const mine = acknowledged.filter((upload) => upload.member === member);
        const pick = mine[Math.floor(Math.random() * mine.length)];
        if (pick === undefined) {
          return;
        }
        const about = await call('download', `/drive/v1/files/${pick.id}`, {
          headers: member.headers,
        });
        if (!about?.answer.ok) {
          return;
        }
        const link = new URL(JSON.parse(about.body.toString()).web_content_link);
        await call('download', `${link.pathname}${link.search}`);
      },
    };
    const mix = ['list', 'list', 'upload', 'upload', 'download', 'download', 'signin'];

    const started = Date.now();
    const until = started + seconds * 1000;
    const faults = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 3));
      killedAt[0] = Date.now();
      await nodeA.kill();
      await new Promise((resolve) => setTimeout(resolve, 2000));
      await nodeA.restart();
      killedAt[0] = Date.now() - killedAt[0];
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, started + (seconds * 2000) / 3 - Date.now())),
      );
      killedAt[1] = Date.now();
      await fleet.worker.kill();
      await fleet.worker.restart();
    })();
    await Promise.all(
      people.map(async (member) => {
        while (Date.now() < until) {
          await kinds[mix[Math.floor(Math.random() * mix.length)]](member);
        }
      }),
    );
    await faults;
    const elapsed = (Date.now() - started) / 1000;

    let total = 0;
    for (const [kind, values] of [...samples].sort()) {
      total += values.length;
      line(
        `${kind}: ${values.length} ok`,
        `p50 ${percentile(values, 50).toFixed(1)} ms  p95 ${percentile(values, 95).toFixed(1)} ms  p99 ${percentile(values, 99).toFixed(1)} ms`,
      );
    }
    const failed = [...errors.values()].reduce((sum, count) => sum + count, 0);
    line('requests/s (answered ok)', (total / elapsed).toFixed(1));
    line('node-a down (kill to ready again)', `${killedAt[0]} ms`);
    for (const [key, count] of [...errors].sort()) {
      line(`errors: ${key}`, String(count));
    }

    let lost = 0;
    for (const upload of acknowledged) {
      const about = await fetch(`${fleet.url}/drive/v1/files/${upload.id}`, {
        headers: upload.member.headers,
      });
      const link = about.ok ? new URL((await about.json()).web_content_link) : undefined;
      const bytes = link
        ? Buffer.from(
            await (await fetch(`${fleet.url}${link.pathname}${link.search}`)).arrayBuffer(),
          )
        : Buffer.alloc(0);
      lost += sha(bytes) === upload.sha256 ? 0 : 1;
    }
    target(
      'every acknowledged upload present and byte-identical',
      lost === 0,
      `${acknowledged.length} acknowledged, ${lost} lost or corrupt`,
    );
    const serverErrors = [...errors]
      .filter(([key]) => / 5\d\d$/.test(key))
      .reduce((sum, [, count]) => sum + count, 0);
    // A request in flight on the killed node ends in a reset (or haproxy's 502/503 for it).
    target(
      'few failures, only around the kill',
      failed <= members * 4,
      `${failed} failed requests (${serverErrors} 5xx) with ${members} members`,
    );
  } finally {
    await fleet.stop();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
  }
});
