import { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import { dataExportApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { headerOf } from '../../http/request-headers';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import { sendServingError } from '../content/content-send';
import { contentSecurityHeaders, decideServing } from '../content/content-serving';
import type { DataExportService } from './data-export.service';

export interface DataExportRoutesDeps {
  dataExports: DataExportService;
  authenticator: Authenticator;
}

/**
 * "Export my data" (`/v1/user/export`): the member's latest export, the request for a new one,
 * and the download of a ready one with the member's own session. The zip is written from the
 * blobs as it is sent, the same bytes every time, laid out when the export was built, so one
 * Range is answered with 206 from the entry it starts in (no blob before it is read, nothing
 * after it either); its bytes never count against the member's download traffic.
 */
export function dataExportRoutes(deps: DataExportRoutesDeps) {
  const { dataExports } = deps;
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const member = requireActor(deps.authenticator);

    catalogueRoute(app, dataExportApi.status, { onRequest: member }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return dataExports.status(actorOf(request).userId);
    });

    catalogueRoute(app, dataExportApi.request, { onRequest: member }, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return dataExports.request(actorOf(request).userId);
    });

    catalogueRoute(app, dataExportApi.download, { onRequest: member }, async (request, reply) => {
      void reply.headers(contentSecurityHeaders).header('cache-control', 'private, no-store');
      const opened = await dataExports.open(actorOf(request).userId, request.params.token);
      const validators = {
        // The bytes of an export never change: its id names them.
        etag: `"export-${opened.id}"`,
        lastModified: Math.floor(Date.parse(opened.requestedAt) / 1000),
      };
      void reply
        .header('accept-ranges', 'bytes')
        .header('etag', validators.etag)
        .header('last-modified', new Date(validators.lastModified * 1000).toUTCString());
      const decision = decideServing(opened.size, validators, {
        ifMatch: headerOf(request, 'if-match'),
        ifNoneMatch: headerOf(request, 'if-none-match'),
        ifModifiedSince: headerOf(request, 'if-modified-since'),
        ifUnmodifiedSince: headerOf(request, 'if-unmodified-since'),
        ifRange: headerOf(request, 'if-range'),
        range: headerOf(request, 'range'),
      });
      switch (decision.status) {
        case 304:
          return reply.code(304).send();
        case 412:
          return sendServingError(request, reply, 412, 'failed_precondition');
        case 416:
          void reply.header('content-range', `bytes */${opened.size}`);
          return sendServingError(request, reply, 416, 'out_of_range');
        case 200:
        case 206:
          break;
      }
      const day = opened.requestedAt.slice(0, 10);
      void reply
        .type('application/zip')
        .header(
          'content-disposition',
          contentDisposition(`nimbus-export-${day}.zip`, { type: 'attachment' }),
        );
      if (request.method === 'HEAD') {
        // Fastify answers HEAD from this GET and would drain a body sent: an empty stream keeps
        // the length given here (an absent body would answer 0) and no blob is read.
        void reply.header(
          'content-length',
          decision.status === 206 ? decision.end - decision.start + 1 : opened.size,
        );
        if (decision.status === 206) {
          void reply
            .code(206)
            .header('content-range', `bytes ${decision.start}-${decision.end}/${opened.size}`);
        }
        return reply.send(Readable.from([]));
      }
      if (decision.status === 206) {
        const stream = await opened.bytes(decision.start, decision.end);
        void reply
          .code(206)
          .header('content-range', `bytes ${decision.start}-${decision.end}/${opened.size}`)
          .header('content-length', decision.end - decision.start + 1);
        return reply.send(stream);
      }
      const stream = await opened.bytes(0, opened.size - 1);
      void reply.header('content-length', opened.size);
      return reply.send(stream);
    });
  };
}
