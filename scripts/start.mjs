// `npm start`: builds whatever is missing or older than its sources, then runs the one server
// that answers the site and the API (SQLite and blobs under ./data unless configured).
// `--dev` serves the web app in development mode with hot reload. `--worker` (`npm run worker`)
// builds the server if needed and runs the offline download worker alone, without HTTP.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isDev = process.argv.includes('--dev');
const isWorker = process.argv.includes('--worker');
const stampFile = path.join(root, 'node_modules', '.cache', 'nimbus-build-stamp');
const sourceRoots = [
  'apps/server/src',
  'apps/web/src',
  'apps/web/messages',
  'apps/web/public',
  'packages',
];
const sourceFiles = [
  'package-lock.json',
  'apps/web/next.config.ts',
  'apps/server/scripts/build.mjs',
];

/** The newest modification time among the sources of the build. */
function newestSourceTime() {
  let newest = 0;
  const visit = (file) => {
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const entry of fs.readdirSync(file)) {
        if (entry !== 'node_modules' && !entry.startsWith('.')) {
          visit(path.join(file, entry));
        }
      }
      return;
    }
    newest = Math.max(newest, stat.mtimeMs);
  };
  for (const entry of [...sourceRoots, ...sourceFiles]) {
    visit(path.join(root, entry));
  }
  return newest;
}

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    process.exit(result.status ?? 1);
  }
}

const stamp = fs.existsSync(stampFile) ? Number(fs.readFileSync(stampFile, 'utf8')) : 0;
const sourcesTime = newestSourceTime();
const workerStale = () => {
  const bundle = path.join(root, 'apps/server/dist/worker.js');
  return !fs.existsSync(bundle) || fs.statSync(bundle).mtimeMs < sourcesTime;
};
if (isWorker) {
  if (process.argv.includes('--build') || workerStale()) {
    run('npm', ['run', 'build', '-w', '@nimbus/server']);
  }
} else if (isDev) {
  run('npm', ['run', 'build', '-w', '@nimbus/server']);
} else if (
  process.argv.includes('--build') ||
  sourcesTime > stamp ||
  !fs.existsSync(path.join(root, 'apps/server/dist/main.js')) ||
  !fs.existsSync(path.join(root, 'apps/web/.next/BUILD_ID'))
) {
  run('npm', ['run', 'build']);
  fs.mkdirSync(path.dirname(stampFile), { recursive: true });
  fs.writeFileSync(stampFile, String(sourcesTime));
}

const entry = isWorker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js';
const server = spawn(process.execPath, ['--enable-source-maps', entry], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: isDev ? 'development' : 'production' },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
