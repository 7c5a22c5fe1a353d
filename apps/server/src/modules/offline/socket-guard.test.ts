import dgram from 'node:dgram';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';
import simpleGet from 'simple-get';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseRanges, type FetchPolicy } from './fetch-guard';
import { guardSockets } from './socket-guard';

/**
 * The socket guard of torrent threads, in this test's own process: 127.0.0.1 is open (the
 * redirecting server), 127.0.0.2 and ::1 are canaries that count every TCP connection and UDP
 * packet reaching them; none may.
 */
const policy: FetchPolicy = { allowedRanges: parseRanges(['127.0.0.1/32']), extraPorts: new Set() };
const closed: FetchPolicy = { allowedRanges: [], extraPorts: new Set() };

const canary = {
  tcp: net.createServer(),
  udp: dgram.createSocket('udp4'),
  port: 0,
  udpPort: 0,
  connections: 0,
  packets: 0,
};
const redirector = Object.assign(
  http.createServer((request, response) => {
    const to = new URL(request.url ?? '/', 'http://x').searchParams.get('to') ?? '/';
    if (to === 'ok') {
      response.end('fine');
      return;
    }
    response.writeHead(302, { location: to });
    response.end();
  }),
  { connections: 0 },
);
let redirectorPort = 0;

beforeAll(async () => {
  canary.tcp.on('connection', (socket) => {
    canary.connections += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => canary.tcp.listen(0, '127.0.0.2', resolve));
  canary.port = (canary.tcp.address() as AddressInfo).port;
  canary.udp.on('message', () => {
    canary.packets += 1;
  });
  await new Promise<void>((resolve) => canary.udp.bind(0, '127.0.0.2', resolve));
  canary.udpPort = canary.udp.address().port;
  redirector.on('connection', () => {
    redirector.connections += 1;
  });
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve));
  redirectorPort = (redirector.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => canary.tcp.close(resolve));
  canary.udp.close();
  await new Promise((resolve) => redirector.close(resolve));
});

/** Resolves with the error a request ends in, or `undefined` when it answered. */
function outcome(start: (done: (error?: Error) => void) => void): Promise<Error | undefined> {
  return new Promise((resolve) => start(resolve));
}

describe('the socket guard of a torrent thread', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    canary.connections = 0;
    canary.packets = 0;
    restore = guardSockets(policy);
  });
  afterEach(() => {
    restore();
    http.globalAgent.destroy();
    https.globalAgent.destroy();
  });

  it('refuses TCP to addresses outside the rules before connecting, in every form of connect', async () => {
    const attempts: [string, () => net.Socket][] = [
      ['port, host', () => net.connect(canary.port, '127.0.0.2')],
      ['options', () => net.connect({ port: canary.port, host: '127.0.0.2' })],
      ['socket.connect', () => new net.Socket().connect(canary.port, '127.0.0.2')],
      ['mapped IPv6', () => net.connect({ port: canary.port, host: '::ffff:127.0.0.2' })],
      ['decimal', () => net.connect({ port: canary.port, host: '2130706434' })],
      ['a local socket', () => net.connect('/tmp/nimbus-guard-test.sock')],
      ['TLS', () => tls.connect({ port: canary.port, host: '127.0.0.2' })],
    ];
    await expectRefused(attempts);
    // With loopback closed, names of it and the default host are refused when they resolve.
    restore();
    restore = guardSockets(closed);
    await expectRefused([
      ['a name of loopback', () => net.connect({ port: redirectorPort, host: 'localhost' })],
      ['no host', () => net.connect(redirectorPort)],
    ]);
    expect(canary.connections).toBe(0);
    expect(redirector.connections).toBe(0);
  });

  async function expectRefused(attempts: [string, () => net.Socket][]): Promise<void> {
    for (const [name, attempt] of attempts) {
      const error = await outcome((done) => {
        const socket = attempt();
        socket.once('connect', () => {
          socket.destroy();
          done();
        });
        socket.once('error', done);
      });
      expect(error?.message, name).toMatch(/blocked/);
    }
  }

  it('checks every redirect hop of a library request before it connects, http and https alike, and follows the allowed ones', async () => {
    const targets = [
      `http://127.0.0.2:${canary.port}/announce`,
      `https://127.0.0.2:${canary.port}/announce`,
      `http://2130706434:${canary.port}/announce`,
      `https://[::ffff:127.0.0.2]:${canary.port}/announce`,
      'http://169.254.169.254:6881/announce',
    ];
    for (const to of targets) {
      const error = await outcome((done) => {
        simpleGet.concat(
          {
            url: `http://127.0.0.1:${redirectorPort}/?to=${encodeURIComponent(to)}`,
            timeout: 5000,
          },
          (failure) => done(failure ?? undefined),
        );
      });
      expect(error?.message, to).toMatch(/blocked/);
    }
    expect(canary.connections).toBe(0);
    const allowed = await outcome((done) => {
      simpleGet.concat(
        {
          url: `http://127.0.0.1:${redirectorPort}/?to=${encodeURIComponent(`http://127.0.0.1:${redirectorPort}/?to=ok`)}`,
        },
        (failure) => done(failure ?? undefined),
      );
    });
    expect(allowed).toBeUndefined();
  });

  it('drops UDP packets to addresses outside the rules, literal or named', async () => {
    const socket = dgram.createSocket('udp4');
    for (const host of ['127.0.0.2', '169.254.169.254', '0.0.0.0']) {
      const error = await outcome((done) =>
        socket.send(
          Buffer.from('d1:ad2:id20:xxxxxxxxxxxxxxxxxxxxe1:q4:ping1:t2:aa1:y1:qe'),
          canary.udpPort,
          host,
          (failure) => done(failure ?? undefined),
        ),
      );
      expect(error?.message, host).toMatch(/blocked/);
    }
    socket.close();
    restore();
    restore = guardSockets(closed);
    const named = dgram.createSocket('udp4');
    const error = await outcome((done) =>
      named.send(Buffer.from('ping'), canary.udpPort, 'localhost', (failure) =>
        done(failure ?? undefined),
      ),
    );
    expect(error?.message).toMatch(/blocked/);
    named.close();
    // A packet in flight would have arrived by now on loopback.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(canary.packets).toBe(0);
  });
});
