import { defaultSortOrder } from '@nimbus/contracts';
import type { ConsoleRouteDeps } from '../admin/console-route';
import type { FastifyRequest } from 'fastify';
import { clientIdOf, deviceIdOf, headerOf } from '../../http/request-headers';
import { requestLocale } from '../../http/request-locale';
import type { Authenticator } from '../auth/authenticator';
import { optionalMemberOf } from '../auth/require-actor';
import type { FileLinker } from '../drive/file.dto';
import type { FileService } from '../drive/file.service';
import type { ContentService } from '../content/content.service';
import type { SharePageInput, ShareService, Visitor } from './share.service';

export interface ShareRoutesDeps {
  authenticator: Authenticator;
  /** The operator console's guard and audit log, for the moderation calls. */
  console: ConsoleRouteDeps;
  shares: ShareService;
  /** Signs preview, download and thumbnail links (the content module); links stay empty without it. */
  links?: FileLinker;
  /** The owner's items, for the thumbnail of each ShareSummary; `thumbnail_link` stays `""` without it. */
  files?: Pick<FileService, 'findMany'>;
  /** Signs zip links of a share's items (the content module); `POST /drive/v1/share:zip` answers `unimplemented` without it. */
  zips?: Pick<ContentService, 'shareZipLink'>;
}

/** The page of a share's listing a visitor asks for. */
export function pageOf(query: {
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

/** Who calls a visitor path; credentials that do not authenticate make an anonymous visitor. */
export async function visitorOf(
  authenticator: Authenticator,
  request: FastifyRequest,
): Promise<Visitor> {
  const userId = request.actor?.userId ?? (await optionalMemberOf(authenticator, request));
  return {
    userId,
    locale: requestLocale(request),
    address: request.ip,
    deviceId: deviceIdOf(request),
    clientId: clientIdOf(request),
    captchaToken: headerOf(request, 'x-captcha-token'),
  };
}
