// Pieces shared by the fleet script, the benches and the server's tests that run local services.
import net from 'node:net';

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The arguments of a throwaway `redis-server` on a loopback port: its files in `dir`, none kept. */
export function redisServerArgs(port, dir) {
  return [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
  ];
}
