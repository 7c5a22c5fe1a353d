import { PassThrough, Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { drainStream } from './stream-drain';

function chunksOf(count: number, size: number): Buffer[] {
  return Array.from({ length: count }, (_, index) => Buffer.alloc(size, index));
}

describe('drainStream', () => {
  it('hands every chunk over in order and resolves at the end', async () => {
    const seen: number[] = [];
    await drainStream(Readable.from(chunksOf(50, 1000)), (chunk) => {
      seen.push(chunk[0] ?? -1);
      return undefined;
    });
    expect(seen).toEqual(Array.from({ length: 50 }, (_, index) => index));
  });

  it('pauses the source while the consumer’s promise is pending', async () => {
    const source = new PassThrough();
    let release: () => void = () => undefined;
    const seen: Buffer[] = [];
    const drained = drainStream(source, (chunk) => {
      seen.push(chunk);
      return seen.length === 1 ? new Promise<void>((resolve) => (release = resolve)) : undefined;
    });
    source.write(Buffer.from('a'));
    await new Promise((resolve) => setImmediate(resolve));
    source.write(Buffer.from('b'));
    source.end(Buffer.from('c'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(source.isPaused()).toBe(true);
    expect(seen.map(String)).toEqual(['a']);
    release();
    await drained;
    expect(seen.map(String)).toEqual(['a', 'b', 'c']);
  });

  it('rejects with what the consumer threw or rejected with, and destroys the source', async () => {
    const thrown = Readable.from(chunksOf(10, 10));
    await expect(
      drainStream(thrown, () => {
        throw new Error('too large');
      }),
    ).rejects.toThrow('too large');
    expect(thrown.destroyed).toBe(true);
    const rejected = Readable.from(chunksOf(10, 10));
    await expect(
      drainStream(rejected, () => Promise.reject(new Error('disk full'))),
    ).rejects.toThrow('disk full');
    expect(rejected.destroyed).toBe(true);
  });

  it('rejects when the source fails or closes before its end', async () => {
    const failing = new PassThrough();
    const failed = drainStream(failing, () => undefined);
    failing.write(Buffer.from('x'));
    failing.destroy(new Error('connection reset'));
    await expect(failed).rejects.toThrow('connection reset');
    const cut = new PassThrough();
    const closed = drainStream(cut, () => undefined);
    cut.write(Buffer.from('x'));
    cut.destroy();
    await expect(closed).rejects.toThrow(/premature close/i);
  });
});
