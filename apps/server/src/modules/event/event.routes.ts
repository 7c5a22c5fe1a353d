import { eventApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import type { FileLinkFields, FileLinker } from '../drive/file.dto';
import type { FileService } from '../drive/file.service';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toEventDto } from './event.dto';
import type { EventService } from './event.service';

export interface EventRoutesDeps {
  authenticator: Authenticator;
  events: EventService;
  /** The events' files, for their thumbnails. */
  files?: Pick<FileService, 'findMany'>;
  /** Signs the thumbnails, as in file listings; they stay `""` without it. */
  links?: FileLinker;
}

/** The drive's recent events (docs/api.md#files `GET /drive/v1/events`). */
export function eventRoutes(deps: EventRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, eventApi.list, { onRequest }, async (request) => {
      const query = request.query;
      const page = await deps.events.list(actorOf(request).userId, {
        filters: query.filters,
        limit: query.limit,
        // Some clients page with `next_page_token`, the name the answer gives the token.
        pageToken: query.page_token || query.next_page_token || undefined,
      });
      const locale = requestLocale(request);
      // Thumbnails as a file listing has them: the same cheap links, of the same size.
      let links = new Map<string, Partial<FileLinkFields>>();
      if (deps.links && deps.files && page.events.length > 0) {
        const userId = actorOf(request).userId;
        const records = await deps.files.findMany(
          userId,
          page.events.map((event) => event.fileId),
        );
        links = await deps.links.forListing(userId, records, {
          thumbnailSize: query.thumbnail_size,
        });
      }
      return {
        events: page.events.map((event) => toEventDto(event, locale, links.get(event.fileId))),
        next_page_token: page.nextPageToken,
      };
    });
  };
}
