// 1,000 one-KiB files uploaded to Nimbus as a member's client does (docs/api.md#files "Uploads": create
// the file with `UPLOAD_TYPE_FORM`, then one multipart POST of the bytes to the form's url), four
// at a time, in files per second. The baseline, in the same run with the same client, is a bare
// node:http server that receives the same multipart POST and stores its body durably the least
// a store can (temp file, fsync, rename, fsync of the folder): the cost of the disk and the
// network alone. `BENCH_SMALL_FILES` changes the 1,000.
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  api,
  cpuMillis,
  ApiError,
  freePort,
  line,
  NotMeasured,
  postForm,
  runBench,
  seedFolder,
  signUp,
  startNimbus,
  startProcess,
  target,
  tempDir,
  timedConcurrently,
} from './lib.mjs';

const count = Number(process.env.BENCH_SMALL_FILES ?? 1000);
const concurrency = 4;
const fileSize = 1024;

const bareServer = `
  const fs = require('node:fs');
  const http = require('node:http');
  const path = require('node:path');
  const dir = process.env.STORE_DIR;
  let serial = 0;
  http.createServer((request, response) => {
    if (request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
      return;
    }
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      serial += 1;
      const temp = path.join(dir, '.tmp-' + serial);
      const final = path.join(dir, 'file-' + serial);
      fs.open(temp, 'w', (error, fd) => {
        if (error) throw error;
        fs.write(fd, Buffer.concat(chunks), (error) => {
          if (error) throw error;
          fs.fsync(fd, (error) => {
            if (error) throw error;
            fs.close(fd, () => {
              fs.rename(temp, final, (error) => {
                if (error) throw error;
                fs.open(dir, 'r', (error, dirFd) => {
                  if (error) throw error;
                  fs.fsync(dirFd, () => {
                    fs.close(dirFd, () => {
                      response.writeHead(200, { 'content-type': 'application/json' });
                      response.end(JSON.stringify({ id: String(serial) }));
                    });
                  });
                });
              });
            });
          });
        });
      });
    });
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** Runs `task(index)` for indexes below `total`, `concurrency` at a time; seconds taken. */
const timed = (task, total = count) => timedConcurrently(task, total, concurrency);

/**
 * Uploads `total` files into a folder as a client does (create with UPLOAD_TYPE_FORM, then the
 * multipart POST), checks that the folder lists them all complete, and returns the seconds and
 * the server's CPU milliseconds they took.
 */
async function uploadAll(nimbus, member, folderId, contents, total) {
  const ids = [];
  const cpuBefore = cpuMillis(nimbus.pid);
  const seconds = await timed(async (index) => {
    const name = `small-${index}.bin`;
    const created = await api(nimbus, member, 'POST', '/drive/v1/files', {
      kind: 'drive#file',
      name,
      parent_id: folderId,
      size: String(fileSize),
      upload_type: 'UPLOAD_TYPE_FORM',
    }).catch((error) => {
      throw error instanceof ApiError && error.status === 400
        ? new NotMeasured(`form uploads: ${error.message}`)
        : error;
    });
    const form = created.form;
    if (typeof form?.url !== 'string' || form.url === '') {
      throw new NotMeasured(
        `POST /drive/v1/files with UPLOAD_TYPE_FORM answers no form.url (docs/api.md#files "Uploads"): ${JSON.stringify(created).slice(0, 300)}`,
      );
    }
    await postForm(
      new URL(form.url, nimbus.origin).href,
      form.multi_parts ?? {},
      contents[index],
      name,
      member.headers,
    );
    ids.push(created.file.id);
  }, total);
  const cpu = cpuMillis(nimbus.pid) - cpuBefore;
  // Every upload is whole: the folder lists them all, complete.
  const listed = [];
  let pageToken = '';
  do {
    const query = new URLSearchParams({
      parent_id: folderId,
      limit: '1000',
      page_token: pageToken,
    });
    const page = await api(nimbus, member, 'GET', `/drive/v1/files?${query}`);
    listed.push(...page.files);
    pageToken = page.next_page_token;
  } while (pageToken !== '');
  const complete = listed.filter(
    (file) => file.phase === 'PHASE_TYPE_COMPLETE' && file.size === String(fileSize),
  );
  if (complete.length !== total || ids.length !== total) {
    throw new Error(`${complete.length} of ${total} uploads are complete`);
  }
  return { seconds, cpu };
}

const cpuPerFile = (millis) => `${(millis / count).toFixed(2).padStart(6)} ms`;
const driveFiles = Number(process.env.BENCH_SMALL_DRIVE_FILES ?? 100_000);
const perSecond = (seconds) => `${(count / seconds).toFixed(0).padStart(6)} files/s`;

await runBench(async () => {
  const contents = Array.from({ length: count }, () => randomBytes(fileSize));

  const storeDir = tempDir('nimbus-bench-small-');
  const barePort = await freePort();
  const bare = await startProcess({
    args: ['-e', bareServer],
    env: { PORT: String(barePort), STORE_DIR: storeDir },
    port: barePort,
    readyPath: '/',
  });
  let bareSeconds;
  let bareCpu = cpuMillis(bare.child.pid);
  try {
    bareSeconds = await timed((index) =>
      postForm(
        `http://127.0.0.1:${barePort}/upload`,
        {},
        contents[index],
        `small-${index}.bin`,
        {},
      ),
    );
    bareCpu = cpuMillis(bare.child.pid) - bareCpu;
  } finally {
    await bare.stop();
  }
  line(`bare node:http + fsync, ${count} x 1 KiB (baseline)`, perSecond(bareSeconds));
  line('bare node:http CPU per file', cpuPerFile(bareCpu));

  const nimbus = await startNimbus({ RATE_LIMIT_MAX: '100000000' });
  try {
    const member = await signUp(nimbus);
    const folder = (
      await api(nimbus, member, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'small',
        parent_id: '',
      })
    ).file;
    const { seconds, cpu } = await uploadAll(nimbus, member, folder.id, contents, count);
    line(`nimbus form uploads, ${count} x 1 KiB`, perSecond(seconds), bareSeconds / seconds);
    line('nimbus CPU per file (create + form POST)', cpuPerFile(cpu), bareCpu / cpu);
    target(
      'small files stored at >= 0.6x bare node:http + fsync',
      bareSeconds / seconds >= 0.6,
      `${(bareSeconds / seconds).toFixed(2)}x (CPU per file ${(bareCpu / cpu).toFixed(2)}x)`,
    );

    // The same uploads into a drive that already holds `driveFiles` files: what grows with the
    // drive (the quota check sums the member's usage at create and at commit) shows here.
    if (driveFiles > 0) {
      const archive = (
        await api(nimbus, member, 'POST', '/drive/v1/files', {
          kind: 'drive#folder',
          name: 'archive',
          parent_id: '',
        })
      ).file;
      await seedFolder(nimbus, member.userId, archive.id, driveFiles);
      const later = (
        await api(nimbus, member, 'POST', '/drive/v1/files', {
          kind: 'drive#folder',
          name: 'later',
          parent_id: '',
        })
      ).file;
      const total = Math.min(count, 200);
      const fresh = Array.from({ length: total }, () => randomBytes(fileSize));
      const big = await uploadAll(nimbus, member, later.id, fresh, total);
      line(
        `nimbus form uploads, drive of ${driveFiles} files (vs empty)`,
        `${(total / big.seconds).toFixed(0).padStart(6)} files/s`,
        total / big.seconds / (count / seconds),
      );
    }
  } finally {
    await nimbus.stop();
  }
  fs.rmSync(path.join(storeDir), { recursive: true, force: true });
});
