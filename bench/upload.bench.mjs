// A 1 GiB resumable upload to Nimbus (docs/api.md#files "Uploads": the file is created with
// `UPLOAD_TYPE_RESUMABLE`, then its bytes go to the tus 1.0 resource the answer names; the server
// hashes SHA-256 and GCID while they stream and fsyncs the blob) against `dd conv=fsync` writing
// the same bytes to the same disk, in the same run: throughput (median of several runs) and the
// growth of the Nimbus process's resident memory while it receives. Targets of the issue:
// >= 0.6x dd, RSS growth under 64 MiB. `BENCH_SIZE_MIB` shrinks the file; `BENCH_RUNS` sets the
// runs (default 3).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import {
  api,
  ApiError,
  benchSizeBytes,
  hashFile,
  line,
  median,
  NotMeasured,
  rssWatch,
  runBench,
  signUp,
  startNimbus,
  target,
  tempDir,
  threadCpuMillis,
  writeRandomFile,
} from './lib.mjs';

const size = benchSizeBytes();
const runs = Number(process.env.BENCH_RUNS ?? 3);
const mib = size / 1024 / 1024;

/** `dd` copying the file to the disk with an fsync at the end; seconds. */
function dd(from, to) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn('dd', [`if=${from}`, `of=${to}`, 'bs=1M', 'conv=fsync', 'status=none'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      fs.rmSync(to, { force: true });
      if (code === 0) {
        resolve(seconds);
      } else {
        reject(new Error(`dd exited with ${code}`));
      }
    });
  });
}

/** One tus request: resolves with the status and headers once the answer is read. */
function tusRequest(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method, headers: { 'tus-resumable': '1.0.0', ...headers } },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, text }),
        );
      },
    );
    request.on('error', reject);
    if (body === undefined) {
      request.end();
    } else {
      body.on('error', reject);
      body.pipe(request);
    }
  });
}

/**
 * A tus 1.0 client (core protocol, as tus-js-client does with `uploadUrl`): HEAD for the offset,
 * then PATCH the rest of the file from there, again while the server stores less than all.
 */
async function tusUpload(url, file, headers) {
  const head = await tusRequest(url, 'HEAD', headers);
  if (head.status !== 200 && head.status !== 204) {
    throw new Error(`HEAD ${url} answered ${head.status}: ${head.text.slice(0, 300)}`);
  }
  let offset = Number(head.headers['upload-offset'] ?? 0);
  while (offset < size) {
    const patch = await tusRequest(
      url,
      'PATCH',
      {
        ...headers,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(size - offset),
      },
      fs.createReadStream(file, { start: offset, highWaterMark: 1024 * 1024 }),
    );
    const next = Number(patch.headers['upload-offset']);
    if (patch.status !== 204 || !(next > offset)) {
      throw new Error(
        `PATCH ${url} at ${offset} answered ${patch.status}: ${patch.text.slice(0, 300)}`,
      );
    }
    offset = next;
  }
}

/** Creates the file in the drive and uploads its bytes; seconds from the create to the last byte stored. */
async function nimbusUpload(nimbus, member, file, name) {
  const started = process.hrtime.bigint();
  const created = await api(nimbus, member, 'POST', '/drive/v1/files', {
    kind: 'drive#file',
    name,
    parent_id: '',
    size: String(size),
    upload_type: 'UPLOAD_TYPE_RESUMABLE',
  }).catch((error) => {
    throw error instanceof ApiError && error.status === 400
      ? new NotMeasured(`resumable uploads: ${error.message}`)
      : error;
  });
  const url = created.resumable?.params?.url;
  if (typeof url !== 'string' || url === '') {
    throw new NotMeasured(
      `POST /drive/v1/files with UPLOAD_TYPE_RESUMABLE answers no resumable.params.url (docs/api.md#files "Uploads"): ${JSON.stringify(created).slice(0, 300)}`,
    );
  }
  await tusUpload(new URL(url, nimbus.origin).href, file, member.headers);
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, id: created.file.id };
}

/** Makes the file's content new for a run (its first bytes), so no run is an instant upload of another. */
function freshen(file, run) {
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.from(`run ${run} ${Date.now()} `.padEnd(32, '.')), 0, 32, 0);
  fs.closeSync(fd);
}

const mibps = (seconds) => `${(mib / seconds).toFixed(0).padStart(6)} MiB/s`;

await runBench(async () => {
  const dir = tempDir('nimbus-bench-upload-');
  const file = path.join(dir, 'big.bin');
  writeRandomFile(file, size);
  const nimbus = await startNimbus({ PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 4) });
  try {
    const member = await signUp(nimbus);
    const ddSeconds = [];
    const nimbusSeconds = [];
    const growths = [];
    const cpus = [];
    const memory = rssWatch(nimbus.pid);
    for (let run = 0; run < runs; run += 1) {
      freshen(file, run);
      ddSeconds.push(await dd(file, path.join(dir, 'dd.bin')));
      memory.start();
      const cpuBefore = threadCpuMillis(nimbus.pid);
      const upload = await nimbusUpload(nimbus, member, file, `big-${run}.bin`);
      const cpuAfter = threadCpuMillis(nimbus.pid);
      cpus.push({
        main: cpuAfter.main - cpuBefore.main,
        others: cpuAfter.others - cpuBefore.others,
      });
      growths.push(memory.stop().growthMiB);
      nimbusSeconds.push(upload.seconds);
      // The upload is whole: complete, with the GCID of the bytes sent.
      const stored = await api(nimbus, member, 'GET', `/drive/v1/files/${upload.id}`);
      const { gcid } = await hashFile(file);
      if (
        stored.phase !== 'PHASE_TYPE_COMPLETE' ||
        stored.hash !== gcid ||
        stored.size !== String(size)
      ) {
        throw new Error(
          `the uploaded file is ${stored.phase} with hash ${stored.hash} and size ${stored.size}, not ${gcid}`,
        );
      }
    }
    const ddTime = median(ddSeconds);
    const nimbusTime = median(nimbusSeconds);
    const ratio = ddTime / nimbusTime;
    const growth = Math.max(...growths);
    line(
      `dd conv=fsync, ${mib} MiB (baseline)`,
      `${mibps(ddTime)}  (median of ${runs}, best ${mibps(Math.min(...ddSeconds)).trim()})`,
    );
    line(
      `nimbus tus upload, ${mib} MiB`,
      `${mibps(nimbusTime)}  (median of ${runs}, best ${mibps(Math.min(...nimbusSeconds)).trim()})`,
      ratio,
    );
    // The main thread receives the requests; the others hash and write.
    const seconds = (millis) => `${(millis / 1000).toFixed(2)} s`;
    line(
      'nimbus CPU per upload (median): main thread + others',
      `${seconds(median(cpus.map((cpu) => cpu.main)))} + ${seconds(median(cpus.map((cpu) => cpu.others)))}`,
    );
    line('nimbus peak RSS growth while uploading', `${growth.toFixed(1).padStart(6)} MiB`);
    target('upload >= 0.6x dd', ratio >= 0.6, `${ratio.toFixed(2)}x`);
    target('upload RSS growth < 64 MiB', growth < 64, `${growth.toFixed(1)} MiB`);
  } finally {
    await nimbus.stop();
  }
});
