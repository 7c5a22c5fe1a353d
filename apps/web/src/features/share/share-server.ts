import { cache } from 'react';
import {
  fillPath,
  type AnswerOf,
  type CallInput,
  type EndpointOfRoute,
  type ShareStatus,
} from '@nimbus/contracts';
import { shareRoutes } from '@nimbus/contracts/routes';
import { cookies } from 'next/headers';
import { config } from '@/config';
import { decodeTokenCookie, passCodeCookieName } from './pass-code-cookie';
import type { OpenShareAnswer, ShareFile } from './share-api';
import { sharePageSize } from './share-types';

/** What the share page renders: the share, and the folder shown when it is nested. */
export interface ShareView {
  share: OpenShareAnswer;
  /** The token the page's calls use (the cookie's, or the one a share without pass code gave). */
  token: string;
  /** Folders from the share's root to the one shown; empty at the root. */
  trail: { id: string; name: string }[];
  /** The listing shown and its next page. */
  files: ShareFile[];
  nextPageToken: string;
  /** The status of the folder listing (a nested folder may be outside the share). */
  status: ShareStatus;
  statusText: string;
}

/** The share calls the page makes on the server. */
type ServerCall =
  typeof shareRoutes.open | typeof shareRoutes.detail | typeof shareRoutes.batchFileInfo;

/** Calls a share endpoint of the catalogue from the server; empty query values are left out. */
async function call<E extends ServerCall>(
  endpoint: E,
  locale: string,
  input: CallInput<EndpointOfRoute<E>>,
): Promise<AnswerOf<EndpointOfRoute<E>>> {
  const { query = {}, body } = input as {
    query?: Record<string, string | number | undefined>;
    body?: unknown;
  };
  const { method } = endpoint;
  const path = fillPath(endpoint.path);
  const url = new URL(path, config.internalApiUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') {
      url.searchParams.set(key, String(value));
    }
  }
  const response = await fetch(url, {
    method,
    cache: 'no-store',
    headers: {
      accept: 'application/json',
      'accept-language': locale,
      'x-client-id': 'web',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as AnswerOf<EndpointOfRoute<E>> & {
    share_status?: string;
  };
  if (!response.ok || typeof answer.share_status !== 'string') {
    throw new Error(`share call ${path} answered ${response.status}`);
  }
  return answer;
}

const notFoundShare = (text: string): OpenShareAnswer => ({
  share_status: 'NOT_FOUND',
  share_status_text: text,
  pass_code_token: '',
  title: '',
  file_num: '0',
  expiration_left: '',
  expiration_left_seconds: '',
  restore_count_left: '',
  user_info: { user_id: '', nickname: '', avatar: '' },
  files: [],
  next_page_token: '',
});

/**
 * Loads a share for the page on the server, with the visitor's pass-code token cookie, in the
 * page's language; a nested path also loads its folder and the names of its trail. Cached per
 * request, so the metadata and the page share one load.
 */
export const loadShareView = cache(
  async (shareId: string, parentIds: readonly string[], locale: string): Promise<ShareView> => {
    const stored = decodeTokenCookie((await cookies()).get(passCodeCookieName(shareId))?.value);
    let share: OpenShareAnswer;
    try {
      share = await call(shareRoutes.open, locale, {
        query: {
          share_id: shareId,
          pass_code_token: stored?.token ?? '',
          limit: sharePageSize,
          thumbnail_size: 'SIZE_LARGE',
          folders_first: 'true',
        },
      });
    } catch {
      share = notFoundShare('');
    }
    const token = share.pass_code_token || stored?.token || '';
    const base: ShareView = {
      share,
      token,
      trail: [],
      files: share.files,
      nextPageToken: share.next_page_token,
      status: share.share_status,
      statusText: share.share_status_text,
    };
    const folderId = parentIds.at(-1);
    if (share.share_status !== 'OK' || folderId === undefined) {
      return base;
    }
    try {
      const [detail, names] = await Promise.all([
        call(shareRoutes.detail, locale, {
          query: {
            share_id: shareId,
            parent_id: folderId,
            pass_code_token: token,
            limit: sharePageSize,
            thumbnail_size: 'SIZE_SMALL',
            folders_first: 'true',
          },
        }),
        call(shareRoutes.batchFileInfo, locale, {
          body: {
            share_id: shareId,
            pass_code_token: token,
            file_ids: [...new Set(parentIds)].slice(0, 100),
          },
        }),
      ]);
      const byId = new Map(names.files.map((file) => [file.id, file.name]));
      const trail = parentIds.map((id) => ({ id, name: byId.get(id) ?? '' }));
      if (detail.share_status !== 'OK' || trail.some((folder) => folder.name === '')) {
        return {
          ...base,
          files: [],
          nextPageToken: '',
          status: detail.share_status === 'OK' ? 'NOT_FOUND' : detail.share_status,
          statusText:
            detail.share_status === 'OK' ? names.share_status_text : detail.share_status_text,
        };
      }
      return { ...base, trail, files: detail.files, nextPageToken: detail.next_page_token };
    } catch {
      return { ...base, files: [], nextPageToken: '', status: 'NOT_FOUND', statusText: '' };
    }
  },
);
