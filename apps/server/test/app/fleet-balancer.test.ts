import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFleet, type Fleet } from '../../../../scripts/fleet.mjs';
import { dialects } from '../helper';
import { gcidOf } from '../upload/uploads-fixture';
import { buildBundle, bundlePath, prepareMember, removeBundle } from '../support/processes';

const postgresUrl = process.env.TEST_DATABASE_URL ?? '';

// The fleet runs on PostgreSQL only: nodes on one SQLite file are one machine, not a fleet.
describe.each(dialects.filter((dialect) => dialect === 'postgres'))(
  'a fleet behind haproxy on %s',
  () => {
    const server = bundlePath('fleet-main');
    const worker = bundlePath('fleet-worker');
    const schema = `fleet_${randomBytes(6).toString('hex')}`;
    let fleet: Fleet | undefined;
    let dataDir = '';
    let member = { email: '', password: '' };

    beforeAll(async () => {
      buildBundle(server);
      buildBundle(worker, 'src/worker.ts');
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-fleet-test-'));
      member = await prepareMember(dataDir, 'Fleet', { url: postgresUrl, schema });
      const url = new URL(postgresUrl);
      url.searchParams.set('options', `-c search_path=${schema}`);
      fleet = await startFleet({
        databaseUrl: url.toString(),
        serverBundle: server,
        workerBundle: worker,
        env: { RATE_LIMIT_MAX: '100000', S3_PART_MIB: '5' },
      });
    }, 120_000);

    afterAll(async () => {
      await fleet?.stop();
      removeBundle(server);
      removeBundle(worker);
      await fs.rm(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: postgresUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    });

    /** The member's bearer header, signed in through the balancer. */
    async function signedIn(): Promise<Record<string, string>> {
      const answer = await fetch(`${fleet!.url}/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'tv',
          username: member.email,
          password: member.password,
        }),
      });
      expect(answer.status, await answer.clone().text()).toBe(200);
      return {
        authorization: `Bearer ${((await answer.json()) as { access_token: string }).access_token}`,
      };
    }

    it('signs in, uploads and downloads through the balancer, and every node serves the file', async () => {
      const { url, nodes } = fleet!;
      const served = new Set<string>();
      const call = async (base: string, pathname: string, init: RequestInit = {}) => {
        const answer = await fetch(`${base}${pathname}`, init);
        served.add(answer.headers.get('x-nimbus-node') ?? '');
        return answer;
      };
      // Calls without a token go round the nodes.
      for (let index = 0; index < 4; index += 1) {
        expect((await call(url, '/readyz')).status).toBe(200);
      }
      expect([...served].sort()).toEqual(['node-a', 'node-b']);

      const signIn = await call(url, '/v1/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          client_id: 'tv',
          username: member.email,
          password: member.password,
        }),
      });
      expect(signIn.status, await signIn.clone().text()).toBe(200);
      const token = ((await signIn.json()) as { access_token: string }).access_token;
      const auth = { authorization: `Bearer ${token}` };

      const bytes = randomBytes(200_000);
      const created = await call(url, '/drive/v1/files', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'drive#file',
          parent_id: '',
          upload_type: 'UPLOAD_TYPE_RESUMABLE',
          name: 'across.bin',
          size: String(bytes.length),
        }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const { resumable, file } = (await created.json()) as {
        resumable: { params: { url: string } };
        file: { id: string };
      };
      // The tus calls of one token reach the node holding the upload's partial data.
      const sent = await fetch(resumable.params.url, {
        method: 'PATCH',
        headers: {
          ...auth,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body: bytes,
      });
      expect(sent.status, await sent.clone().text()).toBe(204);

      for (const node of nodes) {
        const about = await call(node.url, `/drive/v1/files/${file.id}`, { headers: auth });
        expect(about.status).toBe(200);
        const { web_content_link: link, phase } = (await about.json()) as {
          web_content_link: string;
          phase: string;
        };
        expect(phase).toBe('PHASE_TYPE_COMPLETE');
        const content = new URL(link);
        const download = await fetch(`${node.url}${content.pathname}${content.search}`);
        expect(download.status).toBe(200);
        expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
      }
    });

    it('an upload through the balancer goes on after the node receiving it is killed, sending again at most one part', async () => {
      const { url, nodes } = fleet!;
      const auth = await signedIn();
      const part = 5 * 1024 * 1024;
      const bytes = randomBytes(2 * part + 100_000);
      const created = await fetch(`${url}/drive/v1/files`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({
          kind: 'drive#file',
          parent_id: '',
          upload_type: 'UPLOAD_TYPE_RESUMABLE',
          name: 'survivor.bin',
          size: String(bytes.length),
        }),
      });
      expect(created.status, await created.clone().text()).toBe(200);
      const { resumable, file } = (await created.json()) as {
        resumable: { params: { url: string } };
        file: { id: string };
      };
      const tus = { ...auth, 'tus-resumable': '1.0.0' };
      const path = new URL(resumable.params.url).pathname;
      const first = await fetch(`${url}${path}`, { method: 'HEAD', headers: tus });
      const receiving = nodes.find((node) => node.name === first.headers.get('x-nimbus-node'));
      const other = nodes.find((node) => node !== receiving);
      if (receiving === undefined || other === undefined) {
        throw new Error('the balancer names the node that answered');
      }
      // A part and a half go to the node the balancer picks; then the request stalls there.
      let stop = () => undefined as void;
      const stalled = new Promise<void>((resolve) => {
        stop = resolve;
      });
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(bytes.subarray(0, part + part / 2));
          await stalled;
          controller.close();
        },
      });
      const cut = fetch(`${url}${path}`, {
        method: 'PATCH',
        headers: {
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        body,
        duplex: 'half',
      }).catch(() => undefined);
      const durable = async () =>
        Number(
          (await fetch(`${other.url}${path}`, { method: 'HEAD', headers: tus })).headers.get(
            'upload-offset',
          ),
        );
      for (let tries = 0; (await durable()) < part; tries += 1) {
        expect(tries).toBeLessThan(300);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await receiving.kill();
      stop();
      await cut;
      try {
        // Through the balancer again: the other node answers, at most one part behind.
        const head = await fetch(`${url}${path}`, { method: 'HEAD', headers: tus });
        expect(head.status).toBe(200);
        expect(head.headers.get('x-nimbus-node')).toBe(other.name);
        const offset = Number(head.headers.get('upload-offset'));
        expect(offset).toBe(part);
        const rest = await fetch(`${url}${path}`, {
          method: 'PATCH',
          headers: {
            ...tus,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
          },
          body: bytes.subarray(offset),
        });
        expect(rest.status, await rest.clone().text()).toBe(204);
        const about = await fetch(`${url}/drive/v1/files/${file.id}`, { headers: auth });
        expect(await about.json()).toMatchObject({
          phase: 'PHASE_TYPE_COMPLETE',
          hash: gcidOf(bytes),
          size: String(bytes.length),
        });
      } finally {
        await receiving.restart();
      }
    }, 60_000);
  },
);
