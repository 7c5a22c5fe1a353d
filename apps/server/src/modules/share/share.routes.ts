import { defaultSortOrder, type ThumbnailSize } from '@nimbus/contracts';
import { clientIdOf, deviceIdOf, headerOf } from '../../http/request-headers';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import type { FileLinkFields, FileLinker, ShareScope } from '../drive/file.dto';
import type { FileService } from '../drive/file.service';
import { isCoverOnly } from './share.policy';
import { actorOf, memberSecurity, optionalMemberOf, requireActor } from '../auth/require-actor';
import {
  batchFileInfoAnswerSchema,
  batchFileInfoBodySchema,
  createShareAnswerSchema,
  createShareBodySchema,
  fileIdParamsSchema,
  listSharesQuerySchema,
  moderationBodySchema,
  openShareAnswerSchema,
  openShareQuerySchema,
  reportAnswerSchema,
  reportShareBodySchema,
  restoreAnswerSchema,
  restoreBodySchema,
  shareDetailAnswerSchema,
  shareDetailQuerySchema,
  shareFileInfoAnswerSchema,
  shareFileInfoQuerySchema,
  shareIdParamsSchema,
  shareIdsBodySchema,
  shareListSchema,
  shareSummarySchema,
  shareZipAnswerSchema,
  shareZipBodySchema,
  updateShareBodySchema,
} from './share.schemas';
import { AppError } from '../../http/app-error';
import type { ContentService } from '../content/content.service';
import { expirationLeftOf, statusFieldsOf, toSharedFileDto, toShareSummaryDto } from './share.dto';
import type { ShareRecord } from './share.repository';
import type { SharedFile, SharePageInput, ShareService, Visitor } from './share.service';

export interface ShareRoutesDeps {
  authenticator: Authenticator;
  shares: ShareService;
  /** Signs preview, download and thumbnail links (the content module); links stay empty without it. */
  links?: FileLinker;
  /** The owner's items, for the thumbnail of each ShareSummary; `thumbnail_link` stays `""` without it. */
  files?: Pick<FileService, 'findMany'>;
  /** Signs zip links of a share's items (the content module); `POST /drive/v1/share:zip` answers `unimplemented` without it. */
  zips?: Pick<ContentService, 'shareZipLink'>;
}

function pageOf(query: {
  limit: number;
  page_token?: string | undefined;
  order?: SharePageInput['order'] | undefined;
  folders_first?: string | undefined;
}): SharePageInput {
  return {
    order: query.order ?? defaultSortOrder,
    foldersFirst: query.folders_first === 'true' || query.folders_first === '1',
    limit: query.limit,
    pageToken: query.page_token === '' ? undefined : query.page_token,
  };
}

/**
 * Shares (docs/api.md#shares): the owner's calls need credentials; the visitor's calls take them when
 * present (the owner needs no pass code, a saver must be signed in) and answer every unreadable
 * share with 200 and its `share_status`. `/audit.admin/v1` takes reports and, from admins,
 * moderation states.
 */
export function shareRoutes(deps: ShareRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const onRequest = requireActor(deps.authenticator);
    const { shares } = deps;
    app.addHook('onSend', async (_request, reply) => {
      void reply.header('cache-control', 'no-store');
    });

    /**
     * Files of a listing with their thumbnails (the cheap links), bound to the share (`scope`)
     * they are handed out through; a moderated file shows no thumbnail, unless moderation only
     * puts a cover over it (the page draws the cover).
     */
    async function listed(
      files: SharedFile[],
      thumbnailSize: ThumbnailSize | undefined,
      share: ShareScope,
    ) {
      const links = deps.links
        ? await deps.links.forListing(
            '',
            files.map((file) => file.record),
            { thumbnailSize, share },
          )
        : new Map<string, Partial<FileLinkFields>>();
      return files.map((file) => {
        const fields = links.get(file.record.id);
        return toSharedFileDto(
          file,
          file.moderation === undefined || isCoverOnly(file.moderation) || fields === undefined
            ? fields
            : { ...fields, thumbnail_link: '' },
        );
      });
    }

    /** Files with every link (preview and download), bound to the share; a moderated file gets none. */
    async function withLinks(
      files: SharedFile[],
      thumbnailSize: ThumbnailSize | undefined,
      share: ShareScope,
    ) {
      return Promise.all(
        files.map(async (file) =>
          toSharedFileDto(
            file,
            deps.links && file.moderation === undefined
              ? await deps.links.forFile('', file.record, { thumbnailSize, share })
              : {},
          ),
        ),
      );
    }

    /**
     * The thumbnail link of each share's first item (the cheap listing link, as `GET
     * /drive/v1/files` gives it), by share id; items in the trash or gone have none.
     */
    async function thumbnailsOf(userId: string, list: ShareRecord[]): Promise<Map<string, string>> {
      const thumbnails = new Map<string, string>();
      if (!deps.links || !deps.files || list.length === 0) {
        return thumbnails;
      }
      const records = (
        await deps.files.findMany(
          userId,
          list.map((share) => share.fileId),
        )
      ).filter((record) => record.trashed === 0);
      const links = await deps.links.forListing(userId, records, { thumbnailSize: undefined });
      for (const share of list) {
        thumbnails.set(share.id, links.get(share.fileId)?.thumbnail_link ?? '');
      }
      return thumbnails;
    }

    /** Who calls a visitor path; credentials that do not authenticate make an anonymous visitor. */
    async function visitorOf(request: FastifyRequest): Promise<Visitor> {
      const userId = request.actor?.userId ?? (await optionalMemberOf(deps.authenticator, request));
      return {
        userId,
        locale: requestLocale(request),
        address: request.ip,
        deviceId: deviceIdOf(request),
        clientId: clientIdOf(request),
        captchaToken: headerOf(request, 'x-captcha-token'),
      };
    }

    routes.post(
      '/drive/v1/share',
      {
        onRequest,
        schema: {
          tags: ['share'],
          summary:
            'Share files and folders behind a link (pass code generated or custom, expiry, restore limit)',
          security: memberSecurity,
          body: createShareBodySchema,
          response: { 200: createShareAnswerSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const created = await shares.create(
          actorOf(request).userId,
          {
            fileIds: body.file_ids,
            shareTo: body.share_to,
            expirationDays: body.expiration_days,
            passCodeOption: body.pass_code_option,
            customPassCode: body.custom_pass_code,
            restoreLimit: body.restore_limit,
            title: body.title,
          },
          requestLocale(request),
        );
        return {
          share_id: created.share.id,
          share_url: created.url,
          pass_code: created.share.passCode,
          share_text: created.text,
        };
      },
    );

    routes.get(
      '/drive/v1/share/list',
      {
        onRequest,
        schema: {
          tags: ['share'],
          summary:
            "The member's share links, newest first; `filters` on `share_status` (`eq`, `in`)",
          security: memberSecurity,
          querystring: listSharesQuerySchema,
          response: { 200: shareListSchema },
        },
      },
      async (request) => {
        const userId = actorOf(request).userId;
        const page = await shares.list(userId, {
          limit: request.query.limit,
          pageToken: request.query.page_token === '' ? undefined : request.query.page_token,
          filters: request.query.filters,
        });
        const now = shares.now();
        const thumbnails = await thumbnailsOf(userId, page.shares);
        return {
          data: page.shares.map((share) =>
            toShareSummaryDto(
              share,
              share.status,
              shares.shareUrl(share.id),
              now,
              thumbnails.get(share.id),
            ),
          ),
          next_page_token: page.nextPageToken,
        };
      },
    );

    routes.patch(
      '/drive/v1/share/:share_id',
      {
        onRequest,
        schema: {
          tags: ['share'],
          summary:
            'Change a link: `custom_pass_code` (`""` removes it), `expiration_days` (from now), `restore_limit`',
          security: memberSecurity,
          params: shareIdParamsSchema,
          body: updateShareBodySchema,
          response: { 200: shareSummarySchema },
        },
      },
      async (request) => {
        const userId = actorOf(request).userId;
        const share = await shares.update(userId, request.params.share_id, {
          customPassCode: request.body.custom_pass_code,
          expirationDays: request.body.expiration_days,
          restoreLimit: request.body.restore_limit,
        });
        const thumbnails = await thumbnailsOf(userId, [share]);
        return toShareSummaryDto(
          share,
          shares.statusForOwner(share),
          shares.shareUrl(share.id),
          shares.now(),
          thumbnails.get(share.id),
        );
      },
    );

    routes.post(
      '/drive/v1/share::batchDelete',
      {
        onRequest,
        schema: {
          tags: ['share'],
          summary: 'End links; visitors then see `DELETED`',
          security: memberSecurity,
          body: shareIdsBodySchema,
        },
      },
      async (request) => {
        await shares.remove(actorOf(request).userId, request.body.ids);
        return {};
      },
    );

    routes.get(
      '/drive/v1/share',
      {
        schema: {
          tags: ['share'],
          summary:
            'Open a share with its pass code or pass-code token: its status and chosen items',
          querystring: openShareQuerySchema,
          response: { 200: openShareAnswerSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const visitor = await visitorOf(request);
        const opened = await shares.open(
          query.share_id,
          visitor,
          { passCode: query.pass_code, passCodeToken: query.pass_code_token },
          pageOf(query),
        );
        const empty = {
          pass_code_token: '',
          title: '',
          file_num: '0',
          expiration_left: '',
          expiration_left_seconds: '',
          restore_count_left: '',
          user_info: { user_id: '', nickname: '', avatar: '' },
          files: [],
          next_page_token: '',
        };
        if (opened.status !== 'OK') {
          const sharer = 'sharer' in opened ? opened.sharer : undefined;
          return {
            ...statusFieldsOf(opened.status, visitor.locale),
            ...empty,
            ...(sharer
              ? {
                  user_info: {
                    user_id: sharer.id,
                    nickname: sharer.nickname,
                    avatar: sharer.avatar,
                  },
                }
              : {}),
          };
        }
        const share = opened.share;
        const left = expirationLeftOf(share.expiresAt, shares.now());
        return {
          ...statusFieldsOf('OK', visitor.locale),
          pass_code_token: opened.passCodeToken,
          title: share.title,
          file_num: String(share.fileNum),
          expiration_left: left.days,
          expiration_left_seconds: left.seconds,
          restore_count_left:
            share.restoreLimit < 0
              ? '-1'
              : String(Math.max(0, share.restoreLimit - share.restoreCount)),
          user_info: {
            user_id: opened.sharer.id,
            nickname: opened.sharer.nickname,
            avatar: opened.sharer.avatar,
          },
          files: await listed(opened.files, query.thumbnail_size ?? 'SIZE_LARGE', opened.scope),
          next_page_token: opened.nextPageToken,
        };
      },
    );

    routes.get(
      '/drive/v1/share/detail',
      {
        schema: {
          tags: ['share'],
          summary: 'A folder at any depth inside a share',
          querystring: shareDetailQuerySchema,
          response: { 200: shareDetailAnswerSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const visitor = await visitorOf(request);
        const result = await shares.detail(
          query.share_id,
          visitor,
          query.pass_code_token,
          query.parent_id,
          pageOf(query),
        );
        if (result.status !== 'OK') {
          return {
            ...statusFieldsOf(result.status, visitor.locale),
            files: [],
            next_page_token: '',
          };
        }
        return {
          ...statusFieldsOf('OK', visitor.locale),
          files: await listed(result.files, query.thumbnail_size ?? 'SIZE_LARGE', result.scope),
          next_page_token: result.nextPageToken,
        };
      },
    );

    routes.get(
      '/drive/v1/share/file_info',
      {
        schema: {
          tags: ['share'],
          summary:
            'One item inside a share, with its signed preview and download links (bound to the share: they stop when it stops holding the item)',
          querystring: shareFileInfoQuerySchema,
          response: { 200: shareFileInfoAnswerSchema },
        },
      },
      async (request) => {
        const query = request.query;
        const visitor = await visitorOf(request);
        if (query.file_id === '') {
          return { ...statusFieldsOf('NOT_FOUND', visitor.locale), file_info: null };
        }
        const result = await shares.fileInfo(query.share_id, visitor, query.pass_code_token, [
          query.file_id,
        ]);
        const file = result.status === 'OK' ? result.files[0] : undefined;
        if (result.status !== 'OK' || !file) {
          return {
            ...statusFieldsOf(result.status === 'OK' ? 'NOT_FOUND' : result.status, visitor.locale),
            file_info: null,
          };
        }
        const [info] = await withLinks([file], query.thumbnail_size, result.scope);
        return { ...statusFieldsOf('OK', visitor.locale), file_info: info ?? null };
      },
    );

    routes.post(
      '/drive/v1/share::batch_file_info',
      {
        schema: {
          tags: ['share'],
          summary: 'Several items inside a share; one id outside it makes the answer `NOT_FOUND`',
          body: batchFileInfoBodySchema,
          response: { 200: batchFileInfoAnswerSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const visitor = await visitorOf(request);
        const result = await shares.fileInfo(
          body.share_id,
          visitor,
          body.pass_code_token,
          body.file_ids,
        );
        if (result.status !== 'OK') {
          return { ...statusFieldsOf(result.status, visitor.locale), files: [] };
        }
        return {
          ...statusFieldsOf('OK', visitor.locale),
          files: await withLinks(result.files, undefined, result.scope),
        };
      },
    );

    routes.post(
      '/drive/v1/share::zip',
      {
        // Before the body is read: a visitor is asked to sign in whatever the call carries.
        onRequest: async (request) => {
          request.actor = await deps.authenticator.authenticate(request).catch(() => null);
          if (!request.actor) {
            throw new AppError('login_required', {
              description: 'Sign in to download from a share',
            });
          }
        },
        schema: {
          tags: ['share'],
          summary:
            'A signed link to a zip of items inside a share (folders with everything inside), streamed when the link is opened',
          description:
            'Signed-in members only: a visitor without credentials gets `login_required` (401). `file_ids` are items at any depth inside the share (`[]` = all its items, at most 100), `ancestor_ids` the folders opened to reach them, as for a save; an id outside the share answers `NOT_FOUND`, and every unreadable share answers 200 with its `share_status` and empty link fields. A moderated item chosen by id answers its state; moderated files and folders inside chosen folders are left out of the zip. The link (`url`, valid as content links are) checks the share and the items again when opened, and answers `file_not_found` once they are no longer readable',
          security: memberSecurity,
          body: shareZipBodySchema,
          response: { 200: shareZipAnswerSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const visitor = { ...(await visitorOf(request)), userId: actorOf(request).userId };
        if (!deps.zips) {
          throw new AppError('unimplemented', { description: 'Zips of shares are not available' });
        }
        const zip = await shares.zipEntries(body.share_id, visitor, {
          passCodeToken: body.pass_code_token,
          fileIds: body.file_ids,
          ancestorIds: body.ancestor_ids,
        });
        if (zip.status !== 'OK') {
          return {
            ...statusFieldsOf(zip.status, visitor.locale),
            kind: 'drive#zip' as const,
            name: '',
            url: '',
            token: '',
            expire: '',
          };
        }
        const link = deps.zips.shareZipLink(visitor.userId, zip, {
          passCodeToken: body.pass_code_token,
          name: body.name,
        });
        return {
          ...statusFieldsOf('OK', visitor.locale),
          kind: 'drive#zip' as const,
          name: link.name,
          url: link.url,
          token: link.token,
          expire: link.expire,
        };
      },
    );

    routes.post(
      '/drive/v1/share/restore',
      {
        onRequest,
        schema: {
          tags: ['share'],
          summary:
            'Save a share (or chosen items) into the drive by reference: into `parent_id`, or "Saved from shares"; `file_id` is the folder it lands in',
          description:
            "Up to 1,000 items the save is done when the call answers (`RESTORE_COMPLETE`); a larger one answers `RESTORE_START` at once and runs as the `restore` task `restore_task_id` (poll `GET /drive/v1/tasks/{id}`: `progress`, `phase`, and `params.trace_file_ids` when complete). Chosen items may lie at any depth; `ancestor_ids` names the folders opened to reach them (from the share's root down), each of which must lie above every chosen item, else `NOT_FOUND`",
          security: memberSecurity,
          body: restoreBodySchema,
          response: { 200: restoreAnswerSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const visitor = { ...(await visitorOf(request)), userId: actorOf(request).userId };
        const result = await shares.restore(actorOf(request).userId, body.share_id, visitor, {
          passCodeToken: body.pass_code_token,
          fileIds: body.file_ids,
          ancestorIds: body.ancestor_ids,
          parentId: body.parent_id,
          specifyParentId: body.specify_parent_id,
          shareUserId: body.share_user_id,
          gcids: body.gcids,
        });
        if (result.status !== 'OK') {
          return {
            ...statusFieldsOf(result.status, visitor.locale),
            restore_status: 'RESTORE_UNKNOWN' as const,
            restore_task_id: '',
            file_id: '',
          };
        }
        return {
          ...statusFieldsOf('OK', visitor.locale),
          restore_status: result.started
            ? ('RESTORE_START' as const)
            : ('RESTORE_COMPLETE' as const),
          restore_task_id: result.taskId,
          file_id: result.fileId,
        };
      },
    );

    routes.post(
      '/audit.admin/v1/share',
      {
        schema: {
          tags: ['audit'],
          summary: 'Report a share for review (signed in or not; limited per address)',
          body: reportShareBodySchema,
          response: { 200: reportAnswerSchema },
        },
      },
      async (request) => {
        const body = request.body;
        const reportId = await shares.report(await visitorOf(request), {
          shareId: body.share_id,
          shareUserId: body.share_user_id,
          gcids: body.gcids,
          fileIds: body.file_ids,
          reason: body.reason,
        });
        return { report_id: reportId };
      },
    );

    routes.patch(
      '/audit.admin/v1/shares/:share_id',
      {
        onRequest,
        schema: {
          tags: ['audit'],
          summary: "Set a share's moderation state (admins only)",
          security: memberSecurity,
          params: shareIdParamsSchema,
          body: moderationBodySchema,
        },
      },
      async (request) => {
        await shares.moderate(
          actorOf(request).userId,
          { kind: 'share', id: request.params.share_id },
          request.body.audit_status,
        );
        return {};
      },
    );

    routes.patch(
      '/audit.admin/v1/files/:file_id',
      {
        onRequest,
        schema: {
          tags: ['audit'],
          summary:
            "Set a file's moderation state (admins only); shares showing it answer that status for it",
          security: memberSecurity,
          params: fileIdParamsSchema,
          body: moderationBodySchema,
        },
      },
      async (request) => {
        await shares.moderate(
          actorOf(request).userId,
          { kind: 'file', id: request.params.file_id },
          request.body.audit_status,
        );
        return {};
      },
    );
  };
}
