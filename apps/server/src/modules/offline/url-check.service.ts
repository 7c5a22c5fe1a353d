import { fileCategoryOf, isTorrent, safeFileName, type TaskMessageCode } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import { initialName, parseOfflineUrl } from './offline.service';
import { maxCheckedUrls } from '@nimbus/contracts';
import type { OpenedSource, UrlFetcher } from './url-fetcher';
import { DownloadFailure } from './download-failure';
import { failureReasonOf } from './failure-reason';
import type { TorrentMetadataResolver } from './torrent/torrent-metadata';
import { readCapped } from './torrent/torrent-link';
import { entriesOf, listedFilesLimit, parseTorrentBytes } from './torrent/torrent-source';

export interface UrlCheckServiceDeps {
  fetcher: UrlFetcher;
  /** Magnet links' metadata from the swarm; without it a magnet link is only read. */
  torrents?: Pick<TorrentMetadataResolver, 'resolve'>;
  limiter: WindowLimiter;
  /** Links one member may check per window. */
  memberLimit?: WindowLimit;
  /** Links one address may check per window without signing in. */
  addressLimit?: WindowLimit;
  /** How long one link may take to answer with its headers. */
  timeoutMs?: number;
}

/** Who asks: a member, or an anonymous visitor known by address. */
export interface UrlChecker {
  userId: string | null;
  address: string;
}

/** One checked link, its message still a key of the task messages. */
export interface CheckedUrl {
  url: string;
  name: string;
  /** Undefined when the source does not say. */
  size: number | undefined;
  mimeType: string;
  fileCategory: string;
  reachable: boolean;
  messageKey: TaskMessageCode | '';
  isTorrent: boolean;
  files: { id: string; name: string; size: number }[];
}

/** The links in the text, one a line, blank lines skipped. */
export function splitUrls(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

/** A BitTorrent v1 info hash in a magnet link: 40 hex digits or 32 base32 characters. */
const btihPattern = /^urn:btih:([0-9a-f]{40}|[a-z2-7]{32})$/i;

/**
 * Reads a magnet link without contacting anyone: a well-formed link (a BitTorrent info hash) can
 * be queued, named after its `dn`. Its files come from `resolveMagnet`.
 */
export function checkMagnet(text: string): CheckedUrl {
  let params: URLSearchParams;
  try {
    params = new URL(text).searchParams;
  } catch {
    return unreadable(text, 'unsupported_link', true);
  }
  const hash = params
    .getAll('xt')
    .map((xt) => btihPattern.exec(xt)?.[1])
    .find((value) => value !== undefined);
  if (hash === undefined) {
    return unreadable(text, 'unsupported_link', true);
  }
  const name = safeFileName(params.get('dn') ?? '') || hash.toLowerCase();
  return {
    url: text,
    name,
    size: undefined,
    mimeType: '',
    fileCategory: fileCategoryOf({ name }),
    reachable: true,
    messageKey: '',
    isTorrent: true,
    files: [],
  };
}

function unreadable(url: string, key: TaskMessageCode, torrent: boolean): CheckedUrl {
  return {
    url,
    name: '',
    size: undefined,
    mimeType: '',
    fileCategory: 'OTHER',
    reachable: false,
    messageKey: key,
    isTorrent: torrent,
    files: [],
  };
}

/**
 * The URL checker (`/url-checker`): looks at links without saving anything. An http(s) link is
 * opened through the same SSRF-guarded fetcher as offline downloads (checked URL, one DNS
 * resolution, allowed addresses only, every redirect checked), read up to its headers and
 * dropped (a `.torrent` file is read whole, within a few MiB, and its files listed). A link
 * that cannot be fetched says why (`failure-reason.ts`) without telling a visitor anything of
 * the server's network. A magnet link's files are asked of the swarm
 * (`torrent/torrent-metadata.ts`, metadata only). Checks are limited per member, or per address
 * for visitors who are not signed in.
 */
export function createUrlCheckService(deps: UrlCheckServiceDeps) {
  const memberLimit = deps.memberLimit ?? { max: 60, windowMs: 10 * 60_000 };
  const addressLimit = deps.addressLimit ?? { max: 20, windowMs: 10 * 60_000 };
  const timeoutMs = deps.timeoutMs ?? 15_000;

  async function limit(checker: UrlChecker): Promise<void> {
    const decision = await (checker.userId !== null
      ? deps.limiter.hit(`url-check:member:${checker.userId}`, memberLimit)
      : deps.limiter.hit(`url-check:address:${checker.address}`, addressLimit));
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  /**
   * A magnet link with its files: the metadata is asked of the swarm through the guard (or taken
   * from what was fetched lately), within the resolver's time cap. A link whose trackers are
   * blocked reads like any blocked link; one whose swarm did not answer in time says so.
   */
  async function resolveMagnet(text: string): Promise<CheckedUrl> {
    const read = checkMagnet(text);
    if (!read.reachable || deps.torrents === undefined) {
      return read;
    }
    try {
      const metadata = await deps.torrents.resolve(text);
      const name = safeFileName(metadata.name) || read.name;
      return {
        ...read,
        name,
        size: metadata.files.reduce((sum, file) => sum + file.size, 0),
        fileCategory: fileCategoryOf({
          name: metadata.files.length === 1 ? (metadata.files[0]?.path ?? name) : name,
        }),
        files: metadata.files
          .slice(0, listedFilesLimit)
          .map((file) => ({ id: String(file.index), name: file.path, size: file.size })),
      };
    } catch (error) {
      const key =
        error instanceof DownloadFailure && error.key === 'torrent_metadata_timeout'
          ? 'torrent_metadata_timeout'
          : 'fetch_failed';
      return { ...unreadable(text, key, true), name: read.name };
    }
  }

  /**
   * A `.torrent` file behind an http(s) link (docs/product.md#validation: a name ending `.torrent` or the
   * type `x-bittorrent`): read within `maxLinkedTorrentBytes` and the check's time cap, and
   * listed like a `.torrent` file of the drive. One that is too large or does not parse says
   * "The torrent could not be read" (a task without `url.files` still saves the file itself).
   */
  async function linkedTorrent(
    text: string,
    source: OpenedSource,
    fileName: string,
  ): Promise<CheckedUrl> {
    const bytes = await readCapped(source);
    const parsed = bytes === undefined ? undefined : parseTorrentBytes(bytes);
    if (parsed === undefined) {
      return {
        ...unreadable(text, 'torrent_unreadable', true),
        name: fileName,
        size: source.size,
        mimeType: source.mimeType,
      };
    }
    const entries = entriesOf(parsed);
    const name = safeFileName(parsed.name ?? '') || fileName;
    return {
      url: text,
      name,
      size: entries.reduce((sum, entry) => sum + entry.size, 0),
      mimeType: source.mimeType,
      fileCategory: fileCategoryOf({
        name: entries.length === 1 ? (entries[0]?.path ?? name) : name,
      }),
      reachable: true,
      messageKey: '',
      isTorrent: true,
      files: entries
        .slice(0, listedFilesLimit)
        .map((entry) => ({ id: String(entry.index), name: entry.path, size: entry.size })),
    };
  }

  async function checkOne(text: string): Promise<CheckedUrl> {
    if (/^magnet:/i.test(text)) {
      return resolveMagnet(text);
    }
    let url: URL;
    try {
      url = parseOfflineUrl(text);
    } catch {
      return unreadable(text, 'unsupported_link', false);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const source = await deps.fetcher.open(url.toString(), controller.signal);
      const name = safeFileName(source.fileName) || initialName(url, undefined);
      const kind = { name, contentType: source.mimeType };
      if (isTorrent(kind)) {
        return await linkedTorrent(text, source, name);
      }
      source.body.destroy();
      return {
        url: text,
        name,
        size: source.size,
        mimeType: source.mimeType,
        fileCategory: fileCategoryOf(kind),
        reachable: true,
        messageKey: '',
        isTorrent: isTorrent(kind),
        files: [],
      };
    } catch (error) {
      // A server that has not answered within the check's time is as good as unreachable here.
      const reason = controller.signal.aborted ? 'host_unreachable' : failureReasonOf(error);
      return unreadable(text, reason, false);
    } finally {
      clearTimeout(timer);
      controller.abort();
    }
  }

  return {
    /** Checks up to `maxCheckedUrls` links, each counted against the caller's limit. */
    async check(checker: UrlChecker, text: string): Promise<CheckedUrl[]> {
      const urls = splitUrls(text);
      if (urls.length === 0 || urls.length > maxCheckedUrls) {
        throw new AppError('invalid_argument', {
          description: `urls holds 1-${maxCheckedUrls} links, one a line`,
        });
      }
      if (urls.some((url) => url.length > 4096)) {
        throw new AppError('invalid_argument', {
          description: 'a link is at most 4096 characters',
        });
      }
      for (let index = 0; index < urls.length; index += 1) {
        await limit(checker);
      }
      return Promise.all(urls.map((url) => checkOne(url)));
    },
  };
}

export type UrlCheckService = ReturnType<typeof createUrlCheckService>;
