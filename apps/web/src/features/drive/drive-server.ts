import { defaultDisplayMode } from '@nimbus/contracts';
import { driveRoutes } from '@nimbus/contracts/routes';
import { dehydrate, QueryClient, type DehydratedState } from '@tanstack/react-query';
import { cookies, headers } from 'next/headers';
import { config } from '@/config';
import { oauthPendingCookieName } from '@/guards/login-handoff.guard';
import { userIdCookieName } from '@/lib/session/credentials';
import type { DriveFilePage } from './drive-api';
import { listingPageSize, listingQueryKey } from './query-keys';

/** The cookie of the web session (HttpOnly, set by the API's sign-in). */
const sessionCookieName = 'nimbus_session';

/** What the server knows of a drive page before the browser runs: the member and the listing. */
export interface DriveFirstLoad {
  /** The member the session cookie belongs to (the user id cookie, confirmed by the listing). */
  userId: string;
  /** The drive's data cache holding the listing's first page, for the browser to start from. */
  state: DehydratedState;
  /** Whether the browser says it is a phone (the listing is then rendered as a phone shows it). */
  mobile: boolean;
}

/** A phone's browser, by its client hint or user agent ("Mobi" is in every phone browser's). */
function isPhoneBrowser(requestHeaders: Headers): boolean {
  const hint = requestHeaders.get('sec-ch-ua-mobile');
  return hint !== null ? hint === '?1' : /Mobi/.test(requestHeaders.get('user-agent') ?? '');
}

/**
 * The first page of a folder of `/drive/all` (`folder`, the root when empty), fetched on the
 * server with the visitor's session cookie, in the default order of the display mode: the page
 * then shows the items at once and the browser does not ask for them again. Nothing when the
 * visitor has no session, a login hand-off is replacing it, or the API does not answer the
 * listing (the browser's own checks then run as before). Only the page's own load: a move
 * within the drive fetches in the browser as before.
 */
export async function loadDriveFirstLoad(
  folderId: string,
  locale: string,
): Promise<DriveFirstLoad | undefined> {
  const requestHeaders = await headers();
  // A move within the drive (the router fetches the next page's content) lists in the browser
  // as before; only a page loaded as a document (or in a frame) comes with its listing.
  const destination = requestHeaders.get('sec-fetch-dest');
  if (destination !== null && destination !== 'document' && destination !== 'iframe') {
    return undefined;
  }
  const jar = await cookies();
  const session = jar.get(sessionCookieName)?.value;
  const userId = jar.get(userIdCookieName)?.value;
  if (!session || !userId || jar.get(oauthPendingCookieName)?.value === '1') {
    return undefined;
  }
  const { orderType: order, pinFoldersTop: foldersFirst } = defaultDisplayMode;
  const url = new URL(driveRoutes.listFiles.path, config.internalApiUrl);
  url.search = new URLSearchParams({
    parent_id: folderId,
    order,
    folders_first: foldersFirst ? 'true' : 'false',
    limit: String(listingPageSize),
    thumbnail_size: 'SIZE_SMALL',
  }).toString();
  let page: DriveFilePage;
  try {
    const response = await fetch(url, {
      cache: 'no-store',
      headers: {
        accept: 'application/json',
        'accept-language': locale,
        'x-client-id': 'web',
        cookie: `${sessionCookieName}=${encodeURIComponent(session)}`,
      },
    });
    if (!response.ok) {
      return undefined;
    }
    page = (await response.json()) as DriveFilePage;
  } catch {
    return undefined;
  }
  const queryClient = new QueryClient();
  queryClient.setQueryData(listingQueryKey(folderId, order, foldersFirst, ''), {
    pages: [page],
    pageParams: [undefined],
  });
  return { userId, state: dehydrate(queryClient), mobile: isPhoneBrowser(requestHeaders) };
}
