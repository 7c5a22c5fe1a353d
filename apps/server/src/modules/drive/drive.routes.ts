import { defaultSortOrder } from '@nimbus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';
import type { Authenticator } from '../auth/authenticator';
import { memberSecurity, requireActor } from '../auth/require-actor';
import {
  aboutSchema,
  createFolderAnswerSchema,
  createFolderBodySchema,
  fileIdParamsSchema,
  fileListSchema,
  fileSchema,
  getFileQuerySchema,
  idsAnswerSchema,
  idsBodySchema,
  listFilesQuerySchema,
  moveBodySchema,
  renameBodySchema,
  taskIdAnswerSchema,
} from './drive.schemas';
import { toAboutDto, toFileDto, type FileLinker } from './file.dto';
import { checkName, type FileService } from './file.service';
import { originOf, toUploadAnswer } from '../upload/upload.dto';
import { createFileBodySchema, uploadAnswerSchema } from '../upload/upload.schemas';
import type { UploadService } from '../upload/upload.service';
import { createUrlTaskBodySchema, urlTaskAnswerSchema } from '../offline/offline.schemas';
import type { OfflineService } from '../offline/offline.service';
import type { DownloadTrafficMeter } from '../content/download-traffic';
import { toTaskDto } from '../task/task.dto';
import { requestLocale } from '../../http/request-locale';

export interface DriveRoutesDeps {
  authenticator: Authenticator;
  files: FileService;
  uploads: Pick<UploadService, 'start'>;
  /** Signs the download, thumbnail and media links of Files; links stay empty without it. */
  links?: FileLinker;
  offline: Pick<OfflineService, 'create' | 'createdToday'>;
  /** Bytes of the member's downloads this month (`quotas.download_traffic.usage`). */
  downloadTraffic?: Pick<DownloadTrafficMeter, 'usage'>;
}

function userIdOf(request: FastifyRequest): string {
  if (!request.actor) {
    throw new AppError('unauthenticated');
  }
  return request.actor.userId;
}

/** The drive host's member calls: files and folders (docs/api.md#files) and `about` (docs/api.md#account-and-membership). */
export function driveRoutes(deps: DriveRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireActor(deps.authenticator);
    const files = deps.files;
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    routes.get(
      '/drive/v1/about',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary: "The member's storage quota and usage",
          security: memberSecurity,
          response: { 200: aboutSchema },
        },
      },
      async (request) => {
        const userId = userIdOf(request);
        const [about, createdToday, usage] = await Promise.all([
          files.about(userId),
          deps.offline.createdToday(userId),
          deps.downloadTraffic ? deps.downloadTraffic.usage(userId) : 0,
        ]);
        return toAboutDto(about, { createdToday }, { usage });
      },
    );

    routes.get(
      '/drive/v1/files',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary: 'A page of a folder (`parent_id`, `*` for every folder), filtered and sorted',
          security: memberSecurity,
          querystring: listFilesQuerySchema,
          response: { 200: fileListSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const page = await files.list(userIdOf(request), {
          parentId: query.parent_id,
          filters: query.filters,
          order: query.order ?? defaultSortOrder,
          foldersFirst: query.folders_first === 'true' || query.folders_first === '1',
          limit: query.limit,
          pageToken: query.page_token === '' ? undefined : query.page_token,
        });
        const links = deps.links
          ? await deps.links.forListing(userIdOf(request), page.files, {
              thumbnailSize: query.thumbnail_size,
            })
          : new Map<string, never>();
        return {
          kind: 'drive#fileList' as const,
          files: page.files.map((record) => toFileDto(record, links.get(record.id))),
          next_page_token: page.nextPageToken,
        };
      },
    );

    routes.post(
      '/drive/v1/files',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary:
            'Create a folder, a PENDING file and its upload (tus `resumable` or `form`, and `proof` for instant upload when `hash` is given), or an offline download task (`upload_type: UPLOAD_TYPE_URL`); a taken name becomes `name(1)`',
          security: memberSecurity,
          body: z.union([createFolderBodySchema, createFileBodySchema, createUrlTaskBodySchema]),
          response: {
            200: z.union([createFolderAnswerSchema, uploadAnswerSchema, urlTaskAnswerSchema]),
          },
        },
      },
      async (request) => {
        const body = request.body;
        if (body.kind === 'drive#file') {
          if (body.upload_type === 'UPLOAD_TYPE_URL') {
            // A name the member gives follows the rule of every name (no NUL, no path separator); without one the source names the file.
            const name =
              body.name === undefined || body.name === '' ? undefined : checkName(body.name);
            const task = await deps.offline.create(userIdOf(request), {
              url: body.url.url,
              files: body.url.files,
              name,
              parentId: body.parent_id,
              source: body.params?.source,
            });
            return {
              upload_type: 'UPLOAD_TYPE_URL' as const,
              url: { kind: 'upload#url' as const },
              file: null,
              task: toTaskDto(task, requestLocale(request)),
            };
          }
          const uploadType =
            body.upload_type === 'UPLOAD_TYPE_FORM' ? ('form' as const) : ('resumable' as const);
          const started = await deps.uploads.start(userIdOf(request), {
            name: body.name,
            parentId: body.parent_id,
            size: body.size,
            hash: body.hash ?? '',
            uploadType,
            ...(body.mime_type === undefined ? {} : { mimeType: body.mime_type }),
          });
          return toUploadAnswer({ origin: originOf(request), uploadType, ...started });
        }
        const folder = await files.createFolder(userIdOf(request), {
          name: body.name,
          parentId: body.parent_id,
        });
        return { upload_type: 'UPLOAD_TYPE_UNKNOWN' as const, file: toFileDto(folder), task: null };
      },
    );

    routes.get(
      '/drive/v1/files/:id',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary: 'One file or folder, with signed download, thumbnail and playback links',
          security: memberSecurity,
          params: fileIdParamsSchema,
          querystring: getFileQuerySchema,
          response: { 200: fileSchema },
        },
      },
      async (request) => {
        const userId = userIdOf(request);
        const record = await files.get(userId, request.params.id);
        const links = deps.links
          ? await deps.links.forFile(userId, record, {
              thumbnailSize: request.query.thumbnail_size,
              fetch: request.query.usage === 'FETCH',
            })
          : {};
        return toFileDto(record, links);
      },
    );

    routes.patch(
      '/drive/v1/files/:id',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary: 'Rename; a name taken in the folder is `file_duplicated_name`',
          security: memberSecurity,
          params: fileIdParamsSchema,
          body: renameBodySchema,
          response: { 200: fileSchema },
        },
      },
      async (request) =>
        toFileDto(await files.rename(userIdOf(request), request.params.id, request.body.name)),
    );

    for (const [action, starred] of [
      ['star', true],
      ['unstar', false],
    ] as const) {
      routes.post(
        `/drive/v1/files::${action}`,
        {
          onRequest,
          schema: {
            tags: ['drive'],
            summary: starred ? 'Star items' : 'Unstar items',
            security: memberSecurity,
            body: idsBodySchema,
            response: { 200: idsAnswerSchema },
          },
        },
        async (request) => ({
          ids: await files.setStarred(userIdOf(request), request.body.ids, starred),
        }),
      );
    }

    const idBatches = {
      batchTrash: {
        summary: 'Put items in the trash',
        run: (userId: string, ids: string[]) => files.trash(userId, ids),
      },
      batchUntrash: {
        summary: 'Return items to their original folder (made again if gone)',
        run: (userId: string, ids: string[]) => files.untrash(userId, ids),
      },
      batchDelete: {
        summary: 'Delete items for good',
        run: (userId: string, ids: string[]) => files.remove(userId, ids),
      },
    } as const;
    for (const [action, batch] of Object.entries(idBatches)) {
      routes.post(
        `/drive/v1/files::${action}`,
        {
          onRequest,
          schema: {
            tags: ['drive'],
            summary: batch.summary,
            security: memberSecurity,
            body: idsBodySchema,
            response: { 200: taskIdAnswerSchema },
          },
        },
        // The work is done inside the request: the task is already complete (docs/api.md#tasks).
        async (request) => ({ task_id: await batch.run(userIdOf(request), request.body.ids) }),
      );
    }

    const toBatches = {
      batchMove: {
        summary: 'Move items into a folder',
        run: (userId: string, ids: string[], to: string) => files.move(userId, ids, to),
      },
      batchCopy: {
        summary: 'Copy items into a folder (the copies share the content)',
        run: (userId: string, ids: string[], to: string) => files.copy(userId, ids, to),
      },
    } as const;
    for (const [action, batch] of Object.entries(toBatches)) {
      routes.post(
        `/drive/v1/files::${action}`,
        {
          onRequest,
          schema: {
            tags: ['drive'],
            summary: batch.summary,
            security: memberSecurity,
            body: moveBodySchema,
            response: { 200: taskIdAnswerSchema },
          },
        },
        async (request) => ({
          task_id: await batch.run(userIdOf(request), request.body.ids, request.body.to.parent_id),
        }),
      );
    }

    routes.patch(
      '/drive/v1/files/trash::empty',
      {
        onRequest,
        schema: {
          tags: ['drive'],
          summary: 'Delete everything in the trash for good',
          security: memberSecurity,
          response: { 200: taskIdAnswerSchema },
        },
      },
      async (request) => ({ task_id: await files.emptyTrash(userIdOf(request)) }),
    );
  };
}
