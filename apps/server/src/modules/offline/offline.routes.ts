import { offlineApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toTaskDto } from '../task/task.dto';
import type { OfflineService } from './offline.service';

export interface OfflineRoutesDeps {
  authenticator: Authenticator;
  offline: OfflineService;
}

/** `POST /drive/v1/task` (docs/api.md#tasks): retry a failed offline task. */
export function offlineRoutes(deps: OfflineRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, offlineApi.retry, { onRequest }, async (request) =>
      toTaskDto(
        await deps.offline.retry(actorOf(request).userId, request.body.id),
        requestLocale(request),
      ),
    );
  };
}
