import { AppError } from '../../http/app-error';

/** Where WebDAV is served: the member's drive is the collection at this path. */
export const davPrefix = '/dav';

/** A refused request target: `..`, `.`, an encoded slash or backslash, a NUL, bad escapes. */
function badPath(description: string): AppError {
  return new AppError('invalid_argument', { description });
}

/**
 * The names from the drive's root down to the item a request target names (`[]`: the root),
 * read from the raw target so an encoded slash stays visible. Empty segments (a trailing slash,
 * `//`) are dropped; a segment that would climb or hide a separator is refused, never resolved.
 */
export function davSegments(rawTarget: string): string[] {
  if (rawTarget.includes('#')) {
    // A request target never carries a fragment (RFC 9112 §3.2): acting on what is before it
    // could delete something the client did not name.
    throw badPath('A request target cannot hold a fragment (#)');
  }
  const end = rawTarget.indexOf('?');
  let path = end === -1 ? rawTarget : rawTarget.slice(0, end);
  // An absolute URI (a Destination header) is reduced to its path first.
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      throw badPath('The target is not a URL');
    }
  }
  if (path !== davPrefix && !path.startsWith(`${davPrefix}/`)) {
    throw badPath(`The target is outside ${davPrefix}/`);
  }
  const segments: string[] = [];
  for (const raw of path.slice(davPrefix.length).split('/')) {
    if (raw === '') {
      continue;
    }
    if (/%(2f|5c|00)/i.test(raw)) {
      throw badPath('A path segment cannot hold an encoded slash, backslash or NUL');
    }
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      throw badPath('A path segment is not valid percent-encoded UTF-8');
    }
    if (segment === '.' || segment === '..' || /[\0\\]/.test(segment)) {
      throw badPath('A path cannot hold ., .., a backslash or a NUL');
    }
    segments.push(segment.normalize('NFC'));
  }
  return segments;
}

/** The href of an item from its names: each segment percent-encoded, collections with a `/`. */
export function davHref(segments: readonly string[], isCollection: boolean): string {
  const path = segments.map((segment) => encodeURIComponent(segment)).join('/');
  if (path === '') {
    return `${davPrefix}/`;
  }
  return `${davPrefix}/${path}${isCollection ? '/' : ''}`;
}

/** macOS resource forks and folder settings, which Finder writes everywhere and no one lists. */
export function isHiddenName(name: string): boolean {
  return name.startsWith('._') || name === '.DS_Store';
}
