import http from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects } from '../helper';
import { startDavServer, type DavServer } from './webdav-fixture';

const entries = 2500;
const pageSize = 50;

/**
 * 150 properties no item has: each entry answers every one of them (404), so the answer is about
 * 20 MB, several times what socket buffers hold, from a folder that is quick to make.
 */
const askedFor = `<?xml version="1.0"?><d:propfind xmlns:d="DAV:" xmlns:x="urn:nimbus:test:absent-properties"><d:prop><d:getetag/>${Array.from({ length: 150 }, (_, index) => `<x:absent-property-number-${index}/>`).join('')}</d:prop></d:propfind>`;

/**
 * A PROPFIND of a big folder streams: the server reads the folder a page at a time as the
 * client takes the answer, so a client that stops reading stops the reads, and the server's
 * memory does not grow with the folder (the bench measures 100,000 entries).
 */
describe.each(dialects)('a PROPFIND of a big folder on %s', (dialect) => {
  let server: DavServer;
  beforeAll(async () => {
    server = await startDavServer(dialect, {}, { davPageSize: pageSize });
    const { t, member } = server;
    const blob = await t.container.blobs.ingest(Readable.from([Buffer.from('same bytes')]));
    await t.container.files.createTree(member.id, {
      name: 'big',
      parentId: '',
      files: Array.from({ length: entries }, (_, index) => ({
        folders: [],
        name: `file-${String(index).padStart(6, '0')}.txt`,
        blob,
      })),
    });
  }, 120_000);
  afterAll(async () => {
    await server.t.close();
  });

  it('reads pages only as fast as the client takes them, with flat memory', async () => {
    const files = server.t.container.files;
    const list = files.list.bind(files);
    let pagesRead = 0;
    files.list = (...args: Parameters<typeof list>) => {
      pagesRead += 1;
      return list(...args);
    };
    const { hostname, port } = new URL(server.origin);
    global.gc?.();
    const heapBefore = process.memoryUsage().heapUsed;
    const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
      const request = http.request(
        {
          hostname,
          port,
          path: '/dav/big/',
          method: 'PROPFIND',
          headers: { authorization: server.basic, depth: '1', 'content-type': 'application/xml' },
        },
        resolve,
      );
      request.on('error', reject);
      request.end(askedFor);
    });
    expect(response.statusCode).toBe(207);
    response.pause();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Socket buffers hold a few pages at most; the rest waits for the client.
    const readWhilePaused = pagesRead;
    if (readWhilePaused >= entries / pageSize / 2) {
      // Let the server go before failing, so closing it does not wait for this answer.
      response.destroy();
    }
    // A listing read whole before the first byte is sent would have read every page by now.
    expect(readWhilePaused).toBeLessThan(entries / pageSize / 2);
    let responses = 0;
    let tail = '';
    let peak = 0;
    for await (const chunk of response as AsyncIterable<Buffer>) {
      const text = tail + chunk.toString('utf8');
      responses += text.split('<D:response>').length - 1;
      // Carry over fewer characters than the tag has: a tag cut between two chunks is counted
      // once, and a tag already counted never comes back in the carried tail.
      tail = text.slice(-('<D:response>'.length - 1));
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    }
    expect(responses).toBe(entries + 1);
    expect(pagesRead).toBeGreaterThanOrEqual(entries / pageSize);
    expect(peak).toBeLessThan(64 * 1024 * 1024);
    files.list = list;
  }, 60_000);
});
