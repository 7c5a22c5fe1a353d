import type { ByteSink } from '../../storage/hashed-file-writer';
import type { OpenedSource, UrlFetcher } from '../url-fetcher';

/**
 * Largest `.torrent` file read from an http(s) link (by the URL checker, and when a task is made
 * from such a link): a few MiB hold the metadata of torrents with many thousands of files.
 */
export const maxLinkedTorrentBytes = 4 * 1024 * 1024;

/** How long reading a `.torrent` link may take, from the request to the last byte. */
export const linkedTorrentTimeoutMs = 15_000;

/** The body was longer than the cap. */
class TooLarge extends Error {
  constructor() {
    super('the .torrent file is larger than the cap');
    this.name = 'TooLarge';
  }
}

/** A sink that keeps the bytes in memory (a `.torrent` file is small). */
class MemorySink implements ByteSink {
  queued = 0;
  private readonly chunks: Buffer[] = [];
  private readonly spare = Buffer.allocUnsafe(64 * 1024);

  push(chunk: Uint8Array): undefined {
    this.chunks.push(Buffer.from(chunk));
    this.queued += chunk.length;
    return undefined;
  }

  lend(): Buffer {
    return this.spare;
  }

  commit(length: number): undefined {
    this.chunks.push(Buffer.from(this.spare.subarray(0, length)));
    this.queued += length;
    return undefined;
  }

  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

/**
 * The body of an opened source, at most `maxBytes`: undefined (and the connection closed, having
 * read at most one buffer past the cap) when the source says or sends more.
 */
export async function readCapped(
  source: OpenedSource,
  maxBytes = maxLinkedTorrentBytes,
): Promise<Buffer | undefined> {
  if (source.size !== undefined && source.size > maxBytes) {
    source.body.destroy();
    return undefined;
  }
  const sink = new MemorySink();
  try {
    await source.body.pipeTo(sink, (received) => {
      if (received > maxBytes) {
        throw new TooLarge();
      }
    });
  } catch (error) {
    if (error instanceof TooLarge) {
      return undefined;
    }
    throw error;
  }
  return sink.bytes();
}

/**
 * The bytes an http(s) link serves, read through the SSRF-guarded fetcher (every address and
 * redirect checked) within `maxLinkedTorrentBytes` and `linkedTorrentTimeoutMs`: what a task made
 * from a `.torrent` link starts from. Undefined whatever went wrong (a blocked or unreachable
 * address, an error status, a time-out, a body past the cap): the caller cannot tell them apart.
 */
export async function fetchLinkedTorrent(
  fetcher: UrlFetcher,
  url: string,
  timeoutMs = linkedTorrentTimeoutMs,
): Promise<Buffer | undefined> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const source = await fetcher.open(url, controller.signal);
    return await readCapped(source);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
    controller.abort();
  }
}
