import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { taskMessage } from '@nimbus/contracts';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { optionalMemberOf } from '../auth/require-actor';
import { checkUrlsBodySchema, resourceListSchema, type Resource } from './url-check.schemas';
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
    const routes = app.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    routes.post(
      '/drive/v1/resource/list',
      {
        schema: {
          tags: ['tasks'],
          summary:
            'Check links without saving: name, size, content type and whether an offline task could fetch each now ' +
            '(through the same address guard; a blocked address reads like an unreachable one). Open to visitors; ' +
            'limited per member, or per address when not signed in (`too_many_requests`)',
          security: [{}, { bearer: [] }, { session: [] }],
          body: checkUrlsBodySchema,
          response: { 200: resourceListSchema },
        },
      },
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
