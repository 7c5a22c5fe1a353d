import { cache } from 'react';
import { cookies } from 'next/headers';
import { config } from '@/config';
import { decodeTokenCookie, passCodeCookieName } from './pass-code-cookie';
import type {
  BatchFileInfoAnswer,
  OpenShareAnswer,
  ShareDetailAnswer,
  ShareFile,
  ShareStatus,
} from './share-types';
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

async function call<T>(
  method: 'GET' | 'POST',
  path: string,
  locale: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<T> {
  const url = new URL(path, config.internalApiUrl);
  for (const [key, value] of Object.entries(query)) {
    if (value !== '') {
      url.searchParams.set(key, value);
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
  const answer = (await response.json()) as T & { share_status?: string };
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
      share = await call<OpenShareAnswer>('GET', '/drive/v1/share', locale, {
        share_id: shareId,
        pass_code_token: stored?.token ?? '',
        limit: String(sharePageSize),
        thumbnail_size: 'SIZE_LARGE',
        folders_first: 'true',
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
        call<ShareDetailAnswer>('GET', '/drive/v1/share/detail', locale, {
          share_id: shareId,
          parent_id: folderId,
          pass_code_token: token,
          limit: String(sharePageSize),
          thumbnail_size: 'SIZE_SMALL',
          folders_first: 'true',
        }),
        call<BatchFileInfoAnswer>(
          'POST',
          '/drive/v1/share:batch_file_info',
          locale,
          {},
          {
            share_id: shareId,
            pass_code_token: token,
            file_ids: [...new Set(parentIds)].slice(0, 100),
          },
        ),
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
