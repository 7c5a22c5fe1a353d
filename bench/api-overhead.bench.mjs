// The cost of the API server's pipeline (request ids, security headers, CORS, rate limit,
// schema-checked JSON, the error model, a signed-in member's session check) against a bare node:http server answering the same
// JSON, measured in the same run on the same machine.
import { freePort, load, report, signUp, startNimbus, startProcess } from './lib.mjs';

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

const barePort = await freePort();
const bare = await startProcess({
  args: ['-e', bareServer],
  env: { PORT: String(barePort) },
  port: barePort,
  readyPath: '/readyz',
});
const nimbus = await startNimbus();
try {
  const baseline = await load({ url: `http://127.0.0.1:${barePort}/healthz` });
  report('node:http JSON', baseline);
  report(
    'nimbus /healthz',
    await load({ url: `http://127.0.0.1:${nimbus.port}/healthz` }),
    baseline,
  );
  report(
    'nimbus area_accessible',
    await load({ url: `http://127.0.0.1:${nimbus.port}/access_controller/v1/area_accessible` }),
    baseline,
  );
  const member = await signUp(nimbus);
  report(
    'nimbus GET /v1/user/me (signed in)',
    await load({ url: `http://127.0.0.1:${nimbus.port}/v1/user/me`, headers: member.headers }),
    baseline,
  );
  report(
    'nimbus POST /config/v1/basic (db)',
    await load({
      url: `http://127.0.0.1:${nimbus.port}/config/v1/basic`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client: 'web', data: { language_system: 'en-US' } }),
    }),
    baseline,
  );
  report(
    'nimbus unknown path (error object)',
    await load({ url: `http://127.0.0.1:${nimbus.port}/drive/v1/nope`, expectErrors: true }),
    baseline,
  );
} finally {
  await bare.stop();
  await nimbus.stop();
}
