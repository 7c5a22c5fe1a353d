import type { FastifyInstance } from 'fastify';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, memberPlugin, memberSecurity } from '../auth/require-actor';
import { toGrantAnswer } from './membership.dto';
import {
  activationAnswerSchema,
  activationBodySchema,
  vipAnswerSchema,
} from './membership.schemas';
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
    const { routes, onRequest } = memberPlugin(app, deps.authenticator);

    routes.get(
      '/drive/v1/privilege/vip',
      {
        onRequest,
        schema: {
          tags: ['membership'],
          summary: "The member's VIP state",
          description:
            '`status` is `ok` while a membership is active (the member is premium) and `invalid` ' +
            'otherwise; `type` is the active plan or `novip`; `expire` is the end of the active ' +
            'membership, the last end when it lapsed, or `""`. `vipItem` has one entry per plan ' +
            'the member holds or held, with `surplus_day`: whole days left, rounded up, never below 0.',
          security: memberSecurity,
          response: { 200: vipAnswerSchema },
        },
      },
      async (request) => ({
        result: 'ACCEPTED' as const,
        data: await deps.memberships.vipOf(actorOf(request).userId),
      }),
    );

    routes.post(
      '/vip/v1/order/activation-code',
      {
        onRequest,
        schema: {
          tags: ['membership'],
          summary: 'Redeem an activation code',
          description:
            "Adds the code's days to the member's membership (after the days already held). " +
            'Errors: `activation_code_invalid` (unknown, malformed, or issued to another member), ' +
            '`activation_code_used` (no uses left, or already redeemed by this member), ' +
            '`activation_code_expired`, and `too_many_requests` past the attempt limit per member ' +
            'and per address (`ACTIVATION_CODE_MAX_ATTEMPTS`).',
          security: memberSecurity,
          body: activationBodySchema,
          response: { 200: activationAnswerSchema },
        },
      },
      async (request) =>
        toGrantAnswer(
          await deps.memberships.redeem(
            { userId: actorOf(request).userId, address: request.ip },
            request.body.activation_code,
          ),
        ),
    );

    addMembershipActivityRoutes(routes, onRequest, deps);
  };
}
