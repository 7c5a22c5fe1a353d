import type { VipData } from '@nimbus/contracts';
import type { Grant } from './membership.service';

/**
 * The answer of a call that grants premium days (an activation code, a task's reward): what was
 * granted and the VIP state after it.
 */
export function toGrantAnswer(answer: { granted: Grant; vip: VipData }) {
  const { granted, vip } = answer;
  return {
    result: 'ACCEPTED' as const,
    granted: {
      type: granted.type,
      days: granted.days,
      starts_at: granted.startsAt,
      expires_at: granted.expiresAt,
      ...(granted.bytes === undefined ? {} : { bytes: String(granted.bytes) }),
    },
    data: vip,
  };
}
