// A 1 GiB offline download end to end: `POST /drive/v1/files` with `UPLOAD_TYPE_URL` naming a
// file nginx serves on loopback, until `GET /drive/v1/tasks/{id}` shows the task complete (fetched
// through the SSRF guard, hashed, fsynced, moved into the blob store, filed), against
// `curl -o <same disk>` of the same URL in the same run. Target of the issue: >= 0.8x curl. The
// task's bytes are durable (fsynced) when it completes and curl's are only in the page cache, so
// `curl -o` followed by `sync <file>` is printed as a second, durable baseline.
// `BENCH_SIZE_MIB` shrinks the file; `BENCH_RUNS` sets the runs (default 3).
import path from 'node:path';
import Database from 'better-sqlite3';
import {
  api,
  benchSizeBytes,
  curlDownload,
  line,
  median,
  mibps,
  rateLine,
  requireCurl,
  rssWatch,
  runBench,
  servedRandomFile,
  signUp,
  startNimbus,
  target,
  threadCpuMillis,
} from './lib.mjs';

const size = benchSizeBytes();
const runs = Number(process.env.BENCH_RUNS ?? 3);
const mib = size / 1024 / 1024;

/** `curl -o` of the URL into a file on the server's disk; bytes/s. The file is removed after. */
async function curlToDisk(url, out, durable = false) {
  const { wallSeconds } = await curlDownload(url, { size, out, durable });
  return size / wallSeconds;
}

/** One offline task of the URL, from the POST until the task is complete; bytes/s and the file id. */
async function offlineDownload(nimbus, member, url) {
  const started = process.hrtime.bigint();
  const { task } = await api(nimbus, member, 'POST', '/drive/v1/files', {
    kind: 'drive#file',
    upload_type: 'UPLOAD_TYPE_URL',
    url: { url },
  });
  for (;;) {
    const seen = await api(nimbus, member, 'GET', `/drive/v1/tasks/${task.id}`);
    if (seen.phase === 'PHASE_TYPE_COMPLETE') {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      return { rate: size / seconds, fileId: seen.file_id };
    }
    if (seen.phase === 'PHASE_TYPE_ERROR') {
      throw new Error(`the offline task failed: ${seen.message}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

await runBench(async () => {
  requireCurl('baseline client');
  const { digest, url, nginx } = await servedRandomFile('nimbus-bench-offline-', size);
  const port = new URL(url).port;
  const nimbus = await startNimbus({
    OFFLINE_FETCH_ALLOWED_CIDRS: '127.0.0.1/32',
    OFFLINE_FETCH_EXTRA_PORTS: port,
    PLAN_FREE_STORAGE_BYTES: String(64 * 1024 ** 4),
    PLAN_FREE_CLOUD_DOWNLOADS: '1000',
  });
  try {
    const member = await signUp(nimbus);
    // curl writes beside the server's data, on the same disk.
    const curlOut = path.join(nimbus.dataDir, 'curl-out.bin');
    // One warm-up each: the file is in the page cache, the JIT is warm.
    await curlToDisk(url, curlOut);
    const warm = await offlineDownload(nimbus, member, url);
    const curlRates = [];
    const syncedRates = [];
    const nimbusRates = [];
    const growths = [];
    const cpus = [];
    const memory = rssWatch(nimbus.pid);
    for (let run = 0; run < runs; run += 1) {
      curlRates.push(await curlToDisk(url, curlOut));
      syncedRates.push(await curlToDisk(url, curlOut, true));
      memory.start();
      const cpuBefore = threadCpuMillis(nimbus.pid);
      nimbusRates.push((await offlineDownload(nimbus, member, url)).rate);
      const cpuAfter = threadCpuMillis(nimbus.pid);
      cpus.push({
        main: cpuAfter.main - cpuBefore.main,
        others: cpuAfter.others - cpuBefore.others,
      });
      growths.push(memory.stop().growthMiB);
    }
    // The stored file is the served one.
    const db = new Database(path.join(nimbus.dataDir, 'nimbus.db'), { readonly: true });
    const row = db.prepare('select sha256, gcid, size from files where id = ?').get(warm.fileId);
    db.close();
    if (row?.sha256 !== digest.sha256 || row?.gcid !== digest.gcid || Number(row?.size) !== size) {
      throw new Error(
        `the stored file does not match: ${JSON.stringify(row)} vs ${JSON.stringify(digest)}`,
      );
    }
    const nimbusRate = median(nimbusRates);
    const growth = Math.max(...growths);
    const curlRate = rateLine(`curl -o, ${mib} MiB from nginx (baseline)`, curlRates);
    const syncedRate = rateLine(
      `curl -o + sync <file>, ${mib} MiB (durable baseline)`,
      syncedRates,
    );
    line(
      `nimbus offline task against the durable baseline`,
      `${mibps(nimbusRate)}`,
      nimbusRate / syncedRate,
    );
    rateLine(`nimbus offline task, ${mib} MiB, POST to COMPLETE`, nimbusRates, curlRate);
    line('nimbus peak RSS growth while fetching', `${growth.toFixed(1).padStart(6)} MiB`);
    // CPU of the server process, which load on the machine barely moves: its main thread (the
    // socket, the API the bench polls) and the others (the hash threads, file writes).
    const seconds = (millis) => `${(millis / 1000).toFixed(2)} s`;
    line(
      'nimbus server CPU per task (median): main thread + others',
      `${seconds(median(cpus.map((cpu) => cpu.main)))} + ${seconds(median(cpus.map((cpu) => cpu.others)))}`,
    );
    target(
      'offline download >= 0.8x curl -o',
      nimbusRate / curlRate >= 0.8,
      `${(nimbusRate / curlRate).toFixed(2)}x`,
    );
  } finally {
    await nimbus.stop();
    await nginx.stop();
  }
});
