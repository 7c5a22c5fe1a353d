import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ByteSink } from '../storage/hashed-file-writer';
import { BlockedAddressError, parseRanges, type FetchPolicy } from './fetch-guard';
import { ChunkedDecoder, SourceProtocolError, parseHead, rawGet } from './raw-http';

/**
 * A sink in memory that lends pieces of odd sizes (so reads end anywhere in the body and in
 * chunk framing) and asks the reader to wait now and then.
 */
class MemorySink implements ByteSink {
  queued = 0;
  readonly pieces: Buffer[] = [];
  private lent: Buffer | undefined;
  private turn = 0;

  push(chunk: Uint8Array): Promise<void> | undefined {
    this.pieces.push(Buffer.from(chunk));
    this.queued += chunk.length;
    return this.pace();
  }

  lend(): Buffer | undefined {
    this.turn += 1;
    this.lent = Buffer.alloc([7, 4096, 65_536, 1][this.turn % 4] as number);
    return this.lent;
  }

  commit(length: number): Promise<void> | undefined {
    const lent = this.lent as Buffer;
    this.lent = undefined;
    this.pieces.push(Buffer.from(lent.subarray(0, length)));
    this.queued += length;
    return this.pace();
  }

  get bytes(): Buffer {
    return Buffer.concat(this.pieces);
  }

  private pace(): Promise<void> | undefined {
    return this.turn % 5 === 0 ? new Promise((resolve) => setTimeout(resolve, 1)) : undefined;
  }
}

const loopback: FetchPolicy = {
  allowedRanges: parseRanges(['127.0.0.1/32']),
  extraPorts: new Set(),
};
const servers: net.Server[] = [];

/** Listens on loopback; the policy allows its port. */
async function listen(server: net.Server): Promise<{ url: URL; policy: FetchPolicy }> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: new URL(`http://127.0.0.1:${port}/file.bin`),
    policy: { ...loopback, extraPorts: new Set([port]) },
  };
}

/**
 * A server that answers every connection with `bytes`, written in pieces of `step` bytes, then
 * closes. The reader may hang up first (it stops at the end of a body), which is not an error here.
 */
function rawServer(bytes: Buffer, step = bytes.length): net.Server {
  return net.createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.once('data', () => {
      const send = (at: number) => {
        if (socket.destroyed) {
          return;
        }
        if (at >= bytes.length) {
          socket.end();
          return;
        }
        socket.write(bytes.subarray(at, at + step));
        setImmediate(() => send(at + step));
      };
      send(0);
    });
  });
}

function get(url: URL, policy: FetchPolicy) {
  return rawGet(url, {
    policy,
    signal: new AbortController().signal,
    idleTimeoutMs: 5000,
    headers: { accept: '*/*' },
  });
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))),
  );
});

describe('rawGet', () => {
  it('reads a Content-Length body into the lent memory, byte for byte, checking each read', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    let asked: http.IncomingHttpHeaders | undefined;
    const { url, policy } = await listen(
      http.createServer((request, response) => {
        asked = request.headers;
        response.writeHead(200, {
          'content-length': String(data.length),
          etag: '"v1"',
          'x-other': 'ignored',
        });
        response.end(data);
      }),
    );
    const answer = await get(url, policy);
    expect(answer.status).toBe(200);
    expect(answer.headers).toMatchObject({ 'content-length': String(data.length), etag: '"v1"' });
    expect(answer.headers['x-other']).toBeUndefined();
    expect(asked).toMatchObject({ host: url.host, connection: 'close', accept: '*/*' });
    const sink = new MemorySink();
    const seen: number[] = [];
    await answer.body.pipeTo(sink, (received) => seen.push(received));
    expect(sink.bytes.equals(data)).toBe(true);
    expect(seen.at(-1)).toBe(data.length);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('decodes a chunked body, and one sent a byte at a time with extensions and a trailer', async () => {
    const data = randomBytes(200_000);
    const chunked = await listen(
      http.createServer((_request, response) => {
        response.writeHead(200);
        for (let at = 0; at < data.length; at += 30_000) {
          response.write(data.subarray(at, at + 30_000));
        }
        response.end();
      }),
    );
    const sink = new MemorySink();
    await (await get(chunked.url, chunked.policy)).body.pipeTo(sink, () => undefined);
    expect(sink.bytes.equals(data)).toBe(true);

    const framed = Buffer.concat([
      Buffer.from(
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n1A \r\n',
      ),
      Buffer.from('abcdefghijklmnopqrstuvwxyz\r\n0\r\nX-Trailer: 1\r\n\r\ngarbage after the end'),
    ]);
    const slow = await listen(rawServer(framed, 1));
    const bytewise = new MemorySink();
    await (await get(slow.url, slow.policy)).body.pipeTo(bytewise, () => undefined);
    expect(bytewise.bytes.toString()).toBe('helloabcdefghijklmnopqrstuvwxyz');
  });

  it('reads a body that ends with the connection, after an interim 103 answer', async () => {
    const { url, policy } = await listen(
      rawServer(
        Buffer.from(
          'HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.0 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end',
        ),
        3,
      ),
    );
    const answer = await get(url, policy);
    expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'text/plain' } });
    const sink = new MemorySink();
    await answer.body.pipeTo(sink, () => undefined);
    expect(sink.bytes.toString()).toBe('until the end');
  });

  it('takes no byte past Content-Length, and fails a body that ends before it', async () => {
    const long = await listen(
      rawServer(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nfourfive')),
    );
    const sink = new MemorySink();
    await (await get(long.url, long.policy)).body.pipeTo(sink, () => undefined);
    expect(sink.bytes.toString()).toBe('four');

    const short = await listen(
      rawServer(Buffer.from('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nfour')),
    );
    await expect(
      (await get(short.url, short.policy)).body.pipeTo(new MemorySink(), () => undefined),
    ).rejects.toThrow(SourceProtocolError);
  });

  it('refuses malformed heads and transfer codings it cannot decode', async () => {
    for (const head of [
      'HTTP/2 200 OK\r\n\r\n',
      'HTTP/1.1 200 OK\r\nbad header\r\n\r\n',
      'HTTP/1.1 200 OK\r\n folded: value\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n',
      'HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n',
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n',
    ]) {
      const { url, policy } = await listen(rawServer(Buffer.from(head)));
      await expect(get(url, policy)).rejects.toThrow(SourceProtocolError);
    }
    const garbled = await listen(
      rawServer(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n')),
    );
    await expect(
      (await get(garbled.url, garbled.policy)).body.pipeTo(new MemorySink(), () => undefined),
    ).rejects.toThrow(/chunk size/);
  });

  it('stops and closes the connection when the check throws', async () => {
    let closed!: () => void;
    const gone = new Promise<void>((resolve) => (closed = resolve));
    const { url, policy } = await listen(
      http.createServer((request, response) => {
        request.socket.on('close', closed);
        response.writeHead(200, { 'content-length': String(64 * 1024 * 1024) });
        response.write(Buffer.alloc(1024 * 1024));
      }),
    );
    const answer = await get(url, policy);
    const sink = new MemorySink();
    await expect(
      answer.body.pipeTo(sink, (received) => {
        if (received > 100_000) {
          throw new Error('too large');
        }
      }),
    ).rejects.toThrow('too large');
    await gone;
    expect(sink.queued).toBeLessThanOrEqual(100_000);
  });

  it('sends nothing to a peer the policy refuses', async () => {
    let received = 0;
    const { url } = await listen(
      net.createServer((socket) =>
        socket.on('data', (chunk: Buffer) => (received += chunk.length)),
      ),
    );
    const strict: FetchPolicy = { allowedRanges: [], extraPorts: new Set([Number(url.port)]) };
    // An address literal is not looked up: the peer is checked once connected, before the request is written.
    await expect(get(url, strict)).rejects.toThrow(BlockedAddressError);
    const named = new URL(url);
    named.hostname = 'localhost';
    await expect(get(named, strict)).rejects.toThrow(BlockedAddressError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(received).toBe(0);
  });
});

describe('the chunked decoder', () => {
  it('gives the same data however the framed bytes are cut', () => {
    const data = randomBytes(10_000);
    const framed = Buffer.concat([
      Buffer.from('1000\r\n'),
      data.subarray(0, 4096),
      Buffer.from('\r\n1710;ext=1\r\n'),
      data.subarray(4096),
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    for (const step of [1, 2, 7, 4096, framed.length]) {
      const decoder = new ChunkedDecoder();
      const out: Buffer[] = [];
      for (let at = 0; at < framed.length; at += step) {
        const view = Buffer.from(framed.subarray(at, at + step));
        out.push(Buffer.from(view.subarray(0, decoder.decode(view))));
      }
      expect(decoder.done).toBe(true);
      expect(Buffer.concat(out).equals(data)).toBe(true);
    }
  });

  it('refuses a chunk longer than its size', () => {
    expect(() => new ChunkedDecoder().decode(Buffer.from('2\r\nabc\r\n'))).toThrow(
      SourceProtocolError,
    );
  });
});

describe('parseHead', () => {
  it('keeps the first of repeated fields by lower-case name', () => {
    expect(parseHead('HTTP/1.1 302 Found\r\nLocation: /a\r\nlocation: /b\r\nETag: "x"')).toEqual({
      status: 302,
      headers: { location: '/a', etag: '"x"' },
    });
  });
});
