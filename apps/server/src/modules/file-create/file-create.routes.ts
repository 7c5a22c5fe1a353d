import { driveApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toFileDto } from '../drive/file.dto';
import { checkName, type FileService } from '../drive/file.service';
import { originOf, toUploadAnswer } from '../upload/upload.dto';
import type { UploadService } from '../upload/upload.service';
import type { OfflineService } from '../offline/offline.service';
import { toTaskDto } from '../task/task.dto';

export interface FileCreateRoutesDeps {
  authenticator: Authenticator;
  files: Pick<FileService, 'createFolder'>;
  uploads: Pick<UploadService, 'start'>;
  offline: Pick<OfflineService, 'create'>;
}

/**
 * `POST /drive/v1/files` (docs/api.md#files): one call makes a folder, a PENDING file and its
 * upload, or an offline download task, by the body's `kind` and `upload_type`.
 */
export function fileCreateRoutes(deps: FileCreateRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, driveApi.createFile, { onRequest }, async (request) => {
      const body = request.body;
      const userId = actorOf(request).userId;
      if (body.kind === 'drive#file') {
        if (body.upload_type === 'UPLOAD_TYPE_URL') {
          // A name the member gives follows the rule of every name (no NUL, no path separator); without one the source names the file.
          const name =
            body.name === undefined || body.name === '' ? undefined : checkName(body.name);
          const task = await deps.offline.create(userId, {
            url: body.url.url,
            files: body.url.files,
            name,
            parentId: body.parent_id,
            source: body.params?.source,
            requestId: request.id,
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
        const started = await deps.uploads.start(userId, {
          name: body.name,
          parentId: body.parent_id,
          size: body.size,
          hash: body.hash ?? '',
          uploadType,
          ...(body.mime_type === undefined ? {} : { mimeType: body.mime_type }),
        });
        return toUploadAnswer({ origin: originOf(request), uploadType, ...started });
      }
      const folder = await deps.files.createFolder(userId, {
        name: body.name,
        parentId: body.parent_id,
      });
      return { upload_type: 'UPLOAD_TYPE_UNKNOWN' as const, file: toFileDto(folder), task: null };
    });
  };
}
