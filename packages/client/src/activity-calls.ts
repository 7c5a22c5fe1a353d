import {
  activityOperationSchema,
  type ActivityOperation,
  type ActivityScene,
  type ActivityTaskType,
  type CompensationClaimAnswer,
  type RewardAnswer,
  type TaskStatusAnswer,
} from '@nimbus/contracts';
import { membershipRoutes, siteConfigRoutes } from '@nimbus/contracts/routes';
import type { ApiClient, CallOptions } from './api-client';
import { ApiError } from './api-error';
import { maxCaptchaRenewals } from './captcha';

/*
 * The membership activity calls of docs/api.md#account-and-membership that the check-in and promotion pages make, and
 * the activity schedule of the config host.
 */

/** `GET /vip/v1/task/status?scene=`: the member's tasks of a scene and where each stands. */
export function getTaskStatus(
  client: ApiClient,
  scene: ActivityScene,
  options: CallOptions = {},
): Promise<TaskStatusAnswer> {
  return client.call(membershipRoutes.taskStatus, { query: { scene } }, options);
}

/**
 * `POST /vip/v1/activity/rewardVip`: a done task's premium days. Never retried: a retry of a
 * reward that went through would answer `activity_reward_claimed`.
 */
export function claimTaskReward(
  client: ApiClient,
  type: ActivityTaskType,
  data: Readonly<Record<string, unknown>> = {},
): Promise<RewardAnswer> {
  return client.call(membershipRoutes.reward, { body: { type, data } }, { retries: 0 });
}

/** The path of the captcha check (docs/product.md#calls). */
export const verifyCaptchaPath = membershipRoutes.verifyCaptcha.path;
/** The captcha action the check's tokens are asked for. */
export const verifyCaptchaAction = `POST:${verifyCaptchaPath}`;

function isCaptchaRefusal(cause: unknown): boolean {
  return (
    cause instanceof ApiError &&
    (cause.error === 'captcha_invalid' || cause.error === 'captcha_required')
  );
}

/**
 * `POST /vip/v1/verifyRecaptchaToken` `{token, action}`: proves a person is here before an
 * activity hands something out. The token comes from the client's captcha manager (the shield
 * gives it at once, or after the challenge modal when the risk is high; a closed modal fails
 * with `cancelled`); a refused token is renewed and checked again, at most three times. A token
 * is good once, so it is dropped from the cache after the check.
 */
export async function verifyCaptcha(client: Pick<ApiClient, 'call' | 'captcha'>): Promise<void> {
  let token = await client.captcha.token(verifyCaptchaAction);
  for (let renewals = 0; ; renewals += 1) {
    try {
      await client.call(
        membershipRoutes.verifyCaptcha,
        { body: { token, action: verifyCaptchaAction } },
        { retries: 0, renewCaptcha: false },
      );
      client.captcha.clear();
      return;
    } catch (cause) {
      if (!isCaptchaRefusal(cause) || renewals >= maxCaptchaRenewals) {
        throw cause;
      }
      token = await client.captcha.renew(verifyCaptchaAction, token);
    }
  }
}

/** `POST /vip/v1/activity/compensate` `{type}`: the member claims a compensation. Never retried. */
export async function claimCompensation(
  client: ApiClient,
  type: string,
  data: Readonly<Record<string, unknown>> = {},
): Promise<CompensationClaimAnswer> {
  const answer = await client.call(
    membershipRoutes.compensate,
    { body: { type, data } },
    { retries: 0 },
  );
  // The claim form answers the grant; only the admin form (with `user_ids`) answers lists.
  if (!('data' in answer)) {
    throw new TypeError('A compensation claim was answered like an admin grant');
  }
  return answer;
}

/**
 * `POST /config/v1/activity_operation` (`client=web`, the languages in `data`): when each
 * promotion and compensation ends. Rejects when the answer does not have the published shape.
 */
export async function getActivityOperation(
  client: ApiClient,
  data: Readonly<Record<string, string>>,
  options: CallOptions = {},
): Promise<ActivityOperation> {
  const answer = await client.call(
    siteConfigRoutes.values,
    { params: { scope: 'activity_operation' }, body: { client: 'web', data } },
    options,
  );
  return activityOperationSchema.parse(answer.values['activity_operation']);
}
