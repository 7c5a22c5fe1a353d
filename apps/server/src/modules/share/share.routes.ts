import type { FastifyInstance } from 'fastify';
import { memberPlugin } from '../auth/require-actor';
import { shareModerationRoutes } from './share-moderation.routes';
import { shareOwnerRoutes } from './share-owner.routes';
import { shareSaveRoutes } from './share-save.routes';
import { shareVisitorRoutes } from './share-visitor.routes';
import type { ShareRoutesDeps } from './share-request';

export type { ShareRoutesDeps };

/**
 * Shares (docs/api.md#shares): the owner's calls need credentials; the visitor's calls take them when
 * present (the owner needs no pass code, a saver must be signed in) and answer every unreadable
 * share with 200 and its `share_status`. `/audit.admin/v1` takes reports and, from the operator
 * console, moderation states.
 */
export function shareRoutes(deps: ShareRoutesDeps) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);
    await app.register(shareOwnerRoutes(deps, onRequest));
    await app.register(shareVisitorRoutes(deps));
    await app.register(shareSaveRoutes(deps, onRequest));
    await app.register(shareModerationRoutes(deps));
  };
}
