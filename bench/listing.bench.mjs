// The first page of a folder of 100,000 files through the real HTTP API with a real member's
// token: p50/p95 over 200 requests, sorted by name and by modified time (the target is
// p95 <= 50 ms), and a page far inside the folder reached by its page token (keyset paging must
// not slow down with depth). The baseline, in the same run, is the first page of a folder of 100
// files: the cost of the API itself, so the ratio shows what the folder's size adds.
// `BENCH_LISTING_FILES` changes the 100,000.
import {
  api,
  fetchRetrying,
  line,
  percentile,
  runBench,
  seedFolder,
  signUp,
  startNimbus,
  target,
} from './lib.mjs';

const fileCount = Number(process.env.BENCH_LISTING_FILES ?? 100_000);
const requests = 200;
const pageSize = 100;

/** `requests` sequential GETs of one listing; latencies in ms; checks every answer's page. */
async function measure(nimbus, member, query, expected) {
  const url = `${nimbus.origin}/drive/v1/files?${new URLSearchParams(query)}`;
  const latencies = [];
  for (let index = 0; index < requests + 10; index += 1) {
    const started = process.hrtime.bigint();
    const response = await fetchRetrying(url, { headers: member.headers });
    const body = await response.json();
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (!response.ok || body.files?.length !== expected) {
      throw new Error(
        `${url} answered ${response.status} with ${body.files?.length} files: ${JSON.stringify(body).slice(0, 300)}`,
      );
    }
    // The first ten warm the connection and the caches.
    if (index >= 10) {
      latencies.push(elapsed);
    }
  }
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const ms = (value) => `${value.toFixed(1).padStart(6)} ms`;

function report(name, result, baseline) {
  line(
    name,
    `p50 ${ms(result.p50)}  p95 ${ms(result.p95)}`,
    baseline ? result.p95 / baseline.p95 : undefined,
  );
}

await runBench(async () => {
  const nimbus = await startNimbus();
  try {
    const member = await signUp(nimbus);
    const small = (
      await api(nimbus, member, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'small',
        parent_id: '',
      })
    ).file;
    const big = (
      await api(nimbus, member, 'POST', '/drive/v1/files', {
        kind: 'drive#folder',
        name: 'big',
        parent_id: '',
      })
    ).file;
    const seeded = Date.now();
    await seedFolder(nimbus, member.userId, small.id, pageSize);
    await seedFolder(nimbus, member.userId, big.id, fileCount);
    process.stdout.write(
      `seeded ${fileCount + pageSize} files in ${((Date.now() - seeded) / 1000).toFixed(1)} s\n`,
    );

    // The two orders, and the site's default view (newest first, folders on top).
    const orders = [
      ['by name', { order: 'NAME_ASC' }, true],
      ['by modified time', { order: 'MODIFY_TIME_DESC' }, true],
      [
        'by modified time, folders first',
        { order: 'MODIFY_TIME_DESC', folders_first: 'true' },
        false,
      ],
    ];
    const results = [];
    for (const [label, sorting, isTarget] of orders) {
      const baseline = await measure(
        nimbus,
        member,
        { parent_id: small.id, limit: String(pageSize), ...sorting },
        pageSize,
      );
      report(`first page of ${pageSize}, ${label} (baseline)`, baseline);
      const result = await measure(
        nimbus,
        member,
        { parent_id: big.id, limit: String(pageSize), ...sorting },
        pageSize,
      );
      report(`first page of ${fileCount}, ${label}`, result, baseline);
      if (isTarget) {
        results.push([label, result]);
      }
    }

    // A page deep inside the folder, by its page token, to show keyset paging keeps its speed.
    let pageToken = '';
    const depth = Math.min(500, Math.floor(fileCount / pageSize) - 1);
    for (let page = 0; page < depth; page += 1) {
      const query = new URLSearchParams({
        parent_id: big.id,
        limit: String(pageSize),
        order: 'NAME_ASC',
        page_token: pageToken,
      });
      pageToken = (await api(nimbus, member, 'GET', `/drive/v1/files?${query}`)).next_page_token;
    }
    const deep = await measure(
      nimbus,
      member,
      { parent_id: big.id, limit: String(pageSize), order: 'NAME_ASC', page_token: pageToken },
      pageSize,
    );
    report(`page ${depth + 1} of ${fileCount}, by name`, deep);

    for (const [label, result] of results) {
      target(
        `first page of ${fileCount} ${label} p95 <= 50 ms`,
        result.p95 <= 50,
        ms(result.p95).trim(),
      );
    }
  } finally {
    await nimbus.stop();
  }
});
