import type { DialogAction } from '@nimbus/contracts';
import { embeddedActionOf } from '@nimbus/contracts';
import { pathWithoutLocale } from '@/lib/dialog-action';

/*
 * Embedded mode (docs/product.md#screens-and-routes): a page opened with `?origin=<parent origin>` inside a frame
 * sends the actions of its drive links to the parent page instead of following them.
 */

/** The query parameter naming the parent page's origin. */
export const embedOriginQueryParam = 'origin';

/** Session storage key keeping the parent's origin across the frame's own navigations. */
export const embedOriginStorageKey = 'nimbus_embed_origin';

/** The `type` of the message the parent page receives. */
export const embeddedMessageType = 'nimbus:action';

/** The message posted to the parent: the action and the link that asked for it. */
export interface EmbeddedActionMessage {
  type: typeof embeddedMessageType;
  action: DialogAction;
  href: string;
}

/**
 * The parent origin `value` names, only when it is exactly an origin (`scheme://host[:port]`,
 * http or https, no path, query, fragment or credentials; one trailing slash is tolerated).
 * Anything else leaves the page outside embedded mode.
 */
export function embedOriginOf(value: string | null): string | undefined {
  if (!value || value.length > 2048) {
    return undefined;
  }
  const candidate = value.endsWith('/') ? value.slice(0, -1) : value;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return undefined;
  }
  return url.origin === candidate ? url.origin : undefined;
}

/** What a click on a link does in embedded mode. */
export type EmbeddedClick =
  /** Follow the link (not a drive action, or one the frame runs itself). */
  | { kind: 'follow' }
  /** Send the action to the parent page. */
  | { kind: 'post'; message: EmbeddedActionMessage };

/**
 * The fate of a click on a link to `href` (resolved against the page's `base`): links to a
 * `/drive` path (in any locale) whose `action` starts with an intercepted action, and links to
 * the feedback page, go to the parent; a link opening in a new window (`target="_blank"`) opens
 * it, and the pass-through actions (open_file, show_task, highlight_files, search) run here.
 */
export function embeddedClickOf(href: string, base: string, target: string): EmbeddedClick {
  if (target.toLowerCase() === '_blank') {
    return { kind: 'follow' };
  }
  let url: URL;
  try {
    url = new URL(href, base);
  } catch {
    return { kind: 'follow' };
  }
  if (url.origin !== new URL(base).origin) {
    return { kind: 'follow' };
  }
  const local = new URL(url.href);
  local.pathname = pathWithoutLocale(url.pathname);
  const action = embeddedActionOf(local.href);
  if (!action) {
    return { kind: 'follow' };
  }
  return { kind: 'post', message: { type: embeddedMessageType, action, href: url.href } };
}
