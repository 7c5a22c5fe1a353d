import { actionParam, actionParams, maxActionUrlLength } from './dialog-action';

/*
 * The Web Share Target of the installed app (docs/product.md#sharing-into-nimbus): a phone's share sheet
 * opens `/share-target?title=…&text=…&url=…`. Apps put a shared link in any of the three (many
 * send it inside `text`, after a title), so the first link found in them goes into the Add dialog
 * of the offline downloads, where the member checks it before anything is fetched.
 */

/** The path the manifest names as its share target. */
export const shareTargetPath = '/share-target';

/** The query parameters the manifest asks the browser for. */
export const shareTargetParams = { title: 'title', text: 'text', url: 'url' } as const;

const linkPattern = /\b(?:https?:\/\/|magnet:\?)[^\s<>"]+/gi;

/**
 * The shared `url` as a whole when it is one http(s) or magnet link: it is the link itself, not
 * a text around one, and may hold spaces an app did not encode.
 */
function wholeLink(url: string | undefined): string | undefined {
  const link = url?.trim() ?? '';
  // eslint-disable-next-line no-control-regex
  return /^(?:https?:\/\/|magnet:\?)/i.test(link) && !/[\u0000-\u001f\u007f]/.test(link)
    ? link
    : undefined;
}

/** The http(s) and magnet links of what was shared, in order, once each; none when it has none. */
export function sharedLinks(shared: { title?: string; text?: string; url?: string }): string[] {
  const whole = wholeLink(shared.url);
  const found = [whole ? undefined : shared.url, shared.text, shared.title]
    .flatMap((value) => (value ?? '').match(linkPattern) ?? [])
    // A sentence's closing punctuation is not part of the link it ends with.
    .map((link) => link.replace(/[.,;:!?)\]}'»”]+$/u, ''));
  return [...new Set(whole ? [whole, ...found] : found)];
}

/**
 * Where a share lands: the Add dialog with the first shared link, or the empty dialog when
 * nothing shared was a link (or the link is longer than an address may carry).
 */
export function shareTargetDestination(shared: {
  title?: string;
  text?: string;
  url?: string;
}): string {
  const link = sharedLinks(shared)[0] ?? '';
  const query = new URLSearchParams({
    [actionParam]: 'create_task',
    [actionParams.url]: link.length <= maxActionUrlLength ? link : '',
  });
  return `/drive/tasks?${query.toString()}`;
}
