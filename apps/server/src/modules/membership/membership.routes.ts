import { membershipApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin } from '../auth/require-actor';
import { toGrantAnswer } from './membership.dto';
import type { MembershipService } from './membership.service';
import {
  addMembershipActivityRoutes,
  type MembershipActivityRouteDeps,
} from './membership-activity.routes';

/**
 * The membership calls of docs/api.md#account-and-membership: the VIP state and activation codes, and the activities
 * (membership-activity.routes.ts).
 */
export function membershipRoutes(
  deps: {
    authenticator: Authenticator;
    memberships: MembershipService;
  } & MembershipActivityRouteDeps,
) {
  return async (app: FastifyInstance) => {
    const { onRequest } = memberPlugin(app, deps.authenticator);

    catalogueRoute(app, membershipApi.vip, { onRequest }, async (request) => ({
      result: 'ACCEPTED' as const,
      data: await deps.memberships.vipOf(actorOf(request).userId),
    }));

    catalogueRoute(app, membershipApi.redeemActivationCode, { onRequest }, async (request) =>
      toGrantAnswer(
        await deps.memberships.redeem(
          { userId: actorOf(request).userId, address: request.ip },
          request.body.activation_code,
        ),
      ),
    );

    addMembershipActivityRoutes(app, onRequest, deps);
  };
}
