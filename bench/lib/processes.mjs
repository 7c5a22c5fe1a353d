// Servers of the benches in child processes: a built Nimbus's node, and nginx as a baseline.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/local-services.mjs';
import { tempDir } from './files.mjs';

export { freePort };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

async function waitFor(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`server exited with ${child.exitCode} before answering ${url}`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) {
        return;
      }
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a process and waits until `readyPath` answers 200; returns it with a stop(). */
export async function startProcess({ args, env = {}, port, readyPath }) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}${readyPath}`, child);
  return {
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) {
          resolve();
          return;
        }
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Debian's nginx binary, installed with apt-get when missing and the bench runs as root. */
export function nginxBinary() {
  const known = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => fs.existsSync(file));
  if (known) {
    return known;
  }
  if (process.getuid?.() !== 0) {
    throw new Error(
      'nginx is not installed: apt-get install -y nginx (as root), then run the bench again',
    );
  }
  process.stdout.write('installing nginx (apt-get install nginx)\n');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  const install = spawnSync(
    'apt-get',
    ['install', '-y', '-qq', '--no-install-recommends', 'nginx'],
    { stdio: 'inherit', env },
  );
  if (install.status !== 0 || !fs.existsSync('/usr/sbin/nginx')) {
    throw new Error('apt-get install nginx failed');
  }
  return '/usr/sbin/nginx';
}

/**
 * nginx in the foreground, as the current user (one process, no daemon, no privilege change),
 * with a config of its own in a temp folder: `sendfile on` serving `root` on a free port.
 */
export async function startNginx(root) {
  const binary = nginxBinary();
  const prefix = tempDir('nimbus-bench-nginx-');
  const port = await freePort();
  const config = path.join(prefix, 'nginx.conf');
  fs.writeFileSync(
    config,
    `daemon off;
master_process off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 64; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  types { application/octet-stream bin; }
  server {
    listen 127.0.0.1:${port};
    root ${root};
  }
}
`,
  );
  const child = spawn(binary, ['-c', config, '-p', prefix, '-e', `${prefix}/error.log`], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(
        `nginx exited with ${child.exitCode}: ${fs.readFileSync(`${prefix}/error.log`, 'utf8')}`,
      );
    }
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).status < 500) {
        break;
      }
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error('nginx did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) {
          resolve();
          return;
        }
        child.once('exit', resolve);
        child.kill('SIGQUIT');
      }),
  };
}
