import { randomInt } from 'node:crypto';
import {
  activityScenes,
  activityTaskTypes,
  type ActivityScene,
  type ActivityTask,
  type ActivityTaskType,
  type CompensationOffer,
  type MembershipType,
  type VipData,
} from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { hashToken } from '../../lib/secrets';
import { maskedName } from '../share/share.policy';
import type {
  ActivityQueries,
  MembershipActivityRepository,
  TaskFacts,
} from './membership-activity.repository';
import { queueGrant, type Grant } from './membership.service';
import { readUnsubscribe, signUnsubscribe, unsubscribeScenePattern } from './unsubscribe-link';

/** The limits and rewards of the activities (from configuration). */
export interface ActivitySettings {
  /** Days a new member receives on the free-trial call without an invitation. */
  trialDays: number;
  /** Days an invitation grants each of the two members. */
  inviteDays: number;
  /** Days after sign-up during which the trial or an invitation's days may be received. */
  claimWindowDays: number;
  /** Invitations that earn the inviter days per 30 days. */
  maxInvitesPerMonth: number;
  /** Trial or invitation grants per client address per 24 hours. */
  maxGrantsPerAddressPerDay: number;
  /** Days a membership task's reward grants (at least 1). */
  taskRewardDays: number;
}

export interface MembershipActivityServiceDeps {
  activities: MembershipActivityRepository;
  /** The VIP state after a grant (the membership service's). */
  vipOf: (userId: string) => Promise<VipData>;
  /** The compensation of a type in force (site config `activity_operation`), if any. */
  compensationOf: (type: string) => Promise<CompensationOffer | undefined>;
  settings: ActivitySettings;
  /** The site's origin, for the referral link. */
  publicUrl: string;
  /** HMAC key of unsubscribe addresses. */
  unsubscribeKey: Uint8Array;
  now: () => Date;
}

/** The premium plan activities grant. */
const activityPlan: MembershipType = 'platinum';
const dayMs = 24 * 60 * 60 * 1000;
/** Invite codes: 8 letters and digits without look-alikes (about 40 bits). */
const inviteAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const inviteCodeLength = 8;
const inviteCodePattern = /^[2-9A-HJ-NP-Z]{8}$/;

/** The tasks of each scene (the beginner dialog and the invite dialog). */
const sceneTasks: Record<ActivityScene, readonly ActivityTaskType[]> = {
  beginner: ['upload_file', 'share_file', 'offline_download', 'invite_friend'],
  invite: ['invite_friend'],
};

function newInviteCode(): string {
  return Array.from(
    { length: inviteCodeLength },
    () => inviteAlphabet[randomInt(inviteAlphabet.length)],
  ).join('');
}

/**
 * The invite code a free-trial call carries: `invite_code` of the body, or the `invite_code`
 * query parameter of `rr` (the page the member signed up on, host plus path and query).
 */
export function inviteCodeOf(body: {
  invite_code?: string | undefined;
  rr: string;
}): string | undefined {
  const candidates = [body.invite_code];
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(body.rr) ? body.rr : `https://${body.rr}`);
    candidates.push(url.searchParams.get('invite_code') ?? undefined);
  } catch {
    // rr is not an address: no code in it
  }
  return candidates
    .map((code) => code?.trim().toUpperCase())
    .find((code): code is string => code !== undefined && inviteCodePattern.test(code));
}

/** Who makes an activity call, and from where (for the per-address limit). */
export interface Claimant {
  userId: string;
  address: string;
}

/**
 * Membership activities (docs/api.md#account-and-membership): the free trial and invitations, membership tasks and their
 * rewards, the referral page, admins' compensations and unsubscribe links. Every grant goes
 * through one transaction that records it in `activity_grants` (one row per member and
 * activity, so each is given once) and queues the days like any other membership grant.
 */
export function createMembershipActivityService(deps: MembershipActivityServiceDeps) {
  const { activities, settings, now } = deps;

  /** Days `grant` added, queued after the member's held days, with the member's lock taken. */
  async function grantDays(
    queries: ActivityQueries,
    userId: string,
    days: number,
    source: 'invite' | 'trial' | 'reward' | 'compensation',
    at: Date,
  ): Promise<Grant | undefined> {
    if (days <= 0) {
      return undefined;
    }
    return queueGrant(queries, { userId, type: activityPlan, days, source, codeId: null }, at);
  }

  async function tasksOf(userId: string, scene: ActivityScene): Promise<ActivityTask[]> {
    const [facts, rewarded] = await Promise.all([
      activities.taskFacts(userId),
      activities.grantedActivities(userId, 'task:'),
    ]);
    return sceneTasks[scene].map((type) => taskOf(type, facts, rewarded));
  }

  function taskOf(type: ActivityTaskType, facts: TaskFacts, rewarded: string[]): ActivityTask {
    const progress = Math.min(facts[type], 1);
    const status = rewarded.includes(`task:${type}`) ? 'REWARDED' : progress >= 1 ? 'DONE' : 'TODO';
    return {
      type,
      status,
      reward_days: settings.taskRewardDays,
      progress: String(progress),
      target: '1',
    };
  }

  async function ensureInviteCode(userId: string): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const existing = await activities.inviteCodeOf(userId);
      if (existing !== undefined) {
        return existing;
      }
      await activities.insertInviteCode({
        user_id: userId,
        code: newInviteCode(),
        created_at: now().toISOString(),
      });
    }
    throw new AppError('aborted', { description: 'No free invite code was found' });
  }

  return {
    /**
     * `POST /vip/v1/activity/invite`: the free-trial call a new member's app makes once. With
     * another member's invite code (in the body or in `rr`) both members receive
     * `inviteDays`; without one the member receives `trialDays`. Given once per member (a
     * later call answers the first answer again, marked `repeated`), only within `claimWindowDays` of sign-up,
     * at most `maxGrantsPerAddressPerDay` per client address; an inviter past
     * `maxInvitesPerMonth` earns nothing more and the new member receives the trial instead.
     */
    async claimInvite(
      claimant: Claimant,
      inviteCode: string | undefined,
    ): Promise<{ freeDays: number; invited: boolean; repeated: boolean }> {
      const at = now();
      const addressHash = hashToken(`address:${claimant.address}`);
      return activities.inTransaction(async (queries) => {
        const inviterId =
          inviteCode === undefined ? undefined : await queries.inviterOfCode(inviteCode);
        const inviter =
          inviterId !== undefined && inviterId !== claimant.userId ? inviterId : undefined;
        // Both members' rows are locked in one order, so two such calls cannot deadlock.
        for (const id of [claimant.userId, inviter].filter((id) => id !== undefined).sort()) {
          if (!(await queries.lockMember(id, at))) {
            throw new AppError('unauthenticated');
          }
        }
        const earlier = await queries.findGrant(claimant.userId, 'invite');
        if (earlier) {
          return {
            freeDays: earlier.days,
            invited: earlier.inviter_id !== null && earlier.days > 0,
            repeated: true,
          };
        }
        const since = await queries.memberSince(claimant.userId);
        const isNew =
          since !== undefined &&
          at.getTime() - Date.parse(since) <= settings.claimWindowDays * dayMs;
        const dayAgo = new Date(at.getTime() - dayMs).toISOString();
        const isAddressOk =
          (await queries.grantsFromAddressSince(addressHash, dayAgo)) <
          settings.maxGrantsPerAddressPerDay;
        const monthAgo = new Date(at.getTime() - 30 * dayMs).toISOString();
        const isInviterOk =
          inviter !== undefined &&
          settings.inviteDays > 0 &&
          (await queries.rewardedInvitesSince(inviter, monthAgo)) < settings.maxInvitesPerMonth;
        const isInvited = isNew && isAddressOk && isInviterOk;
        const days =
          !isNew || !isAddressOk ? 0 : isInvited ? settings.inviteDays : settings.trialDays;
        await queries.insertGrant({
          user_id: claimant.userId,
          activity: 'invite',
          days,
          inviter_id: isInvited ? (inviter ?? null) : null,
          inviter_days: isInvited ? settings.inviteDays : 0,
          address_hash: addressHash,
          created_at: at.toISOString(),
        });
        await grantDays(queries, claimant.userId, days, isInvited ? 'invite' : 'trial', at);
        if (isInvited && inviter !== undefined) {
          await grantDays(queries, inviter, settings.inviteDays, 'invite', at);
        }
        return { freeDays: days, invited: isInvited, repeated: false };
      });
    },

    /** `GET /vip/v1/task/status?scene=`: the scene's tasks, done or not, rewarded or not. */
    async taskStatus(
      userId: string,
      scene: string,
    ): Promise<{ scene: ActivityScene; tasks: ActivityTask[] }> {
      if (!(activityScenes as readonly string[]).includes(scene)) {
        throw new AppError('invalid_argument', {
          description: `scene must be one of ${activityScenes.join(', ')}`,
        });
      }
      const known = scene as ActivityScene;
      return { scene: known, tasks: await tasksOf(userId, known) };
    },

    /**
     * `POST /vip/v1/activity/rewardVip`: a done task's reward, once (`activity_task_not_done`
     * before, `activity_reward_claimed` after).
     */
    async reward(userId: string, type: string): Promise<{ granted: Grant; vip: VipData }> {
      if (!(activityTaskTypes as readonly string[]).includes(type)) {
        throw new AppError('invalid_argument', {
          description: `type must be one of ${activityTaskTypes.join(', ')}`,
        });
      }
      const task = type as ActivityTaskType;
      const facts = await activities.taskFacts(userId);
      if (facts[task] < 1) {
        throw new AppError('activity_task_not_done');
      }
      const at = now();
      const granted = await activities.inTransaction(async (queries) => {
        if (!(await queries.lockMember(userId, at))) {
          throw new AppError('unauthenticated');
        }
        if (await queries.findGrant(userId, `task:${task}`)) {
          throw new AppError('activity_reward_claimed');
        }
        await queries.insertGrant({
          user_id: userId,
          activity: `task:${task}`,
          days: settings.taskRewardDays,
          inviter_id: null,
          inviter_days: 0,
          address_hash: '',
          created_at: at.toISOString(),
        });
        return queueGrant(
          queries,
          {
            userId,
            type: activityPlan,
            days: settings.taskRewardDays,
            source: 'reward',
            codeId: null,
          },
          at,
        );
      });
      return { granted, vip: await deps.vipOf(userId) };
    },

    /** `GET /vip/v1/activity/inviteCode`: the member's invite code, made on the first ask. */
    inviteCode(userId: string): Promise<string> {
      return ensureInviteCode(userId);
    },

    /** `GET /vip/v1/activity/inviteExtActivityPage?limit=`: the referral page of the member. */
    async invitePage(userId: string, limit: number) {
      const code = await ensureInviteCode(userId);
      const monthAgo = new Date(now().getTime() - 30 * dayMs).toISOString();
      const [totals, recent, invitees] = await Promise.all([
        activities.inviteTotals(userId),
        activities.rewardedInvitesSince(userId, monthAgo),
        activities.invitees(userId, limit),
      ]);
      const url = new URL('/referral', deps.publicUrl);
      url.searchParams.set('invite_code', code);
      return {
        invite_code: code,
        invite_url: url.toString(),
        free_days: settings.inviteDays,
        invited_count: String(totals.count),
        earned_days: totals.days,
        monthly_limit: String(settings.maxInvitesPerMonth),
        monthly_remaining: String(Math.max(0, settings.maxInvitesPerMonth - recent)),
        invitees: invitees.map((invitee) => ({
          name: maskedName(invitee.name),
          joined_at: invitee.joinedAt,
          free_days: invitee.days,
        })),
      };
    },

    /**
     * `POST /vip/v1/activity/compensate`: an admin grants `days` of compensation `type` to each
     * member, once per member and type; members who had it already, and unknown ids, are skipped.
     * Each member's grant is a transaction of its own.
     */
    async compensate(adminId: string, input: { type: string; days: number; userIds: string[] }) {
      if (!(await activities.isAdmin(adminId))) {
        throw new AppError('permission_denied', { description: 'Only admins grant compensations' });
      }
      const granted: string[] = [];
      const skipped: string[] = [];
      for (const userId of input.userIds) {
        const at = now();
        const isGranted = await activities.inTransaction(async (queries) => {
          if (!(await queries.lockMember(userId, at))) {
            return false;
          }
          const activity = `compensation:${input.type}`;
          if (await queries.findGrant(userId, activity)) {
            return false;
          }
          await queries.insertGrant({
            user_id: userId,
            activity,
            days: input.days,
            inviter_id: null,
            inviter_days: 0,
            address_hash: '',
            created_at: at.toISOString(),
          });
          await grantDays(queries, userId, input.days, 'compensation', at);
          return true;
        });
        (isGranted ? granted : skipped).push(userId);
      }
      return { granted, skipped };
    },

    /**
     * `POST /vip/v1/activity/compensate` with `{type}` alone: the member claims the compensation
     * `type` for themselves. `compensation_not_found` when no configuration defines it,
     * `activity_ended` after its `ends_at`, `compensation_not_eligible` for members who signed up
     * from `joined_before` on, `activity_reward_claimed` when they have it already (claimed, or
     * granted by an admin).
     */
    async claimCompensation(
      userId: string,
      type: string,
    ): Promise<{ granted: Grant; vip: VipData }> {
      const offer = await deps.compensationOf(type);
      if (offer === undefined) {
        throw new AppError('compensation_not_found');
      }
      const at = now();
      if (at.getTime() >= Date.parse(offer.ends_at)) {
        throw new AppError('activity_ended');
      }
      const activity = `compensation:${type}`;
      const granted = await activities.inTransaction(async (queries) => {
        if (!(await queries.lockMember(userId, at))) {
          throw new AppError('unauthenticated');
        }
        if (await queries.findGrant(userId, activity)) {
          throw new AppError('activity_reward_claimed');
        }
        const since = await queries.memberSince(userId);
        if (since === undefined || Date.parse(since) >= Date.parse(offer.joined_before)) {
          throw new AppError('compensation_not_eligible');
        }
        await queries.insertGrant({
          user_id: userId,
          activity,
          days: offer.days,
          inviter_id: null,
          inviter_days: 0,
          address_hash: '',
          created_at: at.toISOString(),
        });
        return queueGrant(
          queries,
          { userId, type: activityPlan, days: offer.days, source: 'compensation', codeId: null },
          at,
        );
      });
      return { granted, vip: await deps.vipOf(userId) };
    },

    /** The `d` of an unsubscribe link for mail of `scene` to `email` (for mail senders). */
    unsubscribeToken(email: string, scene: string): string {
      if (!unsubscribeScenePattern.test(scene)) {
        throw new Error(`not a mail scene: ${scene}`);
      }
      return signUnsubscribe(deps.unsubscribeKey, { email: email.trim().toLowerCase(), scene });
    },

    /**
     * `GET /mail/v1/unsubscribe?d=` and its one-click `POST` (RFC 8058): records the address's
     * wish; doing it again changes nothing.
     */
    async unsubscribe(d: string): Promise<{ email: string; scene: string }> {
      const claims = readUnsubscribe(deps.unsubscribeKey, d);
      if (claims === undefined) {
        throw new AppError('unsubscribe_link_invalid');
      }
      await activities.unsubscribe(claims.email, claims.scene, now().toISOString());
      return claims;
    },

    /** `GET /mail/v1/subscription?d=`: the address and scene of a link and whether that mail goes out. */
    async subscription(d: string): Promise<{ email: string; scene: string; subscribed: boolean }> {
      const claims = readUnsubscribe(deps.unsubscribeKey, d);
      if (claims === undefined) {
        throw new AppError('unsubscribe_link_invalid');
      }
      return {
        ...claims,
        subscribed: !(await activities.isUnsubscribed(claims.email, claims.scene)),
      };
    },

    /**
     * `POST /mail/v1/subscribe {d}`: the address of an unsubscribe link takes that mail again
     * (the same signed `d`, so only the recipient of the link can); doing it again changes nothing.
     */
    async subscribe(d: string): Promise<{ email: string; scene: string }> {
      const claims = readUnsubscribe(deps.unsubscribeKey, d);
      if (claims === undefined) {
        throw new AppError('unsubscribe_link_invalid');
      }
      await activities.resubscribe(claims.email, claims.scene);
      return claims;
    },

    /** Whether mail of `scene` may still go to `email` (mail senders ask before sending). */
    async isUnsubscribed(email: string, scene: string): Promise<boolean> {
      return activities.isUnsubscribed(email.trim().toLowerCase(), scene);
    },
  };
}

export type MembershipActivityService = ReturnType<typeof createMembershipActivityService>;
