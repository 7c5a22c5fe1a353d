import { apiGroupOf } from '@nimbus/contracts';

/**
 * Paths of the server's own that belong to no API group: the reference, the probes, the
 * content origin's signed links (`/content/v1`, served from the same port) and WebDAV (`/dav/`).
 */
const operationalPrefixes = ['/api', '/healthz', '/readyz', '/content', '/dav'];

/** The path of a request target, without query or fragment. */
export function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/**
 * True when a request belongs to the API server rather than the web app. Decided by prefix
 * alone, before any parsing, so API traffic reaches Fastify with no extra hop.
 */
export function isServerPath(url: string): boolean {
  const pathname = pathOf(url);
  if (apiGroupOf(pathname)) {
    return true;
  }
  return operationalPrefixes.some(
    (prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`),
  );
}
