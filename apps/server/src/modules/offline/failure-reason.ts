import type { TaskMessageCode } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { DownloadFailure } from './download-failure';
import { BlockedAddressError } from './fetch-guard';
import { SourceStatusError } from './url-fetcher';

/** Socket and name errors that mean the link's server could not be reached at all. */
const unreachableCodes = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EHOSTDOWN',
  'ETIMEDOUT',
]);

/** What each rule of the fetch guard (`BlockedAddressError.what`) tells the member. */
const blockedReasons: Readonly<Record<string, TaskMessageCode>> = {
  address: 'address_not_allowed',
  'resolved address': 'host_unreachable',
  port: 'port_not_allowed',
};

/** The error itself and the errors it wraps (`cause`), outermost first. */
function* chainOf(error: unknown): Generator<unknown> {
  let current = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 8; depth += 1) {
    yield current;
    current = current instanceof Error ? current.cause : undefined;
  }
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/** What a link's server answered, as the member reads it: missing, refused or another status. */
function statusReason(status: number): TaskMessageCode {
  if (status === 404 || status === 410) {
    return `source_missing:${status}`;
  }
  if (status === 401 || status === 403) {
    return `source_denied:${status}`;
  }
  return `source_status:${status}`;
}

/**
 * Why a download or a link check failed, as the task message members read: the link's server
 * answered an error status (with the status), could not be reached, or the link is one Nimbus
 * does not fetch (an address of a local or private network written in the link, a port other
 * than the web's). A host name that resolves to such an address reads as unreachable: the
 * checker is open to visitors, and must not tell which names exist inside the server's network.
 * Nothing is ever connected to before these checks, so no answer tells what listens where.
 * Anything else is "could not be downloaded".
 */
export function failureReasonOf(error: unknown): TaskMessageCode {
  for (const link of chainOf(error)) {
    if (link instanceof DownloadFailure) {
      return link.key;
    }
    if (link instanceof AppError && link.reason === 'file_space_not_enough') {
      return 'space_not_enough';
    }
    if (link instanceof SourceStatusError) {
      return statusReason(link.status);
    }
    if (link instanceof BlockedAddressError) {
      return blockedReasons[link.what] ?? 'unsupported_link';
    }
    const code = codeOf(link);
    if (code !== undefined && unreachableCodes.has(code)) {
      return 'host_unreachable';
    }
  }
  return 'fetch_failed';
}
