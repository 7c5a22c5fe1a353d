import type { FastifyInstance } from 'fastify';
import { offlineApi, taskMessage, type Resource } from '@nimbus/contracts';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { optionalMemberOf } from '../auth/require-actor';
import type { CheckedUrl, UrlCheckService } from './url-check.service';

export interface UrlCheckRoutesDeps {
  authenticator: Authenticator;
  urlCheck: UrlCheckService;
}

function toResourceDto(checked: CheckedUrl, locale: Parameters<typeof taskMessage>[1]): Resource {
  return {
    kind: 'drive#resource',
    url: checked.url,
    name: checked.name,
    file_size: checked.size === undefined ? '' : String(checked.size),
    mime_type: checked.mimeType,
    file_category: checked.fileCategory,
    reachable: checked.reachable,
    message: checked.messageKey === '' ? '' : taskMessage(checked.messageKey, locale),
    is_torrent: checked.isTorrent,
    files: checked.files.map((file) => ({
      id: file.id,
      name: file.name,
      file_size: String(file.size),
    })),
  };
}

/** `POST /drive/v1/resource/list` (docs/api.md#tasks): the URL checker; open to visitors, saves nothing. */
export function urlCheckRoutes(deps: UrlCheckRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    catalogueRoute(
      app,
      offlineApi.checkUrls,
      // Open to visitors; a member's credential is used when given.
      { schema: { security: [{}, { bearer: [] }, { session: [] }] } },
      async (request) => {
        // A visitor (or a credential that does not authenticate) is limited by address.
        const userId = await optionalMemberOf(deps.authenticator, request);
        const checked = await deps.urlCheck.check(
          { userId, address: request.ip },
          request.body.urls,
        );
        const locale = requestLocale(request);
        return { list: { resources: checked.map((item) => toResourceDto(item, locale)) } };
      },
    );
  };
}
