import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import { taskSchema } from '@nimbus/contracts';
import { toTaskDto } from '../task/task.dto';
import { retryTaskBodySchema } from './offline.schemas';
import type { OfflineService } from './offline.service';

export interface OfflineRoutesDeps {
  authenticator: Authenticator;
  offline: OfflineService;
}

const memberSecurity: { [scheme: string]: string[] }[] = [{ bearer: [] }, { session: [] }];

/** `POST /drive/v1/task` (docs/api.md#tasks): retry a failed offline task. */
export function offlineRoutes(deps: OfflineRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireActor(deps.authenticator);
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    routes.post(
      '/drive/v1/task',
      {
        onRequest,
        schema: {
          tags: ['tasks'],
          summary: 'Retry a failed offline task from the start (`create_type: RETRY`)',
          security: memberSecurity,
          body: retryTaskBodySchema,
          response: { 200: taskSchema },
        },
      },
      async (request) =>
        toTaskDto(
          await deps.offline.retry(actorOf(request).userId, request.body.id),
          requestLocale(request),
        ),
    );
  };
}
