// The cost of the API server's pipeline (request ids, security headers, CORS, rate limit,
// schema-checked JSON, the error model, a signed-in member's session check) against a bare
// node:http server answering the same JSON, measured in the same run on the same machine.
//
// Each call is loaded in rounds that alternate between the two servers, so a machine whose load
// changes during the run weighs on both alike. Two ratios are printed per call, each the median
// over the rounds: requests per second (what a client sees), and the server's CPU time per
// request (what the pipeline costs; it barely moves when other work shares the machine, which
// the throughput of a 2-core machine does not survive).
import { cpuMillis, freePort, load, signUp, startNimbus, startProcess, target } from './lib.mjs';

const rounds = Number(process.env.BENCH_RUNS ?? 3);
/** The signed-in call must cost at most this much more than bare node:http (issue target). */
const signedInTarget = 0.6;

const bareServer = `
  const http = require('node:http');
  http.createServer((request, response) => {
    if (request.url === '/readyz' || request.url === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status":"ok"}');
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' });
    response.end('{"error":"not_found","error_code":5}');
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One load of `url` on the server `pid`: its requests/s and its CPU microseconds per request. */
async function measure(pid, options) {
  const before = cpuMillis(pid);
  const result = await load(options);
  return { rps: result.rps, cpuMicros: ((cpuMillis(pid) - before) * 1000) / result.requests };
}

const barePort = await freePort();
const bare = await startProcess({
  args: ['-e', bareServer],
  env: { PORT: String(barePort) },
  port: barePort,
  readyPath: '/readyz',
});
const nimbus = await startNimbus();
try {
  const member = await signUp(nimbus);
  const base = `http://127.0.0.1:${nimbus.port}`;
  const calls = [
    { name: '/healthz', options: { url: `${base}/healthz` } },
    {
      name: 'area_accessible',
      options: { url: `${base}/access_controller/v1/area_accessible` },
    },
    {
      name: 'GET /v1/user/me (signed in)',
      signedIn: true,
      options: { url: `${base}/v1/user/me`, headers: member.headers },
    },
    {
      name: 'POST /config/v1/basic (db)',
      options: {
        url: `${base}/config/v1/basic`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ client: 'web', data: { language_system: 'en-US' } }),
      },
    },
    {
      name: 'unknown path (error object)',
      options: { url: `${base}/drive/v1/nope`, expectErrors: true },
    },
  ];
  process.stdout.write(
    `${'call'.padEnd(30)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)}   ` +
      `${'µs/req'.padStart(6)} ${'bare'.padStart(6)} ${'ratio'.padStart(6)}  (medians of ${rounds} rounds)\n`,
  );
  for (const call of calls) {
    const bareRuns = [];
    const nimbusRuns = [];
    for (let round = 0; round < rounds; round += 1) {
      const bareUrl = `http://127.0.0.1:${barePort}/healthz`;
      const pair = [
        async () => bareRuns.push(await measure(bare.child.pid, { url: bareUrl })),
        async () => nimbusRuns.push(await measure(nimbus.pid, call.options)),
      ];
      for (const run of round % 2 === 0 ? pair : pair.reverse()) {
        await run();
      }
    }
    const rps = median(nimbusRuns.map((run) => run.rps));
    const bareRps = median(bareRuns.map((run) => run.rps));
    const cpu = median(nimbusRuns.map((run) => run.cpuMicros));
    const bareCpu = median(bareRuns.map((run) => run.cpuMicros));
    const cpuRatio = bareCpu / cpu;
    process.stdout.write(
      `${call.name.padEnd(30)} ${rps.toFixed(0).padStart(7)} ${bareRps.toFixed(0).padStart(7)} ` +
        `${(rps / bareRps).toFixed(2).padStart(5)}x   ${cpu.toFixed(1).padStart(6)} ` +
        `${bareCpu.toFixed(1).padStart(6)} ${cpuRatio.toFixed(2).padStart(5)}x\n`,
    );
    if (call.signedIn) {
      target(
        'a signed-in call costs at most 1/0.6 of bare node:http',
        cpuRatio >= signedInTarget,
        `${cpuRatio.toFixed(2)}x of its CPU per request (throughput ${(rps / bareRps).toFixed(2)}x)`,
      );
    }
  }
} finally {
  await bare.stop();
  await nimbus.stop();
}
