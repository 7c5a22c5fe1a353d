import { taskSchema } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin, memberSecurity } from '../auth/require-actor';
import { toTaskDto } from './task.dto';
import {
  deleteTasksQuerySchema,
  listTasksQuerySchema,
  patchTaskBodySchema,
  taskIdParamsSchema,
  taskListSchema,
} from './task.schemas';
import type { TaskService } from './task.service';

export interface TaskRoutesDeps {
  authenticator: Authenticator;
  tasks: TaskService;
}

/** A member's tasks (docs/api.md#tasks) on the drive host. */
export function taskRoutes(deps: TaskRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { routes, onRequest } = memberPlugin(app, deps.authenticator);
    const tasks = deps.tasks;

    routes.get(
      '/drive/v1/tasks',
      {
        onRequest,
        schema: {
          tags: ['tasks'],
          summary: "A page of the member's tasks, newest first",
          security: memberSecurity,
          querystring: listTasksQuerySchema,
          response: { 200: taskListSchema },
        },
      },
      async (request) => {
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
      },
    );

    routes.get(
      '/drive/v1/tasks/:id',
      {
        onRequest,
        schema: {
          tags: ['tasks'],
          summary: "One task; another member's id is `not_found`",
          security: memberSecurity,
          params: taskIdParamsSchema,
          response: { 200: taskSchema },
        },
      },
      async (request) =>
        toTaskDto(
          await tasks.get(actorOf(request).userId, request.params.id),
          requestLocale(request),
        ),
    );

    routes.delete(
      '/drive/v1/tasks',
      {
        onRequest,
        schema: {
          tags: ['tasks'],
          summary:
            "Delete tasks (every id must be the member's), optionally with the files they made",
          security: memberSecurity,
          querystring: deleteTasksQuerySchema,
          response: { 200: z.object({}) },
        },
      },
      async (request) => {
        const query = request.query;
        await tasks.remove(
          actorOf(request).userId,
          query.task_ids,
          query.delete_files === 'true' || query.delete_files === '1',
        );
        return {};
      },
    );

    routes.patch(
      '/drive/v1/tasks/:id',
      {
        onRequest,
        schema: {
          tags: ['tasks'],
          summary:
            'Pause or resume a task that runs in the background (offline); others answer `task_not_pausable`',
          security: memberSecurity,
          params: taskIdParamsSchema,
          body: patchTaskBodySchema,
          response: { 200: taskSchema },
        },
      },
      async (request) =>
        toTaskDto(
          await tasks.setPhase(actorOf(request).userId, request.params.id, request.body.phase),
          requestLocale(request),
        ),
    );
  };
}
