// A 1 GiB download from a Nimbus content link (docs/api.md#files "Downloads") against nginx serving the
// same file with `sendfile`, in the same run: throughput (median of several runs, curl as the
// client of both) and the growth of the Nimbus process's resident memory while it serves.
// Targets of the issue: >= 0.85x nginx, RSS growth under 64 MiB. `BENCH_SIZE_MIB` shrinks the
// file; `BENCH_RUNS` sets the runs (default 5).
import {
  api,
  benchSizeBytes,
  curlDownload,
  line,
  NotMeasured,
  rateLine,
  requireCurl,
  runBench,
  rssWatch,
  servedRandomFile,
  signUp,
  startNimbus,
  storeInNimbus,
  target,
} from './lib.mjs';

const size = benchSizeBytes();
const runs = Number(process.env.BENCH_RUNS ?? 5);
const mib = size / 1024 / 1024;

/** One download with curl into /dev/null; bytes/s by curl's own clock. */
async function download(url) {
  const { curlSeconds } = await curlDownload(url, { size });
  return size / curlSeconds;
}

await runBench(async () => {
  requireCurl('download client');
  const {
    file,
    digest,
    url: nginxUrl,
    nginx,
  } = await servedRandomFile('nimbus-bench-download-', size);
  const nimbus = await startNimbus();
  try {
    const member = await signUp(nimbus);
    const id = storeInNimbus(nimbus, member.userId, file, digest, 'big.bin');
    const got = await api(nimbus, member, 'GET', `/drive/v1/files/${id}?usage=FETCH`);
    const link = got.web_content_link || got.links?.['application/octet-stream']?.url || '';
    if (link === '') {
      throw new NotMeasured(
        'GET /drive/v1/files/{id} gives no web_content_link (docs/api.md#files "Downloads")',
      );
    }
    const nimbusUrl = new URL(link, nimbus.origin).href;

    // One warm-up each: the file is in the page cache for both, connections and JIT are warm.
    await download(nginxUrl);
    await download(nimbusUrl);
    const nginxRates = [];
    const nimbusRates = [];
    const growths = [];
    const memory = rssWatch(nimbus.pid);
    for (let run = 0; run < runs; run += 1) {
      nginxRates.push(await download(nginxUrl));
      memory.start();
      nimbusRates.push(await download(nimbusUrl));
      growths.push(memory.stop().growthMiB);
    }
    const growth = Math.max(...growths);
    const nginxRate = rateLine(`nginx sendfile, ${mib} MiB (baseline)`, nginxRates);
    const nimbusRate = rateLine(`nimbus content link, ${mib} MiB`, nimbusRates, nginxRate);
    line('nimbus peak RSS growth while downloading', `${growth.toFixed(1).padStart(6)} MiB`);
    target(
      'download >= 0.85x nginx',
      nimbusRate / nginxRate >= 0.85,
      `${(nimbusRate / nginxRate).toFixed(2)}x`,
    );
    target('download RSS growth < 64 MiB', growth < 64, `${growth.toFixed(1)} MiB`);
  } finally {
    await nimbus.stop();
    await nginx.stop();
  }
});
