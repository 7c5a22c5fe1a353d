import { taskApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import {
  toFileDto,
  type FileLinker,
  type FileLinkFields,
  type LinkOptions,
} from '../drive/file.dto';
import type { FileService } from '../drive/file.service';
import { toTaskDto } from './task.dto';
import type { TaskRecord } from './task.repository';
import type { TaskService } from './task.service';

export interface TaskRoutesDeps {
  authenticator: Authenticator;
  tasks: TaskService;
  /** The tasks' files, for `with=reference_resource`. */
  files?: Pick<FileService, 'findMany'>;
  /** Signs the thumbnails of those files, as in file listings. */
  links?: FileLinker;
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
      page: readonly TaskRecord[],
      extras: string | undefined,
      thumbnailSize: LinkOptions['thumbnailSize'],
    ): Promise<Map<string, ReturnType<typeof toFileDto>>> {
      const wanted = (extras ?? '').split(',').map((item) => item.trim());
      const ids = page.map((task) => task.fileId).filter((id) => id !== '');
      if (!wanted.includes('reference_resource') || !deps.files || ids.length === 0) {
        return new Map();
      }
      const records = await deps.files.findMany(userId, ids);
      const links = deps.links
        ? await deps.links.forListing(userId, records, { thumbnailSize })
        : new Map<string, Partial<FileLinkFields>>();
      return new Map(records.map((record) => [record.id, toFileDto(record, links.get(record.id))]));
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
        page.tasks,
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
