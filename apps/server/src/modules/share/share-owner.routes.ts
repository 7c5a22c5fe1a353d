import { shareApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import { actorOf, type MemberCheck } from '../auth/require-actor';
import { toShareSummaryDto } from './share.dto';
import type { ShareRecord } from './share.repository';
import type { ShareRoutesDeps } from './share-request';

/** The owner's calls on their links (docs/api.md#shares): make, list, change and end them. */
export function shareOwnerRoutes(
  deps: Pick<ShareRoutesDeps, 'shares' | 'links' | 'files'>,
  onRequest: MemberCheck,
) {
  return async (app: FastifyInstance) => {
    const { shares } = deps;

    /**
     * The thumbnail link of each share's first item (the cheap listing link, as `GET
     * /drive/v1/files` gives it), by share id; items in the trash or gone have none.
     */
    async function thumbnailsOf(userId: string, list: ShareRecord[]): Promise<Map<string, string>> {
      const thumbnails = new Map<string, string>();
      if (!deps.links || !deps.files || list.length === 0) {
        return thumbnails;
      }
      const records = (
        await deps.files.findMany(
          userId,
          list.map((share) => share.fileId),
        )
      ).filter((record) => record.trashed === 0);
      const links = await deps.links.forListing(userId, records, { thumbnailSize: undefined });
      for (const share of list) {
        thumbnails.set(share.id, links.get(share.fileId)?.thumbnail_link ?? '');
      }
      return thumbnails;
    }

    catalogueRoute(app, shareApi.create, { onRequest }, async (request) => {
      const body = request.body;
      const created = await shares.create(
        actorOf(request).userId,
        {
          fileIds: body.file_ids,
          shareTo: body.share_to,
          expirationDays: body.expiration_days,
          passCodeOption: body.pass_code_option,
          customPassCode: body.custom_pass_code,
          restoreLimit: body.restore_limit,
          title: body.title,
        },
        requestLocale(request),
      );
      return {
        share_id: created.share.id,
        share_url: created.url,
        pass_code: created.share.passCode,
        share_text: created.text,
      };
    });

    catalogueRoute(app, shareApi.list, { onRequest }, async (request) => {
      const userId = actorOf(request).userId;
      const page = await shares.list(userId, {
        limit: request.query.limit,
        pageToken: request.query.page_token === '' ? undefined : request.query.page_token,
        filters: request.query.filters,
      });
      const now = shares.now();
      const thumbnails = await thumbnailsOf(userId, page.shares);
      return {
        data: page.shares.map((share) =>
          toShareSummaryDto(
            share,
            share.status,
            shares.shareUrl(share.id),
            now,
            requestLocale(request),
            thumbnails.get(share.id),
          ),
        ),
        next_page_token: page.nextPageToken,
      };
    });

    catalogueRoute(app, shareApi.update, { onRequest }, async (request) => {
      const userId = actorOf(request).userId;
      const share = await shares.update(userId, request.params.share_id, {
        customPassCode: request.body.custom_pass_code,
        expirationDays: request.body.expiration_days,
        restoreLimit: request.body.restore_limit,
      });
      const thumbnails = await thumbnailsOf(userId, [share]);
      return toShareSummaryDto(
        share,
        shares.statusForOwner(share),
        shares.shareUrl(share.id),
        shares.now(),
        requestLocale(request),
        thumbnails.get(share.id),
      );
    });

    catalogueRoute(app, shareApi.batchDelete, { onRequest }, async (request) => {
      await shares.remove(actorOf(request).userId, request.body.ids);
      return {};
    });
  };
}
