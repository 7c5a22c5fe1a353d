import { z } from 'zod';
import { compensationClaimAnswerSchema } from '../activity-operation';
import { activationAnswerSchema, vipAnswerSchema } from '../membership';
import { defineEndpoint } from './endpoint';
import {
  activationBodySchema,
  compensateAnswerSchema,
  compensateAnyBodySchema,
  inviteAnswerSchema,
  inviteBodySchema,
  invitePageAnswerSchema,
  invitePageQuerySchema,
  oneClickUnsubscribeBodySchema,
  rewardAnswerSchema,
  rewardBodySchema,
  subscribeBodySchema,
  subscriptionAnswerSchema,
  taskStatusAnswerSchema,
  taskStatusQuerySchema,
  unsubscribeAnswerSchema,
  unsubscribeQuerySchema,
  verifyCaptchaAnswerSchema,
  verifyCaptchaBodySchema,
} from './membership-activity';
import {
  inviteCodeAnswerSchema,
  quantityListAnswerSchema,
  quantityListQuerySchema,
} from './transfer-quota';

const tags = ['membership'];

/**
 * The membership calls of docs/api.md#account-and-membership: the VIP state and activation
 * codes, the activities (invitations, tasks, rewards, compensations, the captcha check) and the
 * mail subscription links.
 */
export const membershipApi = {
  vip: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/privilege/vip',
    summary: "The member's VIP state",
    description:
      '`status` is `ok` while a membership is active (the member is premium) and `invalid` ' +
      'otherwise; `type` is the active plan or `novip`; `expire` is the end of the active ' +
      'membership, the last end when it lapsed, or `""`. `vipItem` has one entry per plan ' +
      'the member holds or held, with `surplus_day`: whole days left, rounded up, never below 0.',
    tags,
    auth: 'member',
    answer: vipAnswerSchema,
  }),
  redeemActivationCode: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/order/activation-code',
    summary: 'Redeem an activation code',
    description:
      "Adds the code's days to the member's membership (after the days already held). " +
      'Errors: `activation_code_invalid` (unknown, malformed, or issued to another member), ' +
      '`activation_code_used` (no uses left, or already redeemed by this member), ' +
      '`activation_code_expired`, `activation_code_revoked` (revoked by the operators), and `too_many_requests` past the attempt limit per member ' +
      'and per address (`ACTIVATION_CODE_MAX_ATTEMPTS`).',
    tags,
    auth: 'member',
    body: activationBodySchema,
    answer: activationAnswerSchema,
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/activity/invite',
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
    tags,
    auth: 'member',
    body: inviteBodySchema,
    answer: inviteAnswerSchema,
  }),
  taskStatus: defineEndpoint({
    method: 'GET',
    path: '/vip/v1/task/status',
    summary: 'The membership tasks of a scene',
    description:
      'Scenes: `beginner` (upload a file, share a link, finish an offline download, invite a ' +
      'friend) and `invite` (invite a friend). Each task is `TODO`, `DONE` (its reward waits ' +
      'for `rewardVip`) or `REWARDED`; `progress` and `target` are decimal strings. An unknown ' +
      'scene is `invalid_argument`.',
    tags,
    auth: 'member',
    query: taskStatusQuerySchema,
    answer: taskStatusAnswerSchema,
  }),
  reward: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/activity/rewardVip',
    summary: "A membership task's reward",
    description:
      'Grants `TASK_REWARD_DAYS` premium days for a done task (`type`), once: ' +
      '`activity_task_not_done` before the task is done, `activity_reward_claimed` after ' +
      'the reward was given.',
    tags,
    auth: 'member',
    body: rewardBodySchema,
    answer: rewardAnswerSchema,
  }),
  invitePage: defineEndpoint({
    method: 'GET',
    path: '/vip/v1/activity/inviteExtActivityPage',
    summary: 'The referral page',
    description:
      "The member's invite code and link (`/referral?invite_code=`), the days an invitation " +
      'grants, how many members joined with it, the days earned, the monthly limit and what ' +
      'is left of it (counts as decimal strings), and the newest `limit` invitees (names masked).',
    tags,
    auth: 'member',
    query: invitePageQuerySchema,
    answer: invitePageAnswerSchema,
  }),
  inviteCode: defineEndpoint({
    method: 'GET',
    path: '/vip/v1/activity/inviteCode',
    summary: "The member's invite code",
    description:
      "The member's own invite code, made on the first call and then kept (the one of " +
      '`inviteExtActivityPage`), as `{code}`.',
    tags,
    auth: 'member',
    answer: inviteCodeAnswerSchema,
  }),
  transferQuota: defineEndpoint({
    method: 'GET',
    path: '/vip/v1/quantity/list',
    summary: "The member's transfer allowances this month",
    description:
      "`type=transfer`: the plan's monthly allowances (packs included) and what this UTC month " +
      'used of them: `base.offline` (bytes offline downloads fetch), `base.download` (bytes ' +
      'content links send); `upload` and `download_daily` are 0, as Nimbus meters neither. ' +
      'Byte counts are JSON numbers here, as clients of the original service read them.',
    tags,
    auth: 'member',
    query: quantityListQuerySchema,
    answer: quantityListAnswerSchema,
  }),
  compensate: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/activity/compensate',
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
    tags,
    auth: 'member',
    body: compensateAnyBodySchema,
    answer: z.union([compensationClaimAnswerSchema, compensateAnswerSchema]),
  }),
  verifyCaptcha: defineEndpoint({
    method: 'POST',
    path: '/vip/v1/verifyRecaptchaToken',
    summary: 'Verify a captcha token',
    description:
      'Spends a `captcha_token` the captcha shield gave (`POST /v1/shield/captcha/init`) for ' +
      '`action` to this client (`x-client-id`) on this device (`x-device-id`): `success` when it ' +
      'is genuine, unexpired and unspent, `captcha_invalid` otherwise. A token is good once.',
    tags,
    auth: 'visitor',
    body: verifyCaptchaBodySchema,
    answer: verifyCaptchaAnswerSchema,
  }),
  unsubscribe: defineEndpoint({
    method: 'GET',
    path: '/mail/v1/unsubscribe',
    summary: 'Unsubscribe a mail address',
    description:
      'Stops mail of the scene named in the signed address `d` (from the link in a mail) to ' +
      'its address; no sign-in needed, and doing it again changes nothing (docs/api.md#account-and-membership makes ' +
      'this the one GET that writes). A `d` that does not check is `unsubscribe_link_invalid`.',
    tags,
    auth: 'visitor',
    query: unsubscribeQuerySchema,
    answer: unsubscribeAnswerSchema,
  }),
  oneClickUnsubscribe: defineEndpoint({
    method: 'POST',
    path: '/mail/v1/unsubscribe',
    summary: 'One-click unsubscribe (RFC 8058)',
    description:
      'The address of the `List-Unsubscribe` header of Nimbus mail that is not transactional ' +
      '(with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`): a mail program posts the ' +
      'form `List-Unsubscribe=One-Click` (`application/x-www-form-urlencoded`; JSON is taken ' +
      'too) with the signed address `d` in the query, and the address stops receiving mail of ' +
      'that scene at once, like `GET /mail/v1/unsubscribe`. No sign-in and no cookie needed; ' +
      'doing it again changes nothing. A `d` that does not check is `unsubscribe_link_invalid`, ' +
      'a body without `List-Unsubscribe=One-Click` `invalid_argument`.',
    tags,
    auth: 'visitor',
    query: unsubscribeQuerySchema,
    body: oneClickUnsubscribeBodySchema,
    answer: unsubscribeAnswerSchema,
  }),
  subscription: defineEndpoint({
    method: 'GET',
    path: '/mail/v1/subscription',
    summary: 'What an unsubscribe link names',
    description:
      'Reads only (a mail scanner that opens the link changes nothing): the masked address and ' +
      'the scene of the signed address `d`, and whether that mail still goes to it. A `d` ' +
      'that does not check is `unsubscribe_link_invalid`.',
    tags,
    auth: 'visitor',
    query: unsubscribeQuerySchema,
    answer: subscriptionAnswerSchema,
  }),
  subscribe: defineEndpoint({
    method: 'POST',
    path: '/mail/v1/subscribe',
    summary: 'Subscribe again',
    description:
      'Undoes `GET /mail/v1/unsubscribe` for the address and scene of the same signed `d`: ' +
      'that mail goes to the address again. No sign-in needed; doing it again changes ' +
      'nothing. A `d` that does not check is `unsubscribe_link_invalid`.',
    tags,
    auth: 'visitor',
    body: subscribeBodySchema,
    answer: subscriptionAnswerSchema,
  }),
} as const;
