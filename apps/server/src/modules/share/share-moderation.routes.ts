import { shareApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { consoleRoute } from '../admin/console-route';
import { visitorOf } from './share-request';
import type { ShareRoutesDeps } from './share-request';

/** Reports of shares (anyone) and moderation states of shares and files (admins). */
export function shareModerationRoutes(
  deps: Pick<ShareRoutesDeps, 'authenticator' | 'shares' | 'console'>,
) {
  return async (app: FastifyInstance) => {
    const { shares } = deps;
    const route = consoleRoute(deps.console);

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

    route(app, shareApi.moderateShare, async (request, caller) => {
      const target = { kind: 'share' as const, id: request.params.share_id };
      await shares.moderate(caller.userId, target, request.body.audit_status);
      deps.console.audit.record(request, {
        action: 'shares.moderate',
        target,
        after: { audit_status: request.body.audit_status },
      });
      return {};
    });

    route(app, shareApi.moderateFile, async (request, caller) => {
      const target = { kind: 'file' as const, id: request.params.file_id };
      await shares.moderate(caller.userId, target, request.body.audit_status);
      deps.console.audit.record(request, {
        action: 'files.moderate',
        target,
        after: { audit_status: request.body.audit_status },
      });
      return {};
    });
  };
}
