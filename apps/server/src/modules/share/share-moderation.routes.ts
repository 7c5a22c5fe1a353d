import { shareApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { actorOf, type MemberCheck } from '../auth/require-actor';
import { visitorOf } from './share-request';
import type { ShareRoutesDeps } from './share-request';

/** Reports of shares (anyone) and moderation states of shares and files (admins). */
export function shareModerationRoutes(
  deps: Pick<ShareRoutesDeps, 'authenticator' | 'shares'>,
  onRequest: MemberCheck,
) {
  return async (app: FastifyInstance) => {
    const { shares } = deps;

    catalogueRoute(app, shareApi.report, {}, async (request) => {
      const body = request.body;
      const reportId = await shares.report(await visitorOf(deps.authenticator, request), {
        shareId: body.share_id,
        shareUserId: body.share_user_id,
        gcids: body.gcids,
        fileIds: body.file_ids,
        reason: body.reason,
      });
      return { report_id: reportId };
    });

    catalogueRoute(app, shareApi.moderateShare, { onRequest }, async (request) => {
      await shares.moderate(
        actorOf(request).userId,
        { kind: 'share', id: request.params.share_id },
        request.body.audit_status,
      );
      return {};
    });

    catalogueRoute(app, shareApi.moderateFile, { onRequest }, async (request) => {
      await shares.moderate(
        actorOf(request).userId,
        { kind: 'file', id: request.params.file_id },
        request.body.audit_status,
      );
      return {};
    });
  };
}
