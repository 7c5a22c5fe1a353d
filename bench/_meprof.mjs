import { load, signUp, startNimbus, cpuMillis } from './lib.mjs';
const nimbus = await startNimbus();
const member = await signUp(nimbus);
const url = `http://127.0.0.1:${nimbus.port}${process.env.P ?? '/v1/user/me'}`;
for (let i = 0; i < 2; i++) {
  const before = cpuMillis(nimbus.pid);
  const r = await load({ url, headers: member.headers });
  console.log(r.rps.toFixed(0), 'req/s', (((cpuMillis(nimbus.pid) - before) * 1000) / r.requests).toFixed(1), 'µs/req');
}
await nimbus.stop();
