import { accountApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { catalogueRoute } from '../../http/catalogue-route';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import type { AccountDeletionService } from './account-deletion.service';
import { avatarMaxBytes, avatarTypes } from './avatar-image';
import type { AvatarService } from './avatar.service';
import type { ProfileService } from './profile.service';
import { toProfile } from './user.dto';

export interface AvatarRoutesDeps {
  avatars: AvatarService;
  deletions: AccountDeletionService;
  profiles: Pick<ProfileService, 'get'>;
  authenticator: Authenticator;
}

/** Keeps an image body as bytes; the size limit is the parser's, so oversize never buffers whole. */
function keepBytes(
  _request: FastifyRequest,
  body: Buffer,
  done: (error: Error | null, body?: unknown) => void,
): void {
  done(null, body);
}

function sendAvatarHeaders(reply: FastifyReply, type: string, etag: string): void {
  void reply
    .header('content-type', type)
    .header('etag', etag)
    .header('cache-control', 'public, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cross-origin-resource-policy', 'cross-origin');
}

/**
 * The member's uploaded avatar (`PUT`/`DELETE /v1/user/me/avatar`), public avatar bytes
 * (`GET /v1/user/avatar/:sha256`), and deleting the account (`GET` its terms, `POST` the request
 * to `/v1/user/deletion`).
 */
export function avatarRoutes(deps: AvatarRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    app.addContentTypeParser(
      [...avatarTypes],
      { parseAs: 'buffer', bodyLimit: avatarMaxBytes },
      keepBytes,
    );
    const member = requireActor(deps.authenticator);

    // Checked before the body is read: nobody streams 2 MiB at us without credentials.
    catalogueRoute(
      app,
      accountApi.uploadAvatar,
      { onRequest: member, bodyLimit: avatarMaxBytes },
      async (request) => {
        const userId = actorOf(request).userId;
        if (!Buffer.isBuffer(request.body)) {
          throw new AppError('invalid_argument', { description: 'Send the image as the body' });
        }
        await deps.avatars.upload(userId, request.body);
        return toProfile(await deps.profiles.get(userId));
      },
    );

    catalogueRoute(app, accountApi.removeAvatar, { onRequest: member }, async (request) => {
      const userId = actorOf(request).userId;
      await deps.avatars.remove(userId);
      return toProfile(await deps.profiles.get(userId));
    });

    catalogueRoute(app, accountApi.avatar, {}, async (request, reply) => {
      const avatar = await deps.avatars.open(request.params.sha256);
      const etag = `"${avatar.sha256}"`;
      sendAvatarHeaders(reply, avatar.type, etag);
      if (request.headers['if-none-match'] === etag) {
        avatar.body.destroy();
        return reply.code(304).send();
      }
      return reply.send(avatar.body);
    });

    catalogueRoute(app, accountApi.deletionTerms, { onRequest: member }, (_request, reply) => {
      void reply.header('cache-control', 'no-store');
      const terms = deps.deletions.terms();
      return Promise.resolve({ grace_days: terms.graceDays, purge_after: terms.purgeAfter });
    });

    catalogueRoute(
      app,
      accountApi.requestDeletion,
      { onRequest: member },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        const deletion = await deps.deletions.request(actorOf(request), {
          password: request.body.password,
        });
        return {
          status: 'under_review' as const,
          deletion_requested_at: deletion.requestedAt,
          purge_after: deletion.purgeAfter,
        };
      },
    );
  };
}
