import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  analyticsEventNames,
  analyticsEventsOf,
  analyticsLimits,
  appDownloadPlatforms,
} from '@nimbus/contracts';
import { z } from 'zod';
import { clientIdOf } from '../../http/request-headers';
import type { AccessService } from '../access/access.service';
import type { Authenticator } from '../auth/authenticator';
import { optionalMemberOf } from '../auth/require-actor';
import { toDownloadCounts } from './statistics.dto';
import { downloadCountsSchema, eventBodyLimit, eventBodySchema } from './statistics.schemas';
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
 * `GET /statistics/pub/download` tells the public app download counts.
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
      { parseAs: 'string', bodyLimit: eventBodyLimit },
      app.getDefaultJsonParser('error', 'error'),
    );
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/statistics/pub/event',
      {
        bodyLimit: eventBodyLimit,
        config: { rateLimit: { max: deps.maxEventCallsPerMinute, timeWindow: 60_000 } },
        schema: {
          tags: ['statistics'],
          summary: 'Record analytics events (one, or a batch of up to 50)',
          description:
            'Open to visitors. The body is one event or `{"events": [...]}` with 1-' +
            `${analyticsLimits.maxBatch} events, as \`application/json\` or \`text/plain\` ` +
            `(what \`navigator.sendBeacon\` sends), at most ${analyticsLimits.bodyMaxBytes} bytes. ` +
            `An event: \`event\` (${analyticsEventNames.join(', ')}), \`page\` (a path; share ids ` +
            'and tokens are replaced by placeholders before it is kept), the analytics context ' +
            '(`client_type`, `language_system`, `language_web`, `userType`, `source`, `scene`, ' +
            '`referer_list`, `deviceid`, `userid`, `country`) and optional `props` (up to ' +
            `${analyticsLimits.maxProps} snake_case names with text or numbers; \`app-download\` ` +
            `needs \`props.platform\`: ${appDownloadPlatforms.join(', ')}). The member is taken from ` +
            'the credential when one is sent, never from `userid`. No raw address is kept. ' +
            `Past ${deps.maxEventCallsPerMinute} calls a minute from one address the call answers ` +
            '`too_many_requests` with `Retry-After`. Answers 204.',
          security: [{}, { bearer: [] }, { session: [] }],
          body: eventBodySchema,
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

    routes.get(
      '/statistics/pub/download',
      {
        schema: {
          tags: ['statistics'],
          summary: 'Public app download counts per platform',
          description:
            `Downloads counted per platform (${appDownloadPlatforms.join(', ')}) from the ` +
            '`app-download` events of the download pages, each address once a day per platform, ' +
            'with their `total`; counts are decimal strings. Read at most once a minute ' +
            '(`Cache-Control: public, max-age=60`); `updated_time` tells when.',
          response: { 200: downloadCountsSchema },
        },
      },
      async (_request, reply) => {
        void reply.header('cache-control', 'public, max-age=60');
        return toDownloadCounts(await deps.statistics.downloadCounts());
      },
    );
  };
}
