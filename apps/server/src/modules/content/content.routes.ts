import { create as contentDisposition } from 'content-disposition';
import { contentApi, safeFileName } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { headerOf } from '../../http/request-headers';
import { sendStoredFile } from './content-send';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { catalogueRoute, type CatalogueRequest } from '../../http/catalogue-route';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import type { LinkClaims } from './content-link';
import { contentSecurityHeaders } from './content-serving';
import type { ContentService } from './content.service';
import { createZipArchive } from './zip-archive';

export interface ContentRoutesDeps {
  content: ContentService;
  authenticator: Authenticator;
}

/**
 * The content origin (`/content/v1/{token}/{name}`: GET and HEAD of signed links) and the
 * member call that makes zip links. Every content answer, errors included, carries the sandbox
 * CSP and `nosniff`, so nothing served here can run script in any origin.
 */
export function contentRoutes(deps: ContentRoutesDeps) {
  const { content } = deps;

  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);

    catalogueRoute(
      app,
      contentApi.zip,
      { onRequest: requireActor(deps.authenticator) },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const link = await content.zipLink(
          actorOf(request).userId,
          request.body.ids,
          request.body.name,
        );
        return {
          kind: 'drive#zip' as const,
          name: link.name,
          url: link.url,
          token: link.token,
          expire: link.expire,
        };
      },
    );

    async function serve(request: CatalogueRequest<typeof contentApi.get>, reply: FastifyReply) {
      void reply.headers(contentSecurityHeaders);
      const claims: LinkClaims = content.verify(request.params.token);
      const isHead = request.method === 'HEAD';
      switch (claims.p) {
        case 'file': {
          const file = await content.openFile(claims);
          const inline = request.query.disposition === 'inline' && file.type.mayBeInline;
          // Checked before any header, so a refusal carries none of the file's validators.
          const meteredFor = isHead ? undefined : content.meteredMember(claims, inline);
          if (meteredFor !== undefined) {
            await content.checkTraffic(meteredFor);
          }
          return sendStoredFile(request, reply, content, file, {
            inline,
            meteredFor,
            cacheControl: 'private, max-age=3600',
          });
        }
        case 'zip':
        case 'share-zip': {
          const entries =
            claims.p === 'zip' ? await content.openZip(claims) : await content.openShareZip(claims);
          // A member's own zip counts; a share's zip (its visitors' download) does not.
          const meteredFor = isHead ? undefined : content.meteredMember(claims, false);
          if (meteredFor !== undefined) {
            await content.checkTraffic(meteredFor);
          }
          void reply
            .type('application/zip')
            .header('accept-ranges', 'none')
            .header('cache-control', 'private, no-store')
            .header(
              'content-disposition',
              contentDisposition(safeFileName(claims.n) || 'download.zip', { type: 'attachment' }),
            );
          if (isHead) {
            return reply.send();
          }
          const archive = await createZipArchive(entries, (sha256) => content.readBlob(sha256));
          if (archive.size >= 0) {
            void reply.header('content-length', archive.size);
          }
          return reply.send(content.metered(meteredFor, archive.stream));
        }
        case 'hls':
          // A rendition's link opens only under its `hls/` paths (the video module's routes).
          throw new AppError('file_not_found');
        case 'thumb': {
          const thumbnail = await content.openThumbnail(claims);
          void reply
            .type(thumbnail.contentType)
            .header('etag', thumbnail.etag)
            .header('cache-control', 'private, max-age=86400')
            .header('content-disposition', 'inline');
          if (
            headerOf(request, 'if-none-match')
              ?.split(',')
              .some((tag) => tag.trim().replace(/^W\//, '') === thumbnail.etag)
          ) {
            return reply.code(304).send();
          }
          void reply.header('content-length', thumbnail.size);
          return reply.send(isHead ? undefined : await thumbnail.open());
        }
      }
    }

    // HEAD first: a GET registered before it would get Fastify's own HEAD, which reads the bytes.
    for (const endpoint of [
      contentApi.head,
      contentApi.get,
      contentApi.headNamed,
      contentApi.getNamed,
    ]) {
      catalogueRoute<typeof endpoint>(app, endpoint, {}, serve);
    }
  };
}
