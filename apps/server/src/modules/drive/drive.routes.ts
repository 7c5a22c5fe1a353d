import { defaultSortOrder, driveApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toAboutDto, toFileDto, type FileLinker } from './file.dto';
import type { FileService } from './file.service';
import type { DownloadTrafficUsage, OfflineTaskCount } from './drive.ports';

export interface DriveRoutesDeps {
  authenticator: Authenticator;
  files: FileService;
  /** Signs the download, thumbnail and media links of Files; links stay empty without it. */
  links?: FileLinker;
  offline: OfflineTaskCount;
  /** Bytes of the member's downloads this month (`quotas.download_traffic.usage`). */
  downloadTraffic?: DownloadTrafficUsage;
}

/**
 * The drive host's member calls on files and folders (docs/api.md#files) and `about`; creating
 * one (`POST /drive/v1/files`) is its own module, modules/file-create.
 */
export function driveRoutes(deps: DriveRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);
    const files = deps.files;
    const userIdOf = (request: Parameters<typeof actorOf>[0]) => actorOf(request).userId;

    catalogueRoute(app, driveApi.about, { onRequest }, async (request) => {
      const userId = userIdOf(request);
      const [about, createdToday, usage] = await Promise.all([
        files.about(userId),
        deps.offline.createdToday(userId),
        deps.downloadTraffic ? deps.downloadTraffic.usage(userId) : 0,
      ]);
      return toAboutDto(about, { createdToday }, { usage });
    });

    catalogueRoute(app, driveApi.listFiles, { onRequest }, async (request) => {
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
    });

    catalogueRoute(app, driveApi.getFile, { onRequest }, async (request) => {
      const userId = userIdOf(request);
      const record = await files.get(userId, request.params.id);
      const links = deps.links
        ? await deps.links.forFile(userId, record, {
            thumbnailSize: request.query.thumbnail_size,
            fetch: request.query.usage === 'FETCH',
            mediaCodecs: request.query.media_codecs,
          })
        : {};
      return toFileDto(record, links);
    });

    catalogueRoute(app, driveApi.renameFile, { onRequest }, async (request) =>
      toFileDto(await files.rename(userIdOf(request), request.params.id, request.body.name)),
    );

    catalogueRoute(app, driveApi.folderChains, { onRequest }, async (request) => ({
      folders: (await files.folderChains(userIdOf(request), request.body.ids)).map((folder) => ({
        id: folder.id,
        name: folder.name,
        parent_id: folder.parentId,
      })),
    }));

    catalogueRoute(app, driveApi.star, { onRequest }, async (request) => ({
      ids: await files.setStarred(userIdOf(request), request.body.ids, true),
    }));
    catalogueRoute(app, driveApi.unstar, { onRequest }, async (request) => ({
      ids: await files.setStarred(userIdOf(request), request.body.ids, false),
    }));

    // The work is done inside the request: the task is already complete (docs/api.md#tasks).
    catalogueRoute(app, driveApi.batchTrash, { onRequest }, async (request) => ({
      task_id: await files.trash(userIdOf(request), request.body.ids),
    }));
    catalogueRoute(app, driveApi.batchUntrash, { onRequest }, async (request) => ({
      task_id: await files.untrash(userIdOf(request), request.body.ids),
    }));
    catalogueRoute(app, driveApi.batchDelete, { onRequest }, async (request) => ({
      task_id: await files.remove(userIdOf(request), request.body.ids),
    }));
    catalogueRoute(app, driveApi.batchMove, { onRequest }, async (request) => ({
      task_id: await files.move(userIdOf(request), request.body.ids, request.body.to.parent_id),
    }));
    catalogueRoute(app, driveApi.batchCopy, { onRequest }, async (request) => ({
      task_id: await files.copy(userIdOf(request), request.body.ids, request.body.to.parent_id),
    }));

    catalogueRoute(app, driveApi.emptyTrash, { onRequest }, async (request) => ({
      task_id: await files.emptyTrash(userIdOf(request)),
    }));
  };
}
