import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import {
  startTorrentSession,
  TorrentThreadError,
  untilAborted,
  type TorrentThreadJob,
} from './torrent-session';

/** A thread script made of `code` (an ES module with `port`, the thread's parent port). */
function script(code: string): URL {
  return new URL(
    `data:text/javascript,${encodeURIComponent(`import { parentPort as port } from 'node:worker_threads';\n${code}`)}`,
  );
}

const job: TorrentThreadJob = {
  kind: 'fetch',
  policy: { ranges: [], ports: [] },
  dht: false,
  source: { magnet: 'magnet:?xt=urn:btih:x' },
  announce: [],
  limits: { maxBytes: 100, available: 100, trafficLeft: 100 },
};

describe('a torrent session', () => {
  it('fails only its own calls when a library in its thread throws in a callback, as the tracker client did on an https redirect', async () => {
    const errors: unknown[] = [];
    const session = startTorrentSession(
      script(
        `setTimeout(() => { throw new TypeError('Protocol "https:" not supported. Expected "http:"'); }, 20);`,
      ),
      job,
      { error: (object) => errors.push(object) },
    );
    await expect(session.metadata).rejects.toThrow(TorrentThreadError);
    await expect(session.metadata).rejects.toThrow(/Protocol "https:" not supported/);
    await expect(session.stats()).rejects.toThrow(TorrentThreadError);
    await expect(session.verified).rejects.toThrow(TorrentThreadError);
    await expect(text(session.read(0))).rejects.toThrow(TorrentThreadError);
    expect(await session.close()).toBe(0);
    expect(errors).toHaveLength(1);
  });

  it('fails its calls when its thread cannot start or ends early', async () => {
    const missing = startTorrentSession(new URL('file:///nonexistent/torrent-thread.js'), job);
    await expect(missing.metadata).rejects.toThrow(TorrentThreadError);
    await missing.close();
    const quitting = startTorrentSession(script('process.exit(3);'), job);
    await expect(quitting.metadata).rejects.toThrow(/exit 3/);
    await quitting.close();
  });

  it('hands over metadata, the verification, counts and a file read chunk by chunk as the reader asks', async () => {
    const session = startTorrentSession(
      script(`
        const chunks = ['one ', 'two ', 'three'];
        let pulls = 0;
        port.postMessage({ type: 'metadata', metadata: { name: 'pack', torrent: new Uint8Array([100, 101]), files: [{ path: 'pack/a', name: 'a', length: 13 }] } });
        port.postMessage({ type: 'verified', fits: true });
        port.on('message', (message) => {
          if (message.type === 'stats') port.postMessage({ type: 'stats', id: message.id, received: 42, have: 13 });
          if (message.type === 'pull') {
            const chunk = chunks[pulls++];
            port.postMessage(chunk === undefined ? { type: 'end' } : { type: 'chunk', data: new TextEncoder().encode(chunk) });
          }
          if (message.type === 'close') port.postMessage({ type: 'closed', received: 50 });
        });
      `),
      job,
    );
    expect(await session.metadata).toMatchObject({
      name: 'pack',
      files: [{ path: 'pack/a', length: 13 }],
    });
    expect(await session.verified).toBe(true);
    expect(await session.stats()).toEqual({ received: 42, have: 13 });
    expect(await text(session.read(0))).toBe('one two three');
    expect(await session.close()).toBe(50);
  });

  it('stops waiting once the signal ends the wait, with its reason', async () => {
    const controller = new AbortController();
    const waiting = untilAborted(new Promise(() => undefined), controller.signal);
    controller.abort(new Error('paused'));
    await expect(waiting).rejects.toThrow('paused');
    await expect(untilAborted(Promise.resolve(7), new AbortController().signal)).resolves.toBe(7);
  });
});
