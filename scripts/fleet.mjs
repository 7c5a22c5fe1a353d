// `node scripts/fleet.mjs --database-url postgres://... [--nodes 2] [--port 8080] [--web]`: a
// Nimbus fleet on this machine, as production runs one (README.md, "A fleet"): Debian's haproxy
// in front of N API nodes (`PORT` each, `OFFLINE_WORKERS=0`), one worker node (`npm run
// worker`), PostgreSQL (the URL given), Debian's redis-server, and an S3-compatible store
// (s3rver, in this process), all on loopback. Needs `npm run build -w @nimbus/server` (and
// `npm run build -w @nimbus/web` with `--web`). Runs until Ctrl-C, then tears everything down.
// Tests and benches import `startFleet`, which also kills and restarts nodes.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import S3rver from 's3rver';
import { freePort, redisServerArgs } from './local-services.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverRoot = path.join(root, 'apps/server');

/** Spawns a process whose output is kept (the last 64 kB) for the report of a failure. */
function launch(command, args, env, cwd = serverRoot) {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-65536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits until `url` answers 2xx; fails when the process exits first or after `ms`. */
async function waitUntilReady(url, running, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (running.child.exitCode !== null) {
      throw new Error(`${url}: process exited with ${running.child.exitCode}\n${running.output()}`);
    }
    try {
      if ((await fetch(url)).ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} never became ready\n${running.output()}`);
}

async function stopProcess(running, signal = 'SIGTERM') {
  if (running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill(signal);
  }
  await running.exited;
}

async function startRedis(dir) {
  const port = await freePort();
  const running = launch('redis-server', redisServerArgs(port, dir), process.env);
  const until = Date.now() + 10_000;
  for (;;) {
    const answered = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => socket.end(() => resolve(true)));
      socket.once('error', () => resolve(false));
    });
    if (answered) {
      return { url: `redis://127.0.0.1:${port}`, running };
    }
    if (running.child.exitCode !== null || Date.now() > until) {
      throw new Error(`redis-server did not start\n${running.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * The balancer's configuration: round robin over the API nodes, each checked on `/readyz` every
 * 500 ms (out after two failures, so a killed or unready node is drained within a second), a
 * request whose connection failed retried on another node, and the requests of one bearer token
 * kept on one node while it is up (an upload that stays on one node keeps its hash in memory; one
 * that moves, its bytes being in the bucket, is hashed again once at its end). Every answer names the node that gave it (`X-Nimbus-Node`).
 */
export function haproxyConfig({ port, nodes }) {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 1s',
    '  timeout client 60s',
    '  timeout server 60s',
    '  retries 3',
    '  option redispatch',
    '  retry-on conn-failure',
    'frontend nimbus',
    `  bind 127.0.0.1:${port}`,
    '  default_backend api',
    'backend api',
    '  balance hdr(Authorization)',
    '  hash-type consistent',
    '  option httpchk GET /readyz',
    '  http-response set-header X-Nimbus-Node %[srv_name]',
    '  option forwardfor',
    ...nodes.map(
      (node) => `  server ${node.name} 127.0.0.1:${node.port} check inter 500ms fall 2 rise 1`,
    ),
    '',
  ].join('\n');
}

/**
 * Starts a fleet. `databaseUrl` is used as given (a test passes one whose `options` set the
 * search path of a schema of its own). Answers the balancer's URL, the nodes (each can be
 * killed and restarted), the worker, and `stop`.
 */
export async function startFleet(options) {
  const {
    databaseUrl,
    nodes: count = 2,
    port: balancerPort,
    web = false,
    serverBundle = path.join(serverRoot, 'dist/main.js'),
    workerBundle = path.join(serverRoot, 'dist/worker.js'),
    env: extraEnv = {},
  } = options;
  if (!databaseUrl) {
    throw new Error('a fleet needs --database-url postgres://...');
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'nimbus-fleet-'));
  const cleanups = [() => fs.rm(dir, { recursive: true, force: true })];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      await cleanup().catch(() => undefined);
    }
  };
  try {
    const redis = await startRedis(dir);
    cleanups.push(() => stopProcess(redis.running));
    const s3 = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: path.join(dir, 's3'),
      configureBuckets: [{ name: 'nimbus-blobs' }],
    });
    const s3Address = await s3.run();
    cleanups.push(() => s3.close());
    const port = balancerPort ?? (await freePort());
    const publicUrl = `http://127.0.0.1:${port}`;
    const shared = {
      ...process.env,
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      REDIS_URL: redis.url,
      REDIS_PREFIX: `fleet-${randomBytes(4).toString('hex')}:`,
      BLOB_STORE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${s3Address.port}`,
      S3_BUCKET: 'nimbus-blobs',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
      AUTH_SECRET: randomBytes(32).toString('base64url'),
      PUBLIC_URL: publicUrl,
      WEB: web ? 'on' : 'off',
      LOG_LEVEL: 'warn',
      ...extraEnv,
    };
    const nodes = [];
    for (let index = 0; index < count; index += 1) {
      const name = `node-${String.fromCharCode(97 + index)}`;
      const nodeDir = path.join(dir, name);
      await fs.mkdir(nodeDir);
      nodes.push({
        name,
        port: await freePort(),
        env: { NODE_ID: name, DATA_DIR: nodeDir, OFFLINE_WORKERS: '0' },
      });
    }
    const startNode = async (node) => {
      const env = { ...shared, ...node.env, PORT: String(node.port) };
      node.running = launch(process.execPath, [serverBundle], env);
      await waitUntilReady(`http://127.0.0.1:${node.port}/readyz`, node.running, 60_000);
    };
    // Side by side: the nodes' migrations take turns under the migrator's lock.
    cleanups.push(() =>
      Promise.all(nodes.map((node) => node.running && stopProcess(node.running))),
    );
    await Promise.all(nodes.map(startNode));
    const worker = {
      name: 'worker',
      env: { DATA_DIR: path.join(dir, 'worker'), NODE_ID: 'worker', OFFLINE_WORKERS: '2' },
    };
    const startWorker = () => {
      worker.running = launch(process.execPath, [workerBundle], { ...shared, ...worker.env });
    };
    startWorker();
    cleanups.push(() => stopProcess(worker.running));
    const config = path.join(dir, 'haproxy.cfg');
    await fs.writeFile(config, haproxyConfig({ port, nodes }));
    const haproxy = launch('haproxy', ['-db', '-f', config], process.env);
    cleanups.push(() => stopProcess(haproxy));
    await waitUntilReady(`${publicUrl}/readyz`, haproxy);
    return {
      url: publicUrl,
      dir,
      nodes: nodes.map((node) => ({
        name: node.name,
        url: `http://127.0.0.1:${node.port}`,
        output: () => node.running.output(),
        kill: () => stopProcess(node.running, 'SIGKILL'),
        restart: () => startNode(node),
      })),
      worker: {
        output: () => worker.running.output(),
        kill: () => stopProcess(worker.running, 'SIGKILL'),
        restart: async () => startWorker(),
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function flag(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : process.argv[index + 1];
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const fleet = await startFleet({
    databaseUrl: flag('--database-url') ?? process.env.DATABASE_URL,
    nodes: Number(flag('--nodes') ?? 2),
    port: flag('--port') === undefined ? 8080 : Number(flag('--port')),
    web: process.argv.includes('--web'),
  });
  process.stdout.write(
    `Nimbus fleet at ${fleet.url}: ${fleet.nodes.map((node) => `${node.name} ${node.url}`).join(', ')}, one worker. Ctrl-C stops it.\n`,
  );
  const end = () => void fleet.stop().then(() => process.exit(0));
  process.once('SIGINT', end);
  process.once('SIGTERM', end);
}
