/** What kind of link a line holds. */
export type LinkKind = 'http' | 'magnet' | 'invalid';

/** The most links one Add dialog takes at once. */
export const maxLinks = 50;

/** The links in pasted text: one a line, trimmed, blank lines and repeats dropped. */
export function splitLinks(text: string): string[] {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const link = line.trim();
    if (link !== '' && !seen.has(link)) {
      seen.add(link);
      links.push(link);
    }
  }
  return links;
}

/** Whether a line is an http(s) link, a magnet link, or neither. */
export function linkKind(link: string): LinkKind {
  if (/^magnet:\?/i.test(link)) {
    return 'magnet';
  }
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? 'http' : 'invalid';
  } catch {
    return 'invalid';
  }
}

/**
 * Whether an http(s) link names a `.torrent` by its path (docs/product.md#validation). The Add dialog asks
 * the link checker for such a torrent's files, so the member can pick them and the task runs the
 * torrent; a link that serves a torrent under another name is saved as a file.
 */
export function isTorrentLink(link: string): boolean {
  return linkKind(link) === 'http' && new URL(link).pathname.toLowerCase().endsWith('.torrent');
}

/** Seconds as the largest sensible unit: `{unit: 'minutes', count: 3}`; undefined when unknown. */
export function timeLeft(
  eta: string | undefined,
): { unit: 'seconds' | 'minutes' | 'hours'; count: number } | undefined {
  if (eta === undefined || !/^\d+$/.test(eta)) {
    return undefined;
  }
  const seconds = Number(eta);
  if (seconds < 60) {
    return { unit: 'seconds', count: seconds };
  }
  if (seconds < 3600) {
    return { unit: 'minutes', count: Math.ceil(seconds / 60) };
  }
  return { unit: 'hours', count: Math.round((seconds / 3600) * 10) / 10 };
}
