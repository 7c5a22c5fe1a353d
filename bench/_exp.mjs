import { load, cpuMillis, startProcess, freePort } from './lib.mjs';
const variants = {
  a: `res.writeHead(200, {'content-type':'application/json'}); res.end(body);`,
  b: `res.writeHead(200, H); res.end(Buffer.from(body));`,
  c: `res.writeHead(200, H); res.end(body);`,
  d: `res.writeHead(200, {'content-type':'application/json'}); res.end(Buffer.from(body));`,
  e: `res.socket.cork(); res.writeHead(200, H); res.end(body); process.nextTick(()=>res.socket&&res.socket.uncork());`,
};
for (const [name, code] of Object.entries(variants)) {
  const port = await freePort();
  const src = `const http=require('node:http');const body=JSON.stringify({sub:'abc',name:'someone',email:'x@example.com',picture:'',created_at:'2026-01-01'});
  const H={'x-request-id':'7491ecf0-0817-412e-bfa3-b5546b7c313c','content-security-policy':"default-src 'none';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data:;connect-src 'self';frame-ancestors 'none';base-uri 'none';form-action 'none'",'cross-origin-opener-policy':'same-origin','cross-origin-resource-policy':'same-site','referrer-policy':'no-referrer','x-content-type-options':'nosniff','x-frame-options':'SAMEORIGIN','vary':'Origin','content-type':'application/json; charset=utf-8'};
  http.createServer((req,res)=>{ ${code} }).listen(${port},'127.0.0.1');`;
  const p = await startProcess({ args: ['-e', src], env: {}, port, readyPath: '/readyz' });
  const out = [];
  for (let i = 0; i < 2; i++) { const b = cpuMillis(p.child.pid); const r = await load({ url: `http://127.0.0.1:${port}/x`, duration: 4 }); out.push((((cpuMillis(p.child.pid) - b) * 1000) / r.requests).toFixed(1)); }
  console.log(name, out.join(' '), 'µs/req');
  await p.stop();
}
