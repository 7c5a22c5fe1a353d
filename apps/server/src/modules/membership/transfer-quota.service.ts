import type { QuantityListAnswer } from '@nimbus/contracts';
import type { MemberPlan } from './membership.service';

/** What the transfer allowances are read from: the plan, and this month's metered bytes. */
export interface TransferQuotaDeps {
  planOf(
    userId: string,
  ): Promise<
    Pick<
      MemberPlan,
      'premium' | 'expiresAt' | 'storageBytes' | 'offlineTrafficBytes' | 'downloadTrafficBytes'
    >
  >;
  /** Bytes the member's offline downloads fetched in the UTC month `period` (`YYYY-MM`). */
  offlineTraffic(userId: string, period: string): Promise<number>;
  /** Bytes the member's content links sent this UTC month. */
  downloadTraffic(userId: string): Promise<number>;
  now: () => Date;
}

const none = { total_assets: 0, assets: 0, size: 0 };

/**
 * `GET /vip/v1/quantity/list?type=transfer`: the member's monthly transfer allowances from the
 * plan (packs included) and this month's use, in the shape clients of the original service read.
 */
export function createTransferQuotaService(deps: TransferQuotaDeps) {
  return {
    async transferQuota(userId: string): Promise<QuantityListAnswer> {
      const period = deps.now().toISOString().slice(0, 7);
      const [plan, offline, download] = await Promise.all([
        deps.planOf(userId),
        deps.offlineTraffic(userId, period),
        deps.downloadTraffic(userId),
      ]);
      return {
        transfer: {
          offline: { info: '', total_assets: plan.offlineTrafficBytes, assets: offline },
        },
        data: null,
        has_more: false,
        base: {
          info: '',
          vip_status: plan.premium ? 'ok' : 'invalid',
          expire_time: plan.expiresAt ?? '',
          assets: String(plan.storageBytes),
          size: 0,
          offline: { total_assets: plan.offlineTrafficBytes, assets: offline, size: offline },
          download: { total_assets: plan.downloadTrafficBytes, assets: download, size: download },
          upload: none,
          download_daily: none,
        },
      };
    },
  };
}

export type TransferQuotaService = ReturnType<typeof createTransferQuotaService>;
