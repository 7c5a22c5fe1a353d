import { shareApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { ThumbnailSize } from '@nimbus/contracts';
import type { FileLinkFields, ShareScope } from '../drive/file.dto';
import { isCoverOnly } from './share.policy';
import { expirationLeftOf, statusFieldsOf, toSharedFileDto } from './share.dto';
import { pageOf, visitorOf } from './share-request';
import type { ShareRoutesDeps } from './share-request';
import type { SharedFile } from './share.service';

/**
 * What visitors open (docs/api.md#shares): a share, a folder inside it, and its items with
 * their links. Credentials are taken when present (the owner needs no pass code); every
 * unreadable share answers 200 with its `share_status`.
 */
export function shareVisitorRoutes(
  deps: Pick<ShareRoutesDeps, 'authenticator' | 'shares' | 'links'>,
) {
  return async (app: FastifyInstance) => {
    const { shares } = deps;

    /**
     * Files of a listing with their thumbnails (the cheap links), bound to the share (`scope`)
     * they are handed out through; a moderated file shows no thumbnail, unless moderation only
     * puts a cover over it (the page draws the cover).
     */
    async function listed(
      files: SharedFile[],
      thumbnailSize: ThumbnailSize | undefined,
      share: ShareScope,
    ) {
      const links = deps.links
        ? await deps.links.forListing(
            '',
            files.map((file) => file.record),
            { thumbnailSize, share },
          )
        : new Map<string, Partial<FileLinkFields>>();
      return files.map((file) => {
        const fields = links.get(file.record.id);
        return toSharedFileDto(
          file,
          file.moderation === undefined || isCoverOnly(file.moderation) || fields === undefined
            ? fields
            : { ...fields, thumbnail_link: '' },
        );
      });
    }

    /** Files with every link (preview and download), bound to the share; a moderated file gets none. */
    async function withLinks(
      files: SharedFile[],
      thumbnailSize: ThumbnailSize | undefined,
      share: ShareScope,
      mediaCodecs?: string,
    ) {
      return Promise.all(
        files.map(async (file) =>
          toSharedFileDto(
            file,
            deps.links && file.moderation === undefined
              ? await deps.links.forFile('', file.record, { thumbnailSize, share, mediaCodecs })
              : {},
          ),
        ),
      );
    }

    catalogueRoute(app, shareApi.open, {}, async (request) => {
      const query = request.query;
      const visitor = await visitorOf(deps.authenticator, request);
      const opened = await shares.open(
        query.share_id,
        visitor,
        { passCode: query.pass_code, passCodeToken: query.pass_code_token },
        pageOf(query),
      );
      const empty = {
        pass_code_token: '',
        title: '',
        file_num: '0',
        expiration_left: '',
        expiration_left_seconds: '',
        restore_count_left: '',
        user_info: { user_id: '', nickname: '', avatar: '' },
        files: [],
        next_page_token: '',
      };
      if (opened.status !== 'OK') {
        const sharer = 'sharer' in opened ? opened.sharer : undefined;
        return {
          ...statusFieldsOf(opened.status, visitor.locale),
          ...empty,
          ...(sharer
            ? {
                user_info: {
                  user_id: sharer.id,
                  nickname: sharer.nickname,
                  avatar: sharer.avatar,
                },
              }
            : {}),
        };
      }
      const share = opened.share;
      const left = expirationLeftOf(share.expiresAt, shares.now());
      return {
        ...statusFieldsOf('OK', visitor.locale),
        pass_code_token: opened.passCodeToken,
        title: share.title,
        file_num: String(share.fileNum),
        expiration_left: left.days,
        expiration_left_seconds: left.seconds,
        restore_count_left:
          share.restoreLimit < 0
            ? '-1'
            : String(Math.max(0, share.restoreLimit - share.restoreCount)),
        user_info: {
          user_id: opened.sharer.id,
          nickname: opened.sharer.nickname,
          avatar: opened.sharer.avatar,
        },
        files: await listed(opened.files, query.thumbnail_size ?? 'SIZE_LARGE', opened.scope),
        next_page_token: opened.nextPageToken,
      };
    });

    catalogueRoute(app, shareApi.detail, {}, async (request) => {
      const query = request.query;
      const visitor = await visitorOf(deps.authenticator, request);
      const result = await shares.detail(
        query.share_id,
        visitor,
        query.pass_code_token,
        query.parent_id,
        pageOf(query),
      );
      if (result.status !== 'OK') {
        return {
          ...statusFieldsOf(result.status, visitor.locale),
          files: [],
          next_page_token: '',
        };
      }
      return {
        ...statusFieldsOf('OK', visitor.locale),
        files: await listed(result.files, query.thumbnail_size ?? 'SIZE_LARGE', result.scope),
        next_page_token: result.nextPageToken,
      };
    });

    catalogueRoute(app, shareApi.fileInfo, {}, async (request) => {
      const query = request.query;
      const visitor = await visitorOf(deps.authenticator, request);
      if (query.file_id === '') {
        return { ...statusFieldsOf('NOT_FOUND', visitor.locale), file_info: null };
      }
      const result = await shares.fileInfo(query.share_id, visitor, query.pass_code_token, [
        query.file_id,
      ]);
      const file = result.status === 'OK' ? result.files[0] : undefined;
      if (result.status !== 'OK' || !file) {
        return {
          ...statusFieldsOf(result.status === 'OK' ? 'NOT_FOUND' : result.status, visitor.locale),
          file_info: null,
        };
      }
      const [info] = await withLinks(
        [file],
        query.thumbnail_size,
        result.scope,
        query.media_codecs,
      );
      return { ...statusFieldsOf('OK', visitor.locale), file_info: info ?? null };
    });

    catalogueRoute(app, shareApi.batchFileInfo, {}, async (request) => {
      const body = request.body;
      const visitor = await visitorOf(deps.authenticator, request);
      const result = await shares.fileInfo(
        body.share_id,
        visitor,
        body.pass_code_token,
        body.file_ids,
      );
      if (result.status !== 'OK') {
        return { ...statusFieldsOf(result.status, visitor.locale), files: [] };
      }
      return {
        ...statusFieldsOf('OK', visitor.locale),
        files: await withLinks(result.files, undefined, result.scope),
      };
    });
  };
}
