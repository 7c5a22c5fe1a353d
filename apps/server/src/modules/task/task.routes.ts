import { taskApi, type DriveFile, type ThumbnailSize } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toTaskDto } from './task.dto';
import type { TaskService } from './task.service';

/**
 * The member's Files by id as the drive lists them, links included (the drive implements it,
 * the container wires it): what `with=reference_resource` adds to each task.
 */
export interface TaskFileReader {
  filesById(
    userId: string,
    ids: string[],
    thumbnailSize: ThumbnailSize | undefined,
  ): Promise<Map<string, DriveFile>>;
}

export interface TaskRoutesDeps {
  authenticator: Authenticator;
  tasks: TaskService;
  /** The tasks' Files, for `with=reference_resource`; none are added without it. */
  files?: TaskFileReader;
}

/** A member's tasks (docs/api.md#tasks) on the drive host. */
export function taskRoutes(deps: TaskRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);
    const tasks = deps.tasks;

    /**
     * The Files of a page of tasks, by id, when the listing asks `with=reference_resource` (as
     * clients of the original service do to show what each task made).
     */
    async function referencesOf(
      userId: string,
      fileIds: string[],
      extras: string | undefined,
      thumbnailSize: ThumbnailSize | undefined,
    ): Promise<Map<string, DriveFile>> {
      const wanted = (extras ?? '').split(',').map((item) => item.trim());
      const ids = fileIds.filter((id) => id !== '');
      if (!wanted.includes('reference_resource') || !deps.files || ids.length === 0) {
        return new Map();
      }
      return deps.files.filesById(userId, ids, thumbnailSize);
    }

    catalogueRoute(app, taskApi.list, { onRequest }, async (request) => {
      const query = request.query;
      const page = await tasks.list(actorOf(request).userId, {
        type: query.type,
        filters: query.filters,
        limit: query.limit,
        pageToken: query.page_token === '' ? undefined : query.page_token,
      });
      const locale = requestLocale(request);
      const references = await referencesOf(
        actorOf(request).userId,
        page.tasks.map((task) => task.fileId),
        query.with,
        query.thumbnail_size,
      );
      return {
        tasks: page.tasks.map((task) => {
          const reference = references.get(task.fileId);
          return reference === undefined
            ? toTaskDto(task, locale)
            : { ...toTaskDto(task, locale), reference_resource: reference };
        }),
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
        [...(query.task_ids ?? []), ...(query['task_ids[]'] ?? [])],
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
