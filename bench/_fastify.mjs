import { load, cpuMillis, startProcess, freePort } from './lib.mjs';
const port = await freePort();
const src = `const fastify=require(${JSON.stringify(process.cwd()+'/../node_modules/fastify')})({logger:false});const body={sub:'abc',name:'someone',email:'x@example.com',picture:'',created_at:'2026-01-01'};
${process.env.HOOKS ?? ''}
fastify.get('/x', async (req, reply) => body); fastify.get('/readyz', async()=>({}));
fastify.listen({port:${port},host:'127.0.0.1'}); process.on('SIGTERM',()=>process.exit(0));`;
const p = await startProcess({ args: ['-e', src], env: {}, port, readyPath: '/readyz' });
for (let i = 0; i < 3; i++) { const b = cpuMillis(p.child.pid); const r = await load({ url: `http://127.0.0.1:${port}/x`, duration: 4 }); console.log((((cpuMillis(p.child.pid) - b) * 1000) / r.requests).toFixed(1), 'µs/req', r.rps.toFixed(0)); }
await p.stop();
