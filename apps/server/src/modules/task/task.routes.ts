import { taskApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toTaskDto } from './task.dto';
import type { TaskService } from './task.service';

export interface TaskRoutesDeps {
  authenticator: Authenticator;
  tasks: TaskService;
}

/** A member's tasks (docs/api.md#tasks) on the drive host. */
export function taskRoutes(deps: TaskRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);
    const tasks = deps.tasks;

    catalogueRoute(app, taskApi.list, { onRequest }, async (request) => {
      const query = request.query;
      const page = await tasks.list(actorOf(request).userId, {
        type: query.type,
        filters: query.filters,
        limit: query.limit,
        pageToken: query.page_token === '' ? undefined : query.page_token,
      });
      const locale = requestLocale(request);
      return {
        tasks: page.tasks.map((task) => toTaskDto(task, locale)),
        next_page_token: page.nextPageToken,
        expires_in: page.expiresIn,
      };
    });

    catalogueRoute(app, taskApi.get, { onRequest }, async (request) =>
      toTaskDto(
        await tasks.get(actorOf(request).userId, request.params.id),
        requestLocale(request),
      ),
    );

    catalogueRoute(app, taskApi.remove, { onRequest }, async (request) => {
      const query = request.query;
      await tasks.remove(
        actorOf(request).userId,
        query.task_ids,
        query.delete_files === 'true' || query.delete_files === '1',
      );
      return {};
    });

    catalogueRoute(app, taskApi.setPhase, { onRequest }, async (request) =>
      toTaskDto(
        await tasks.setPhase(actorOf(request).userId, request.params.id, request.body.phase),
        requestLocale(request),
      ),
    );
  };
}
