import { mediaTracksApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../../http/catalogue-route';
import type { Authenticator } from '../../auth/authenticator';
import { actorOf, requireActor } from '../../auth/require-actor';
import { contentSecurityHeaders } from '../../content/content-serving';
import { visitorOf } from '../../share/share-request';
import type { MediaPreferencesService } from './media-preferences.service';
import type { MediaTracksService } from './media-tracks.service';

export interface MediaTracksRoutesDeps {
  authenticator: Authenticator;
  mediaTracks: MediaTracksService;
  preferences: MediaPreferencesService;
}

/**
 * Subtitles, audio tracks and storyboards of videos, the member's player choices, and the bytes
 * behind media-track links (docs/api.md#media-tracks).
 */
export function mediaTracksRoutes(deps: MediaTracksRoutesDeps) {
  const { mediaTracks, preferences } = deps;
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const member = { onRequest: requireActor(deps.authenticator) };
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!request.url.startsWith('/content/')) {
        void reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });

    catalogueRoute(app, mediaTracksApi.list, member, async (request) =>
      mediaTracks.list(actorOf(request).userId, request.params.id),
    );

    catalogueRoute(app, mediaTracksApi.shareList, {}, async (request) => {
      const { query } = request;
      return mediaTracks.listShared(
        await visitorOf(deps.authenticator, request),
        query.share_id,
        query.file_id,
        query.pass_code_token,
      );
    });

    catalogueRoute(app, mediaTracksApi.pick, member, async (request) =>
      mediaTracks.pick(actorOf(request).userId, request.params.id, request.body.subtitle_file_id),
    );

    catalogueRoute(app, mediaTracksApi.getPreferences, member, async (request) =>
      preferences.get(actorOf(request).userId),
    );

    catalogueRoute(app, mediaTracksApi.putPreferences, member, async (request) =>
      preferences.update(actorOf(request).userId, request.body),
    );

    catalogueRoute(app, mediaTracksApi.content, {}, async (request, reply) => {
      void reply.headers(contentSecurityHeaders);
      const track = await mediaTracks.open(request.params.token);
      // Converted tracks never change for a link; the link itself expires.
      return reply
        .header('cache-control', 'private, max-age=3600')
        .type(track.contentType)
        .send(track.body);
    });
  };
}
