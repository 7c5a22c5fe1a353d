import { shareApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { AppError } from '../../http/app-error';
import { actorOf, type MemberCheck } from '../auth/require-actor';
import { statusFieldsOf } from './share.dto';
import { visitorOf } from './share-request';
import type { ShareRoutesDeps } from './share-request';

/** A signed-in member takes a share's items: a zip of them, or a save into their drive. */
export function shareSaveRoutes(
  deps: Pick<ShareRoutesDeps, 'authenticator' | 'shares' | 'zips'>,
  onRequest: MemberCheck,
) {
  return async (app: FastifyInstance) => {
    const { shares } = deps;

    catalogueRoute(
      app,
      shareApi.zip,
      {
        // Before the body is read: a visitor is asked to sign in whatever the call carries.
        onRequest: async (request) => {
          request.actor = await deps.authenticator.authenticate(request).catch(() => null);
          if (!request.actor) {
            throw new AppError('login_required', {
              description: 'Sign in to download from a share',
            });
          }
        },
      },
      async (request) => {
        const body = request.body;
        const visitor = {
          ...(await visitorOf(deps.authenticator, request)),
          userId: actorOf(request).userId,
        };
        if (!deps.zips) {
          throw new AppError('unimplemented', { description: 'Zips of shares are not available' });
        }
        const zip = await shares.zipEntries(body.share_id, visitor, {
          passCodeToken: body.pass_code_token,
          fileIds: body.file_ids,
          ancestorIds: body.ancestor_ids,
        });
        if (zip.status !== 'OK') {
          return {
            ...statusFieldsOf(zip.status, visitor.locale),
            kind: 'drive#zip' as const,
            name: '',
            url: '',
            token: '',
            expire: '',
          };
        }
        const link = deps.zips.shareZipLink(visitor.userId, zip, {
          passCodeToken: body.pass_code_token,
          name: body.name,
        });
        return {
          ...statusFieldsOf('OK', visitor.locale),
          kind: 'drive#zip' as const,
          name: link.name,
          url: link.url,
          token: link.token,
          expire: link.expire,
        };
      },
    );

    catalogueRoute(app, shareApi.restore, { onRequest }, async (request) => {
      const body = request.body;
      const visitor = {
        ...(await visitorOf(deps.authenticator, request)),
        userId: actorOf(request).userId,
      };
      const result = await shares.restore(actorOf(request).userId, body.share_id, visitor, {
        passCodeToken: body.pass_code_token,
        fileIds: body.file_ids,
        ancestorIds: body.ancestor_ids,
        parentId: body.parent_id,
        specifyParentId: body.specify_parent_id,
        shareUserId: body.share_user_id,
        gcids: body.gcids,
      });
      if (result.status !== 'OK') {
        return {
          ...statusFieldsOf(result.status, visitor.locale),
          restore_status: 'RESTORE_UNKNOWN' as const,
          restore_task_id: '',
          file_id: '',
        };
      }
      return {
        ...statusFieldsOf('OK', visitor.locale),
        restore_status: result.started ? ('RESTORE_START' as const) : ('RESTORE_COMPLETE' as const),
        restore_task_id: result.taskId,
        file_id: result.fileId,
      };
    });
  };
}
