import type {
  ActivityScene,
  ActivityTaskType,
  CompensationClaimAnswer,
  RewardAnswer,
  TaskStatusAnswer,
} from '@nimbus/contracts';
import { claimCompensation, claimTaskReward, getTaskStatus, verifyCaptcha } from '@nimbus/client';
import { browserClient } from '@/lib/api/browser-client';
import { membershipInfoOf, readMembership, storeMembership } from '@/lib/session/credentials';
import { refreshProfile } from '@/lib/session/session';

/** The member's tasks of a scene (`GET /vip/v1/task/status`). */
export function loadTasks(scene: ActivityScene, signal?: AbortSignal): Promise<TaskStatusAnswer> {
  return getTaskStatus(browserClient(), scene, signal ? { signal } : {});
}

/** Stores the VIP state a grant answered at once, then refreshes the user info (quota). */
function keepMembership(answer: RewardAnswer | CompensationClaimAnswer): void {
  storeMembership(membershipInfoOf(answer.data, readMembership()?.quota));
  void refreshProfile();
}

/**
 * Claims a done task's reward and keeps the new membership. Like every hand-out of an activity
 * page, it first proves a person asks (`verifyCaptcha`: `POST /vip/v1/verifyRecaptchaToken`,
 * with the challenge modal when the shield wants one; closing it cancels the claim).
 */
export async function claimReward(type: ActivityTaskType): Promise<RewardAnswer> {
  await verifyCaptcha(browserClient());
  const answer = await claimTaskReward(browserClient(), type, { from: 'web' });
  keepMembership(answer);
  return answer;
}

/**
 * Claims the compensation `type` for the signed-in member, after the captcha check, and keeps
 * the new membership.
 */
export async function claimCompensationGrant(type: string): Promise<CompensationClaimAnswer> {
  await verifyCaptcha(browserClient());
  const answer = await claimCompensation(browserClient(), type, { from: 'web' });
  keepMembership(answer);
  return answer;
}
