import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf, memberSecurity } from '../auth/require-actor';
import { clientIdOf, deviceIdOf } from '../../http/request-headers';
import { z } from 'zod';
import {
  compensateAnswerSchema,
  compensationClaimAnswerSchema,
  inviteAnswerSchema,
  invitePageAnswerSchema,
  rewardAnswerSchema,
  taskStatusAnswerSchema,
  subscriptionAnswerSchema,
  unsubscribeAnswerSchema,
  verifyCaptchaAnswerSchema,
} from '@nimbus/contracts';
import {
  compensateAnyBodySchema,
  inviteBodySchema,
  invitePageQuerySchema,
  oneClickUnsubscribeBodySchema,
  rewardBodySchema,
  subscribeBodySchema,
  taskStatusQuerySchema,
  unsubscribeQuerySchema,
  verifyCaptchaBodySchema,
} from './membership-activity.schemas';
import { inviteCodeOf, type MembershipActivityService } from './membership-activity.service';
import { toGrantAnswer } from './membership.dto';
import { maskEmail } from '../user/user.dto';
import { parseForm } from '../../http/form-body';

/** The membership plugin's Fastify instance with the zod type provider. */
type FastifyZodInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A membership answer: `result: "ACCEPTED"` and the call's own fields. */
function accepted<Fields extends object>(fields: Fields): { result: 'ACCEPTED' } & Fields {
  return { result: 'ACCEPTED', ...fields };
}

/** What the activity calls need. */
export interface MembershipActivityRouteDeps {
  activities: MembershipActivityService;
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
  routes: FastifyZodInstance,
  onRequest: (request: FastifyRequest) => Promise<void>,
  deps: MembershipActivityRouteDeps,
): void {
  /** The options of a call for signed-in members: the member check, the tag, the security schemes. */
  function memberCall<Schema extends object>(schema: Schema) {
    return { onRequest, schema: { tags: ['membership'], security: memberSecurity, ...schema } };
  }
  const userIdOf = (request: FastifyRequest) => actorOf(request).userId;

  routes.post(
    '/vip/v1/activity/invite',
    memberCall({
      summary: "Free trial, or an invitation's days",
      description:
        "The call a new member's app makes once after sign-up. With another member's invite code " +
        '(`invite_code`, or the `invite_code` query parameter of `rr`) both members receive ' +
        '`INVITE_FREE_DAYS` premium days; without one the member receives `FREE_TRIAL_DAYS`. Given ' +
        'once per member (later calls answer the first answer with `repeated` true, so a client ' +
        'tells a grant made now from one made before), only within ' +
        '`INVITE_CLAIM_WINDOW_DAYS` of sign-up and to at most `INVITE_MAX_PER_ADDRESS_PER_DAY` ' +
        'members per address; an unknown or own code counts as none, and an inviter past ' +
        '`INVITE_MAX_PER_INVITER_PER_MONTH` earns nothing more (the new member gets the trial). ' +
        '`free_days` 0 means nothing was granted.',
      body: inviteBodySchema,
      response: { 200: inviteAnswerSchema },
    }),
    async (request) => {
      const answer = await deps.activities.claimInvite(
        { userId: userIdOf(request), address: request.ip },
        inviteCodeOf(request.body),
      );
      return { free_days: answer.freeDays, invited: answer.invited, repeated: answer.repeated };
    },
  );

  routes.get(
    '/vip/v1/task/status',
    memberCall({
      summary: 'The membership tasks of a scene',
      description:
        'Scenes: `beginner` (upload a file, share a link, finish an offline download, invite a ' +
        'friend) and `invite` (invite a friend). Each task is `TODO`, `DONE` (its reward waits ' +
        'for `rewardVip`) or `REWARDED`; `progress` and `target` are decimal strings. An unknown ' +
        'scene is `invalid_argument`.',
      querystring: taskStatusQuerySchema,
      response: { 200: taskStatusAnswerSchema },
    }),
    async (request) =>
      accepted(await deps.activities.taskStatus(userIdOf(request), request.query.scene)),
  );

  routes.post(
    '/vip/v1/activity/rewardVip',
    memberCall({
      summary: "A membership task's reward",
      description:
        'Grants `TASK_REWARD_DAYS` premium days for a done task (`type`), once: ' +
        '`activity_task_not_done` before the task is done, `activity_reward_claimed` after ' +
        'the reward was given.',
      body: rewardBodySchema,
      response: { 200: rewardAnswerSchema },
    }),
    async (request) =>
      toGrantAnswer(await deps.activities.reward(userIdOf(request), request.body.type)),
  );

  routes.get(
    '/vip/v1/activity/inviteExtActivityPage',
    memberCall({
      summary: 'The referral page',
      description:
        "The member's invite code and link (`/referral?invite_code=`), the days an invitation " +
        'grants, how many members joined with it, the days earned, the monthly limit and what ' +
        'is left of it (counts as decimal strings), and the newest `limit` invitees (names masked).',
      querystring: invitePageQuerySchema,
      response: { 200: invitePageAnswerSchema },
    }),
    async (request) =>
      accepted({ data: await deps.activities.invitePage(userIdOf(request), request.query.limit) }),
  );

  routes.post(
    '/vip/v1/activity/compensate',
    memberCall({
      summary: 'Claim a compensation, or grant one (admins)',
      description:
        'A member sends `{type}` to claim the compensation `type` (e.g. `aliyun_accident_202409`, ' +
        'configured by `COMPENSATIONS` or the `activity_operation` setting) for themselves: its ' +
        '`days` once, answered like `rewardVip`; `compensation_not_found` for an unknown type, ' +
        '`activity_ended` after its `ends_at`, `compensation_not_eligible` for members who signed ' +
        'up from its `joined_before` on, `activity_reward_claimed` when they have it already. ' +
        'An admin sends `{type, days, user_ids}` to grant `days` to each member of `user_ids`, ' +
        'once per member and type; members who had it, and unknown ids, come back in `skipped`. ' +
        'That form from anyone else is `permission_denied`.',
      body: compensateAnyBodySchema,
      response: { 200: z.union([compensationClaimAnswerSchema, compensateAnswerSchema]) },
    }),
    async (request) => {
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
    },
  );

  routes.post(
    '/vip/v1/verifyRecaptchaToken',
    {
      schema: {
        tags: ['membership'],
        summary: 'Verify a captcha token',
        description:
          'Spends a `captcha_token` the captcha shield gave (`POST /v1/shield/captcha/init`) for ' +
          '`action` to this client (`x-client-id`) on this device (`x-device-id`): `success` when it ' +
          'is genuine, unexpired and unspent, `captcha_invalid` otherwise. A token is good once.',
        body: verifyCaptchaBodySchema,
        response: { 200: verifyCaptchaAnswerSchema },
      },
    },
    async (request) => {
      await deps.verifyCaptcha({
        token: request.body.token,
        action: request.body.action,
        clientId: clientIdOf(request),
        deviceId: deviceIdOf(request),
      });
      return accepted({ success: true as const });
    },
  );

  routes.get(
    '/mail/v1/unsubscribe',
    {
      schema: {
        tags: ['membership'],
        summary: 'Unsubscribe a mail address',
        description:
          'Stops mail of the scene named in the signed address `d` (from the link in a mail) to ' +
          'its address; no sign-in needed, and doing it again changes nothing (docs/api.md#account-and-membership makes ' +
          'this the one GET that writes). A `d` that does not check is `unsubscribe_link_invalid`.',
        querystring: unsubscribeQuerySchema,
        response: { 200: unsubscribeAnswerSchema },
      },
    },
    async (request) => {
      const claims = await deps.activities.unsubscribe(request.query.d);
      return accepted({ email: maskEmail(claims.email), scene: claims.scene });
    },
  );

  // Mail programs post a form: its parser is added for this one route, in a scope of its own.
  void routes.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      parseForm,
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/mail/v1/unsubscribe',
      {
        schema: {
          tags: ['membership'],
          summary: 'One-click unsubscribe (RFC 8058)',
          description:
            'The address of the `List-Unsubscribe` header of Nimbus mail that is not transactional ' +
            '(with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail program posts the ' +
            'form `List-Unsubscribe=One-Click` (`application/x-www-form-urlencoded`; JSON is taken ' +
            'too) with the signed address `d` in the query, and the address stops receiving mail of ' +
            'that scene at once, like `GET /mail/v1/unsubscribe`. No sign-in and no cookie needed; ' +
            'doing it again changes nothing. A `d` that does not check is `unsubscribe_link_invalid`, ' +
            'a body without `List-Unsubscribe=One-Click` `invalid_argument`.',
          consumes: ['application/x-www-form-urlencoded', 'application/json'],
          querystring: unsubscribeQuerySchema,
          body: oneClickUnsubscribeBodySchema,
          response: { 200: unsubscribeAnswerSchema },
        },
      },
      async (request) => {
        const claims = await deps.activities.unsubscribe(request.query.d);
        return accepted({ email: maskEmail(claims.email), scene: claims.scene });
      },
    );
  });

  routes.get(
    '/mail/v1/subscription',
    {
      schema: {
        tags: ['membership'],
        summary: 'What an unsubscribe link names',
        description:
          'Reads only (a mail scanner that opens the link changes nothing): the masked address and ' +
          'the scene of the signed address `d`, and whether that mail still goes to it. A `d` ' +
          'that does not check is `unsubscribe_link_invalid`.',
        querystring: unsubscribeQuerySchema,
        response: { 200: subscriptionAnswerSchema },
      },
    },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const state = await deps.activities.subscription(request.query.d);
      return accepted({
        email: maskEmail(state.email),
        scene: state.scene,
        subscribed: state.subscribed,
      });
    },
  );

  routes.post(
    '/mail/v1/subscribe',
    {
      schema: {
        tags: ['membership'],
        summary: 'Subscribe again',
        description:
          'Undoes `GET /mail/v1/unsubscribe` for the address and scene of the same signed `d`: ' +
          'that mail goes to the address again. No sign-in needed; doing it again changes ' +
          'nothing. A `d` that does not check is `unsubscribe_link_invalid`.',
        body: subscribeBodySchema,
        response: { 200: subscriptionAnswerSchema },
      },
    },
    async (request) => {
      const claims = await deps.activities.subscribe(request.body.d);
      return accepted({ email: maskEmail(claims.email), scene: claims.scene, subscribed: true });
    },
  );
}
