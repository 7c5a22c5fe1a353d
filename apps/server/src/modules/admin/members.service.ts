import type { MemberDetail, MemberRow } from '@nimbus/contracts';
import { z } from 'zod';
import type { UserStatus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import { canonicalLocale } from '@nimbus/contracts';
import type { Mailer } from '../user/mail/mailer';
import { composeUserMail } from '../user/mail/user-mail';
import type { SessionRepository } from '../user/session.repository';
import type { ConsoleCaller } from './console-access';
import type { MemberDetailRepository } from './member-detail.repository';
import type { MemberFilter, MemberListRow, MembersRepository } from './members.repository';

export interface MembersServiceDeps {
  members: MembersRepository;
  details: MemberDetailRepository;
  sessions: Pick<SessionRepository, 'revokeAllOfUser'>;
  /** Grants premium days (the membership service's `grant`, named here so no module cycle forms). */
  memberships: {
    grant(input: {
      userId: string;
      type: 'platinum';
      days: number;
      source: 'admin';
    }): Promise<unknown>;
  };
  /** Days between a deletion request and the purge (`ACCOUNT_DELETION_GRACE_DAYS`). */
  graceDays: number;
  mailer: Pick<Mailer, 'send'>;
  /** The site's address, named in the mails (`PUBLIC_URL`). */
  publicUrl: string;
  logger: { error(object: object, message: string): void };
  now: () => Date;
}

/** The audit action of a verification mail resent, which also spaces them out. */
export const resendVerificationAction = 'members.resend_verification';

/** The shortest time between two verification mails an operator sends one member. */
export const resendVerificationIntervalMs = 10 * 60_000;

/** The operator behind an action on a member. */
export type ActingOperator = Pick<ConsoleCaller, 'userId' | 'role'>;

/** What an action changed, for its audit row and its answer. */
export interface MemberChange {
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  answer: { status: UserStatus; premium_until: string; purge_after: string };
}

const dayMs = 86_400_000;
const positionSchema = z.object({ createdAt: z.string().max(32), id: z.string().max(64) });

function toRow(row: MemberListRow): MemberRow {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.status,
    created_at: row.created_at,
    premium_until: row.premium_until ?? '',
    role: row.role ?? '',
  };
}

const text = (value: string | null | undefined) => value ?? '';
const bytes = (value: number | string | undefined) => String(value ?? 0);

/**
 * Members in the operator console (docs/api.md#operator-console): search, the member's page,
 * and the actions (block, sign-out, premium days, two-step reset, deletion), each answering
 * what it changed so the route writes it to the audit log.
 */
export function createMembersService(deps: MembersServiceDeps) {
  async function member(userId: string): Promise<MemberListRow> {
    const found = await deps.members.find(userId);
    if (!found) {
      throw new AppError('user_not_exist');
    }
    return found;
  }

  /**
   * The member an operator acts on: never their own account, and one holding a console role
   * only when the operator is an admin (a moderator cannot block an admin, support cannot turn
   * off an admin's two-step verification).
   */
  async function target(caller: ActingOperator, userId: string): Promise<MemberListRow> {
    if (caller.userId === userId) {
      throw new AppError('failed_precondition', {
        description: 'Operators do not act on their own account here',
      });
    }
    const row = await member(userId);
    if (row.role !== null && caller.role !== 'admin') {
      throw new AppError('permission_denied', {
        description: 'Only an admin acts on a member who holds a console role',
      });
    }
    return row;
  }

  async function answerOf(userId: string): Promise<MemberChange['answer']> {
    const row = await member(userId);
    const purgeAfter =
      row.deletion_requested_at === null
        ? ''
        : new Date(Date.parse(row.deletion_requested_at) + deps.graceDays * dayMs).toISOString();
    return { status: row.status, premium_until: text(row.premium_until), purge_after: purgeAfter };
  }

  async function move(
    caller: ActingOperator,
    userId: string,
    from: readonly UserStatus[],
    to: UserStatus,
    options: { endSessions?: 'blocked' | 'account_deletion'; deletion?: boolean } = {},
  ): Promise<MemberChange> {
    const before = await target(caller, userId);
    const now = deps.now();
    const requestedAt = options.deletion ? now.toISOString() : null;
    if (!(await deps.members.setStatus(userId, from, to, now, requestedAt))) {
      throw new AppError('failed_precondition', {
        description: `The account is ${before.status}`,
      });
    }
    if (options.endSessions) {
      await deps.sessions.revokeAllOfUser(userId, options.endSessions, now);
    }
    return {
      before: { status: before.status },
      after: { status: to, ...(requestedAt ? { deletion_requested_at: requestedAt } : {}) },
      answer: await answerOf(userId),
    };
  }

  return {
    async search(
      filter: MemberFilter,
      limit: number,
      pageToken: string | undefined,
    ): Promise<{ data: MemberRow[]; next_page_token: string }> {
      const position = pageToken ? readPageToken(pageToken, positionSchema) : undefined;
      const rows = await deps.members.search(filter, position, limit + 1, deps.now());
      const page = rows.slice(0, limit);
      const last = page.at(-1);
      return {
        data: page.map(toRow),
        next_page_token:
          rows.length > limit && last
            ? pageTokenOf({ createdAt: last.created_at, id: last.id })
            : '',
      };
    },

    async detail(userId: string): Promise<MemberDetail> {
      const row = await member(userId);
      const now = deps.now();
      const [read, twoFactor] = await Promise.all([
        deps.details.read(userId, now.toISOString().slice(0, 7)),
        deps.members.hasTwoFactor(userId),
      ]);
      return {
        member: {
          ...toRow(row),
          locale: row.locale,
          two_factor: twoFactor,
          deletion_requested_at: text(row.deletion_requested_at),
        },
        usage: {
          live_bytes: bytes(read.usage?.live_bytes),
          trash_bytes: bytes(read.usage?.trash_bytes),
          traffic_bytes_this_month: bytes(read.traffic?.bytes),
        },
        memberships: read.memberships,
        packs: read.packs.map((pack) => ({ ...pack, bytes: bytes(pack.bytes) })),
        codes_redeemed: read.codes,
        sessions: read.sessions.map((session) => ({
          ...session,
          revoked_at: text(session.revoked_at),
        })),
        shares: read.shares,
        offline_tasks: read.tasks,
        feedback: read.feedback,
        audit_trail: read.audit,
      };
    },

    /** Blocks a member; every session ends, so an open one fails on its next call. */
    block(caller: ActingOperator, userId: string): Promise<MemberChange> {
      return move(caller, userId, ['active', 'frozen', 'pending'], 'blocked', {
        endSessions: 'blocked',
      });
    },

    unblock(caller: ActingOperator, userId: string): Promise<MemberChange> {
      return move(caller, userId, ['blocked'], 'active');
    },

    /**
     * Starts the deletion grace period, as the member's own request does: an active or frozen
     * account turns `under_review`, which the member withdraws by signing in. A blocked or
     * unverified account keeps its status, so the deletion cannot be withdrawn into an active
     * account: it is purged after the grace period unless an operator unblocks it first.
     */
    async requestDeletion(caller: ActingOperator, userId: string): Promise<MemberChange> {
      const row = await target(caller, userId);
      const kept = row.status === 'blocked' || row.status === 'pending' ? row.status : undefined;
      return move(caller, userId, kept ? [kept] : ['active', 'frozen'], kept ?? 'under_review', {
        endSessions: 'account_deletion',
        deletion: true,
      });
    },

    async signOut(caller: ActingOperator, userId: string): Promise<MemberChange> {
      await target(caller, userId);
      await deps.sessions.revokeAllOfUser(userId, 'operator', deps.now());
      const answer = await answerOf(userId);
      return { before: {}, after: { sessions: 'ended' }, answer };
    },

    /** Adds premium days, or takes them away from the end (never before now). */
    async premium(caller: ActingOperator, userId: string, days: number): Promise<MemberChange> {
      const before = await target(caller, userId);
      const now = deps.now();
      if (days > 0) {
        await deps.memberships.grant({ userId, type: 'platinum', days, source: 'admin' });
      } else {
        const end = before.premium_until === null ? 0 : Date.parse(before.premium_until);
        if (end <= now.getTime()) {
          throw new AppError('failed_precondition', { description: 'The member is not premium' });
        }
        const shortened = Math.max(now.getTime(), end + days * dayMs);
        await deps.members.shortenMemberships(userId, new Date(shortened).toISOString());
      }
      const answer = await answerOf(userId);
      return {
        before: { premium_until: text(before.premium_until) },
        after: { premium_until: answer.premium_until, days },
        answer,
      };
    },

    /**
     * Mails the member, in their language, the support mail that confirms their address gets
     * Nimbus mail and tells them how to sign in or reset the password; at most one per member
     * per `resendVerificationIntervalMs` (`resource_exhausted` with when to try again).
     */
    async resendVerification(caller: ActingOperator, userId: string): Promise<MemberChange> {
      const row = await target(caller, userId);
      if (row.status === 'blocked' || row.status === 'under_review') {
        throw new AppError('failed_precondition', { description: `The account is ${row.status}` });
      }
      const now = deps.now();
      const last = await deps.members.lastActionAt(userId, resendVerificationAction);
      const waitMs =
        last === undefined ? 0 : Date.parse(last) + resendVerificationIntervalMs - now.getTime();
      if (waitMs > 0) {
        throw new AppError('resource_exhausted', {
          description: 'A verification mail was sent to this member a moment ago',
          retryAfterSeconds: Math.ceil(waitMs / 1000),
        });
      }
      const { subject, text } = composeUserMail(
        'supportVerification',
        canonicalLocale(row.locale) ?? 'en-US',
        { email: row.email, url: deps.publicUrl },
      );
      // Sent beside the call, as the sign-up codes are: the transaction does not wait on SMTP.
      deps.mailer
        .send({ to: row.email, subject, text, note: `supportVerification notice for ${row.email}` })
        .catch((error: unknown) => {
          deps.logger.error({ err: error, userId }, 'sending the verification mail failed');
        });
      return { before: {}, after: { mail: 'verification' }, answer: await answerOf(userId) };
    },

    async resetTwoFactor(caller: ActingOperator, userId: string): Promise<MemberChange> {
      await target(caller, userId);
      if (!(await deps.members.removeTwoFactor(userId))) {
        throw new AppError('failed_precondition', {
          description: 'The member has no two-step verification',
        });
      }
      return {
        before: { two_factor: true },
        after: { two_factor: false },
        answer: await answerOf(userId),
      };
    },
  };
}

export type MembersService = ReturnType<typeof createMembersService>;
