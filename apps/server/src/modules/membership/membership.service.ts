import {
  membershipTypes,
  noVipType,
  packKinds,
  type PackKind,
  normalizeActivationCode,
  remainingVipDays,
  type MembershipSource,
  type MembershipType,
  type VipData,
} from '@nimbus/contracts';
import type { Config } from '../../config';
import { AppError } from '../../http/app-error';
import { newId, safeEqual } from '../../lib/secrets';
import { activationCodeHash, newActivationCode } from './activation-code';
import type { WindowLimit, WindowLimiter } from '../../lib/window-limiter';
import type { ActivePack, MembershipRepository, RedemptionQueries } from './membership.repository';

/** The limits of a plan: the free defaults, or the premium ones while a membership is active. */
export interface PlanLimits {
  storageBytes: number;
  /** Offline (URL) download tasks (`quotas.cloud_download.limit`). */
  cloudDownloads: number;
  /** Download traffic in bytes (`quotas.download_traffic.limit`). */
  downloadTrafficBytes: number;
  /** Offline downloads running at once; the member's others wait in the queue. */
  offlineRunning: number;
  /** Bytes offline downloads may fetch per UTC month. */
  offlineTrafficBytes: number;
}

/** A member's plan now: the plan's limits plus the storage and traffic packs held. */
export interface MemberPlan extends PlanLimits {
  premium: boolean;
  /** End of the active membership; undefined on the free plan. */
  expiresAt: string | undefined;
  /** The packs in force, already added to the limits. */
  packs: ActivePack[];
}

/** The days a grant added and when they begin and end; a pack's size in `bytes`. */
export interface Grant {
  type: MembershipType | PackKind;
  days: number;
  bytes?: number;
  startsAt: string;
  expiresAt: string;
}

/** Who redeems a code, and from where (for the guessing limits). */
export interface Redeemer {
  userId: string;
  address: string;
}

export interface MembershipServiceDeps {
  memberships: MembershipRepository;
  limiter: WindowLimiter;
  /** The plans' limits in force (configuration, then the console's setting), asked per plan. */
  plans: () => Promise<{ free: PlanLimits; premium: PlanLimits }>;
  /** Redemption attempts one member, and one client address, may make per window. */
  redeemLimit: WindowLimit;
  now: () => Date;
}

/** The free and premium defaults of configuration. */
export function planDefaultsOf(
  config: Pick<
    Config,
    | 'PLAN_FREE_STORAGE_BYTES'
    | 'PLAN_FREE_CLOUD_DOWNLOADS'
    | 'PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES'
    | 'PLAN_PREMIUM_STORAGE_BYTES'
    | 'PLAN_PREMIUM_CLOUD_DOWNLOADS'
    | 'PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES'
    | 'PLAN_FREE_OFFLINE_RUNNING'
    | 'PLAN_PREMIUM_OFFLINE_RUNNING'
    | 'PLAN_FREE_OFFLINE_TRAFFIC_BYTES'
    | 'PLAN_PREMIUM_OFFLINE_TRAFFIC_BYTES'
  >,
): { free: PlanLimits; premium: PlanLimits } {
  return {
    free: {
      storageBytes: config.PLAN_FREE_STORAGE_BYTES,
      cloudDownloads: config.PLAN_FREE_CLOUD_DOWNLOADS,
      downloadTrafficBytes: config.PLAN_FREE_DOWNLOAD_TRAFFIC_BYTES,
      offlineRunning: config.PLAN_FREE_OFFLINE_RUNNING,
      offlineTrafficBytes: config.PLAN_FREE_OFFLINE_TRAFFIC_BYTES,
    },
    premium: {
      storageBytes: config.PLAN_PREMIUM_STORAGE_BYTES,
      cloudDownloads: config.PLAN_PREMIUM_CLOUD_DOWNLOADS,
      downloadTrafficBytes: config.PLAN_PREMIUM_DOWNLOAD_TRAFFIC_BYTES,
      offlineRunning: config.PLAN_PREMIUM_OFFLINE_RUNNING,
      offlineTrafficBytes: config.PLAN_PREMIUM_OFFLINE_TRAFFIC_BYTES,
    },
  };
}

const dayMs = 24 * 60 * 60 * 1000;
/** Longest canonical code accepted; anything longer cannot be a code and is not hashed. */
const maxCodeLength = 64;

/**
 * Adds days to the later of now and the end of what the member already holds. Call it inside a
 * transaction that took the member's lock (`lockMember`), so two grants cannot start together.
 */
export async function queueGrant(
  queries: RedemptionQueries,
  input: {
    userId: string;
    type: MembershipType;
    days: number;
    source: MembershipSource;
    codeId: string | null;
    /** The grant's id when the caller keeps it (a payment, to take its days back later). */
    id?: string;
    /** Its length in milliseconds when not whole days (time a won dispute gives back). */
    duration?: number;
  },
  now: Date,
): Promise<Grant> {
  const latest = await queries.latestExpiry(input.userId, input.type);
  const start = latest !== undefined && Date.parse(latest) > now.getTime() ? new Date(latest) : now;
  const end = new Date(start.getTime() + (input.duration ?? input.days * dayMs));
  await queries.insertMembership({
    id: input.id ?? newId(),
    user_id: input.userId,
    type: input.type,
    source: input.source,
    days: input.days,
    starts_at: start.toISOString(),
    expires_at: end.toISOString(),
    activation_code_id: input.codeId,
    created_at: now.toISOString(),
  });
  return {
    type: input.type,
    days: input.days,
    startsAt: start.toISOString(),
    expiresAt: end.toISOString(),
  };
}

function isMembershipType(value: string): value is MembershipType {
  return (membershipTypes as readonly string[]).includes(value);
}

function isPackKind(value: string): value is PackKind {
  return (packKinds as readonly string[]).includes(value);
}

/** The plan's limits with the packs held added: storage packs to storage, traffic to both traffics. */
export function withPacks(limits: PlanLimits, packs: readonly ActivePack[]): PlanLimits {
  let storage = 0;
  let traffic = 0;
  for (const pack of packs) {
    if (pack.kind === 'storage') {
      storage += pack.bytes;
    } else if (pack.kind === 'traffic') {
      traffic += pack.bytes;
    }
  }
  return {
    ...limits,
    storageBytes: limits.storageBytes + storage,
    downloadTrafficBytes: limits.downloadTrafficBytes + traffic,
    offlineTrafficBytes: limits.offlineTrafficBytes + traffic,
  };
}

/**
 * Memberships (docs/api.md#account-and-membership): the VIP state, activation codes, operators' grants, and the plan that
 * sets a member's quotas. Grants of one type queue up: new days begin where the held ones end.
 */
export function createMembershipService(deps: MembershipServiceDeps) {
  const { memberships, now } = deps;

  async function limitHit(key: string): Promise<void> {
    const decision = await deps.limiter.hit(key, deps.redeemLimit);
    if (!decision.allowed) {
      throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
    }
  }

  async function vipOf(userId: string): Promise<VipData> {
    const at = now();
    const expiries = await memberships.latestExpiries(userId);
    const items = expiries.map((entry) => ({
      type: entry.type,
      expire: entry.expiresAt,
      surplus_day: remainingVipDays(entry.expiresAt, at),
    }));
    const active = items.filter((item) => Date.parse(item.expire) > at.getTime());
    // The plan shown is the active one that lasts longest (one type today: platinum).
    const current = [...active].sort((a, b) => b.expire.localeCompare(a.expire))[0];
    const lastEnded = [...items].sort((a, b) => b.expire.localeCompare(a.expire))[0];
    return {
      expire: current?.expire ?? lastEnded?.expire ?? '',
      status: current ? 'ok' : 'invalid',
      type: current?.type ?? noVipType,
      user_id: userId,
      vipItem: items,
    };
  }

  return {
    /** `GET /drive/v1/privilege/vip`. */
    vipOf,

    /** The member's plan now: premium while a membership is active, else free. */
    async planOf(userId: string): Promise<MemberPlan> {
      const stamp = now();
      const at = stamp.getTime();
      const [expiries, packs, plans] = await Promise.all([
        memberships.latestExpiries(userId),
        memberships.activePacks(userId, stamp),
        deps.plans(),
      ]);
      const ends = expiries.map((entry) => entry.expiresAt).filter((end) => Date.parse(end) > at);
      const expiresAt = ends.sort().at(-1);
      if (expiresAt === undefined) {
        return {
          ...withPacks(plans.free, packs),
          premium: false,
          expiresAt: undefined,
          packs,
        };
      }
      return { ...withPacks(plans.premium, packs), premium: true, expiresAt, packs };
    },

    /**
     * Redeems an activation code. Unknown, malformed and other members' codes answer alike
     * (`activation_code_invalid`); the stored hash is compared in constant time; attempts are
     * limited per member and per address, right or wrong, so codes cannot be guessed.
     */
    async redeem(redeemer: Redeemer, input: string): Promise<{ granted: Grant; vip: VipData }> {
      await limitHit(`activation:user:${redeemer.userId}`);
      await limitHit(`activation:address:${redeemer.address}`);
      const code = normalizeActivationCode(input);
      if (code === '' || code.length > maxCodeLength || !/^[0-9A-Z]+$/.test(code)) {
        throw new AppError('activation_code_invalid');
      }
      const codeHash = activationCodeHash(code);
      const stamp = now();
      const granted = await memberships.inTransaction(async (queries) => {
        const found = await queries.findCode(codeHash);
        if (!found || !safeEqual(found.code_hash, codeHash)) {
          throw new AppError('activation_code_invalid');
        }
        if (found.user_id !== null && found.user_id !== redeemer.userId) {
          throw new AppError('activation_code_invalid');
        }
        if (found.revoked_at !== null) {
          throw new AppError('activation_code_revoked');
        }
        if (found.expires_at !== null && Date.parse(found.expires_at) <= stamp.getTime()) {
          throw new AppError('activation_code_expired');
        }
        const type = found.type;
        if (!isMembershipType(type) && !isPackKind(type)) {
          throw new AppError('activation_code_invalid');
        }
        if (!(await queries.lockMember(redeemer.userId, stamp))) {
          throw new AppError('unauthenticated');
        }
        if (await queries.hasRedeemed(found.id, redeemer.userId)) {
          throw new AppError('activation_code_used');
        }
        if (!(await queries.takeUse(found.id))) {
          throw new AppError('activation_code_used');
        }
        await queries.recordRedemption(found.id, redeemer.userId, stamp);
        if (isPackKind(type)) {
          // A pack starts now and runs beside the others: packs held together add up.
          const bytes = Number(found.bytes);
          const expiresAt = new Date(stamp.getTime() + found.days * dayMs).toISOString();
          await queries.insertPack({
            id: newId(),
            user_id: redeemer.userId,
            kind: type,
            bytes,
            days: found.days,
            starts_at: stamp.toISOString(),
            expires_at: expiresAt,
            activation_code_id: found.id,
            created_at: stamp.toISOString(),
          });
          return { type, days: found.days, bytes, startsAt: stamp.toISOString(), expiresAt };
        }
        return queueGrant(
          queries,
          {
            userId: redeemer.userId,
            type,
            days: found.days,
            source: 'activation_code',
            codeId: found.id,
          },
          stamp,
        );
      });
      return { granted, vip: await vipOf(redeemer.userId) };
    },

    /**
     * Mints activation codes (operators' CLI) and answers them in clear: the only time they
     * exist outside the hands of whoever receives them, since only their hashes are stored.
     */
    async mint(input: {
      /** Premium days of a plan, or a `storage` or `traffic` pack of `bytes`. */
      type: MembershipType | PackKind;
      days: number;
      /** Size of a pack; ignored (0) for premium codes. */
      bytes?: number;
      uses: number;
      count: number;
      expiresAt: Date | undefined;
      userId: string | undefined;
      note: string;
      /** The console batch the codes belong to. */
      batchId?: string;
    }): Promise<string[]> {
      if (
        isPackKind(input.type) &&
        !(input.bytes !== undefined && Number.isSafeInteger(input.bytes) && input.bytes > 0)
      ) {
        throw new Error('A pack code needs a size in bytes above 0');
      }
      const stamp = now().toISOString();
      const codes = Array.from({ length: input.count }, () => newActivationCode());
      await memberships.insertCodes(
        codes.map((code) => ({
          id: newId(),
          code_hash: activationCodeHash(code),
          type: input.type,
          days: input.days,
          bytes: isPackKind(input.type) ? (input.bytes ?? 0) : 0,
          uses_left: input.uses,
          max_uses: input.uses,
          expires_at: input.expiresAt?.toISOString() ?? null,
          user_id: input.userId ?? null,
          note: input.note,
          created_at: stamp,
          batch_id: input.batchId ?? null,
        })),
      );
      return codes;
    },

    /** The id of a member by e-mail address, for operators. */
    async memberIdByEmail(email: string): Promise<string | undefined> {
      return memberships.findUserIdByEmail(email.trim().toLowerCase());
    },

    /** Grants days straight to a member (operators, compensation, invitations). */
    async grant(input: {
      userId: string;
      type: MembershipType;
      days: number;
      source: MembershipSource;
    }): Promise<Grant> {
      const stamp = now();
      return memberships.inTransaction(async (queries) => {
        if (!(await queries.lockMember(input.userId, stamp))) {
          throw new AppError('user_not_exist');
        }
        return queueGrant(queries, { ...input, codeId: null }, stamp);
      });
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
