import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  analyticsEventsOf,
  analyticsLimits,
  helpVotesPerMinute,
  statisticsApi,
} from '@nimbus/contracts';
import { z } from 'zod';
import { catalogueRoute } from '../../http/catalogue-route';
import { clientIdOf } from '../../http/request-headers';
import type { AccessService } from '../access/access.service';
import type { Authenticator } from '../auth/authenticator';
import { optionalMemberOf } from '../auth/require-actor';
import { toDownloadCounts } from './statistics.dto';
import type { StatisticsService } from './statistics.service';

export interface StatisticsRoutesDeps {
  authenticator: Authenticator;
  statistics: StatisticsService;
  access: Pick<AccessService, 'decide'>;
  /** The CDN header that carries the visitor's country, if any. */
  countryHeader: string | undefined;
  /** Calls of `POST /statistics/pub/event` one client address may make per minute. */
  maxEventCallsPerMinute: number;
}

/**
 * The analytics paths of the drive group (`/statistics`): `POST /statistics/pub/event` takes the
 * events of the web app and the apps (JSON, or the `text/plain` of `navigator.sendBeacon`),
 * `POST /statistics/pub/help_vote` keeps an anonymous answer to a help-centre article's "Was this
 * helpful?", `GET /statistics/pub/download` tells the public app download counts.
 */
export function statisticsRoutes(deps: StatisticsRoutesDeps) {
  function countryOf(request: FastifyRequest): string {
    const header = deps.countryHeader ? request.headers[deps.countryHeader] : undefined;
    return deps.access.decide(request.ip, typeof header === 'string' ? header : '').country;
  }

  return async (app: FastifyInstance) => {
    // `navigator.sendBeacon` sends a string as `text/plain` (no CORS preflight): the same JSON,
    // read by Fastify's own JSON parser (prototype poisoning refused), in this plugin only.
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: analyticsLimits.bodyMaxBytes },
      app.getDefaultJsonParser('error', 'error'),
    );

    catalogueRoute(
      app,
      statisticsApi.recordEvents,
      {
        bodyLimit: analyticsLimits.bodyMaxBytes,
        config: { rateLimit: { max: deps.maxEventCallsPerMinute, timeWindow: 60_000 } },
        schema: {
          security: [{}, { bearer: [] }, { session: [] }],
          response: { 204: z.null().describe('The events are stored') },
        },
      },
      async (request, reply) => {
        const sender = {
          userId: await optionalMemberOf(deps.authenticator, request),
          address: request.ip,
          country: countryOf(request),
          clientId: clientIdOf(request),
        };
        await deps.statistics.record(sender, analyticsEventsOf(request.body));
        return reply.code(204).header('cache-control', 'no-store').send(null);
      },
    );

    catalogueRoute(
      app,
      statisticsApi.recordHelpVote,
      {
        config: { rateLimit: { max: helpVotesPerMinute, timeWindow: 60_000 } },
        schema: { response: { 204: z.null().describe('The answer is kept') } },
      },
      async (request, reply) => {
        await deps.statistics.recordHelpVote(request.body);
        return reply.code(204).header('cache-control', 'no-store').send(null);
      },
    );

    catalogueRoute(app, statisticsApi.downloadCounts, {}, async (_request, reply) => {
      void reply.header('cache-control', 'public, max-age=60');
      return toDownloadCounts(await deps.statistics.downloadCounts());
    });
  };
}
