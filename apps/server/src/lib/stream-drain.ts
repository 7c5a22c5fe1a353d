import { finished, type Readable } from 'node:stream';

/**
 * Feeds every chunk of `source` to `take` in flowing mode, and resolves when the source ended
 * (rejects when it failed, closed early, or `take` threw or its promise rejected; the source is
 * destroyed then).
 *
 * `for await` reads a stream in paused mode: with the 16 KiB high-water mark of an HTTP message
 * and 64 KiB socket reads, the socket is stopped and started again after nearly every chunk, which
 * costs more than the bytes. Here the source flows, and is paused only while a promise returned by
 * `take` is pending (the consumer's own back-pressure).
 */
export function drainStream(
  source: Readable,
  take: (chunk: Buffer) => Promise<void> | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    let failure: Error | undefined;
    const fail = (error: unknown) => {
      if (failure !== undefined) {
        return;
      }
      failure = error instanceof Error ? error : new Error(String(error));
      source.off('data', onData);
      source.destroy(failure);
    };
    const onData = (chunk: Buffer) => {
      let wait: Promise<void> | undefined;
      try {
        wait = take(chunk);
      } catch (error) {
        fail(error);
        return;
      }
      if (wait !== undefined) {
        source.pause();
        wait.then(
          () => {
            if (failure === undefined) {
              source.resume();
            }
          },
          (error: unknown) => fail(error),
        );
      }
    };
    source.on('data', onData);
    finished(source, { writable: false }, (error) => {
      source.off('data', onData);
      if (failure !== undefined) {
        reject(failure);
      } else if (error) {
        reject(error);
      } else {
        resolve();
      }
    });
  });
}
