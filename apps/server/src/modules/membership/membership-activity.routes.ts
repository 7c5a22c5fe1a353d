import { membershipApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import { parseForm } from '../../http/form-body';
import { clientIdOf, deviceIdOf } from '../../http/request-headers';
import { actorOf, type MemberCheck } from '../auth/require-actor';
import { maskEmail } from '../user/user.dto';
import { inviteCodeOf, type MembershipActivityService } from './membership-activity.service';
import { toGrantAnswer } from './membership.dto';
import type { TransferQuotaService } from './transfer-quota.service';

/** A membership answer: `result: "ACCEPTED"` and the call's own fields. */
function accepted<Fields extends object>(fields: Fields): { result: 'ACCEPTED' } & Fields {
  return { result: 'ACCEPTED', ...fields };
}

/** What the activity calls need. */
export interface MembershipActivityRouteDeps {
  activities: MembershipActivityService;
  transferQuotas: TransferQuotaService;
  /** The captcha shield's check of a token (`verifyRecaptchaToken`). */
  verifyCaptcha: (input: {
    token: string;
    action: string;
    clientId: string;
    deviceId: string;
  }) => Promise<void>;
}

/**
 * The membership activity calls of docs/api.md#account-and-membership (invitations, tasks, rewards, compensations,
 * captcha check, unsubscribe), added to the membership module's routes.
 */
export function addMembershipActivityRoutes(
  app: FastifyInstance,
  onRequest: MemberCheck,
  deps: MembershipActivityRouteDeps,
): void {
  const userIdOf = (request: FastifyRequest) => actorOf(request).userId;

  catalogueRoute(app, membershipApi.invite, { onRequest }, async (request) => {
    const answer = await deps.activities.claimInvite(
      { userId: userIdOf(request), address: request.ip },
      inviteCodeOf(request.body),
    );
    return { free_days: answer.freeDays, invited: answer.invited, repeated: answer.repeated };
  });

  catalogueRoute(app, membershipApi.taskStatus, { onRequest }, async (request) =>
    accepted(await deps.activities.taskStatus(userIdOf(request), request.query.scene)),
  );

  catalogueRoute(app, membershipApi.reward, { onRequest }, async (request) =>
    toGrantAnswer(await deps.activities.reward(userIdOf(request), request.body.type)),
  );

  catalogueRoute(app, membershipApi.invitePage, { onRequest }, async (request) =>
    accepted({ data: await deps.activities.invitePage(userIdOf(request), request.query.limit) }),
  );

  catalogueRoute(app, membershipApi.inviteCode, { onRequest }, async (request) => ({
    code: await deps.activities.inviteCode(userIdOf(request)),
  }));

  catalogueRoute(app, membershipApi.transferQuota, { onRequest }, async (request) =>
    deps.transferQuotas.transferQuota(userIdOf(request)),
  );

  catalogueRoute(app, membershipApi.compensate, { onRequest }, async (request) => {
    const { body } = request;
    const userId = userIdOf(request);
    if (!('user_ids' in body)) {
      return toGrantAnswer(await deps.activities.claimCompensation(userId, body.type));
    }
    return accepted(
      await deps.activities.compensate(userId, {
        type: body.type,
        days: body.days,
        userIds: [...new Set(body.user_ids)],
      }),
    );
  });

  catalogueRoute(app, membershipApi.verifyCaptcha, {}, async (request) => {
    await deps.verifyCaptcha({
      token: request.body.token,
      action: request.body.action,
      clientId: clientIdOf(request),
      deviceId: deviceIdOf(request),
    });
    return accepted({ success: true as const });
  });

  catalogueRoute(app, membershipApi.unsubscribe, {}, async (request) => {
    const claims = await deps.activities.unsubscribe(request.query.d);
    return accepted({ email: maskEmail(claims.email), scene: claims.scene });
  });

  // Mail programs post a form: its parser is added for this one route, in a scope of its own.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      parseForm,
    );
    catalogueRoute(
      scope,
      membershipApi.oneClickUnsubscribe,
      { schema: { consumes: ['application/x-www-form-urlencoded', 'application/json'] } },
      async (request) => {
        const claims = await deps.activities.unsubscribe(request.query.d);
        return accepted({ email: maskEmail(claims.email), scene: claims.scene });
      },
    );
  });

  catalogueRoute(app, membershipApi.subscription, {}, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    const state = await deps.activities.subscription(request.query.d);
    return accepted({
      email: maskEmail(state.email),
      scene: state.scene,
      subscribed: state.subscribed,
    });
  });

  catalogueRoute(app, membershipApi.subscribe, {}, async (request) => {
    const claims = await deps.activities.subscribe(request.body.d);
    return accepted({ email: maskEmail(claims.email), scene: claims.scene, subscribed: true });
  });
}
