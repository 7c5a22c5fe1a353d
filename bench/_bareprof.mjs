import { load, cpuMillis, startProcess, freePort } from './lib.mjs';
const port = await freePort();
const src = `const http=require('node:http');const body=JSON.stringify({sub:'abc',name:'someone',email:'x@example.com',picture:'',created_at:'2026-01-01'});
http.createServer((req,res)=>{ ${process.env.CODE ?? "res.writeHead(200, {'content-type':'application/json'}); res.end(body);"} }).listen(${port},'127.0.0.1'); process.on('SIGTERM',()=>process.exit(0));`;
const p = await startProcess({ args: ['--cpu-prof', '--cpu-prof-dir=/tmp/bprof', '-e', src], env: {}, port, readyPath: '/readyz' });
for (let i = 0; i < 2; i++) { const b = cpuMillis(p.child.pid); const r = await load({ url: `http://127.0.0.1:${port}/x`, duration: 4 }); console.log((((cpuMillis(p.child.pid) - b) * 1000) / r.requests).toFixed(1), 'µs/req', r.rps.toFixed(0)); }
await p.stop();
