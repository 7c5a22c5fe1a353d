// Transfers of the benches: downloads measured with curl (the client of the download
// baselines) from nginx or Nimbus, and form uploads.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { hashFile, tempDir, writeRandomFile } from './files.mjs';
import { startNginx } from './processes.mjs';

/** Fails the bench early when curl, the download client of the baselines, is missing. */
export function requireCurl(role) {
  if (spawnSync('curl', ['--version']).status !== 0) {
    throw new Error(`curl is needed as the ${role} (apt-get install -y curl)`);
  }
}

/** curl's `-H` arguments for request headers. */
const headerArgs = (headers) =>
  Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);

/**
 * Runs curl with `args` and a `-w` of `format`; answers its exit code, the written-out fields
 * (split on spaces) and its stderr.
 */
function runCurl(args, format) {
  return new Promise((resolve, reject) => {
    const curl = spawn('curl', ['-sS', ...args, '-w', format]);
    let text = '';
    let err = '';
    curl.stdout.on('data', (chunk) => (text += chunk));
    curl.stderr.on('data', (chunk) => (err += chunk));
    curl.on('error', reject);
    curl.on('close', (code) => resolve({ code, fields: text.trim().split(' '), err }));
  });
}

/**
 * One GET of `url` with curl into `out` (default /dev/null, so this process's RSS sampling is
 * not blocked), expecting a 200 of `size` bytes. `durable` runs `sync <out>` before the clock
 * stops; a real `out` is removed after. Answers curl's own `time_total` and the wall time from
 * spawn to exit (the sync included), in seconds.
 */
export async function curlDownload(
  url,
  { size, out = '/dev/null', durable = false, headers = {} },
) {
  const started = process.hrtime.bigint();
  const { code, fields, err } = await runCurl(
    [...headerArgs(headers), '-o', out, url],
    '%{http_code} %{size_download} %{time_total}',
  );
  if (durable) {
    spawnSync('sync', [out]);
  }
  const wallSeconds = Number(process.hrtime.bigint() - started) / 1e9;
  const [status, bytes, curlSeconds] = fields;
  if (out !== '/dev/null') {
    fs.rmSync(out, { force: true });
  }
  if (code !== 0 || status !== '200' || Number(bytes) !== size) {
    throw new Error(`GET ${url}: curl ${code}, HTTP ${status}, ${bytes} of ${size} bytes ${err}`);
  }
  return { curlSeconds: Number(curlSeconds), wallSeconds };
}

/**
 * One PUT of `file` to `url` with curl (no `Expect: 100-continue` wait), expecting a 201 or 204
 * after all `size` bytes went; answers curl's own `time_total` in seconds.
 */
export async function curlUpload(url, file, { size, headers = {} }) {
  const { code, fields, err } = await runCurl(
    ['-T', file, '-H', 'Expect:', ...headerArgs(headers), '-o', '/dev/null', url],
    '%{http_code} %{size_upload} %{time_total}',
  );
  const [status, bytes, seconds] = fields;
  if (code !== 0 || !['201', '204'].includes(status) || Number(bytes) !== size) {
    throw new Error(`PUT ${url}: curl ${code}, HTTP ${status}, ${bytes} of ${size} bytes ${err}`);
  }
  return Number(seconds);
}

/**
 * A file of `size` random bytes in a temp folder served by nginx as `/big.bin`; answers its
 * path, digest (SHA-256, GCID, size), URL and the nginx to stop.
 */
export async function servedRandomFile(prefix, size) {
  const dir = tempDir(prefix);
  fs.chmodSync(dir, 0o755);
  const file = path.join(dir, 'big.bin');
  writeRandomFile(file, size);
  const digest = await hashFile(file);
  const nginx = await startNginx(dir);
  return { file, digest, url: nginx.url('big.bin'), nginx };
}

/** The multipart POST of one file (a form upload's bytes), with the form's other fields first. */
export async function postForm(url, fields, bytes, name, headers) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, String(value));
  }
  form.append('file', new Blob([bytes], { type: 'application/octet-stream' }), name);
  const response = await fetch(url, { method: 'POST', body: form, headers });
  const text = await response.text();
  if (!response.ok) {
    throw new Error(`POST ${url} answered ${response.status}: ${text.slice(0, 300)}`);
  }
  return text;
}
