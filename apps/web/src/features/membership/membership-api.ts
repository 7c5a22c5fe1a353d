import { type ActivationAnswer } from '@nimbus/contracts';
import { membershipRoutes } from '@nimbus/contracts/routes';
import { browserClient } from '@/lib/api/browser-client';
import { membershipInfoOf, readMembership, storeMembership } from '@/lib/session/credentials';
import { refreshProfile } from '@/lib/session/session';

/**
 * Redeems an activation code (`POST /vip/v1/order/activation-code`), stores the new VIP state at
 * once, then refreshes the user info (the quota follows the plan). Never retried: a retry of a
 * redemption that went through would answer `activation_code_used`.
 */
export async function redeemActivationCode(code: string): Promise<ActivationAnswer> {
  const answer = await browserClient().call(
    membershipRoutes.redeemActivationCode,
    { body: { activation_code: code, data: { from: 'web' } } },
    { retries: 0 },
  );
  storeMembership(membershipInfoOf(answer.data, readMembership()?.quota));
  void refreshProfile();
  return answer;
}
