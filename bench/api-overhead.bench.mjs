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

// Bare node:http answering each call with the same JSON Nimbus gave it (status and body), serialised
// per request as any server does; `/readyz` is its readiness probe.
const bareServer = `
  const http = require('node:http');
  const answers = JSON.parse(process.env.ANSWERS);
  http.createServer((request, response) => {
    const answer = request.url === '/readyz' ? { status: 200, body: {} } : answers[request.url.slice(1)];
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(answer.body));
  }).listen(Number(process.env.PORT), '127.0.0.1');
`;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One load of `url` on the server `pid`: its requests/s and its CPU microseconds per request. */
async function measure(pid, options) {
  const before = cpuMillis(pid);
  const result = await load(options);
  return { rps: result.rps, cpuMicros: ((cpuMillis(pid) - before) * 1000) / result.requests };
}

const nimbus = await startNimbus();
let bare;
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
  // What Nimbus answers each call, which bare node:http then answers too.
  const answers = {};
  for (const [index, call] of calls.entries()) {
    const { method = 'GET', headers, body, url } = call.options;
    const response = await fetch(url, { method, headers, body });
    answers[index] = { status: response.status, body: await response.json() };
  }
  const barePort = await freePort();
  bare = await startProcess({
    args: ['-e', bareServer],
    env: { PORT: String(barePort), ANSWERS: JSON.stringify(answers) },
    port: barePort,
    readyPath: '/readyz',
  });
  process.stdout.write(
    `${'call'.padEnd(30)} ${'req/s'.padStart(7)} ${'bare'.padStart(7)} ${'ratio'.padStart(6)}   ` +
      `${'µs/req'.padStart(6)} ${'bare'.padStart(6)} ${'ratio'.padStart(6)}  (medians of ${rounds} rounds)\n`,
  );
  for (const [index, call] of calls.entries()) {
    const bareRuns = [];
    const nimbusRuns = [];
    for (let round = 0; round < rounds; round += 1) {
      const bareUrl = `http://127.0.0.1:${barePort}/${index}`;
      const pair = [
        async () =>
          bareRuns.push(
            await measure(bare.child.pid, {
              url: bareUrl,
              expectErrors: call.options.expectErrors,
            }),
          ),
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
  await bare?.stop();
  await nimbus.stop();
}
