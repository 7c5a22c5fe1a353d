import { sql, type Kysely } from 'kysely';
import type { Database, UserStatus } from '../../db/schema';

/** A member whose deletion grace period is over. */
export interface DueMember {
  id: string;
  email: string;
  deletion_requested_at: string;
}

/** Where a pass over due members stands: after this request time and id. */
export interface PurgePosition {
  requestedAt: string;
  id: string;
}

/** What the purge of one member took away, for the audit row. */
export interface PurgeCounts {
  files: number;
  shares: number;
  sessions: number;
  tasks: number;
  blob_references: number;
}

/**
 * The states of an account waiting for its purge: `under_review` (the member's request, or an
 * operator's on an active account), or `blocked` and `pending` kept by an operator's request.
 */
const purgedStatuses: UserStatus[] = ['under_review', 'blocked', 'pending'];

/** Subscription states in which the provider still charges the member. */
const renewingStatuses = ['active', 'trialing', 'past_due'];

/**
 * The queries of the account purge (docs/accounts.md#account-deletion): every table of the
 * schema that names a member is either emptied of the member's rows or, where the row must stay
 * (payments for the books, moderation decisions for the content bans they hold, other members'
 * rows that merely point at them), no longer names them. Run inside the service's transactions.
 */
export function createAccountPurgeRepository(db: Kysely<Database>) {
  /** Takes back `counts` references of each blob, never below zero. */
  async function releaseBlobs(counts: Map<string, number>, now: Date): Promise<number> {
    let released = 0;
    for (const [sha256, count] of counts) {
      await db
        .updateTable('blobs')
        .set({
          ref_count: sql<number>`case when ref_count > ${count} then ref_count - ${count} else 0 end`,
          updated_at: now.toISOString(),
        })
        .where('sha256', '=', sha256)
        .execute();
      released += count;
    }
    return released;
  }

  function countOf(map: Map<string, number>, key: string): void {
    map.set(key, (map.get(key) ?? 0) + 1);
  }

  return {
    /** Members past the grace (asked before `cutoff`), oldest request first, after `after`. */
    async listDue(
      cutoff: string,
      after: PurgePosition | undefined,
      limit: number,
    ): Promise<DueMember[]> {
      let query = db
        .selectFrom('users')
        .select(['id', 'email', 'deletion_requested_at'])
        .where('status', 'in', purgedStatuses)
        .where('deletion_requested_at', 'is not', null)
        .where('deletion_requested_at', '<=', cutoff);
      if (after) {
        query = query.where((eb) =>
          eb.or([
            eb('deletion_requested_at', '>', after.requestedAt),
            eb.and([eb('deletion_requested_at', '=', after.requestedAt), eb('id', '>', after.id)]),
          ]),
        );
      }
      const rows = await query
        .orderBy('deletion_requested_at')
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        ...row,
        deletion_requested_at: row.deletion_requested_at ?? '',
      }));
    },

    /**
     * The member, locked for this transaction, while still past the grace; undefined when the
     * request was withdrawn (or the member is gone) meanwhile.
     */
    async lockDue(userId: string, cutoff: string): Promise<DueMember | undefined> {
      const row = await db
        .updateTable('users')
        .set({ updated_at: sql<string>`updated_at` })
        .where('id', '=', userId)
        .where('status', 'in', purgedStatuses)
        .where('deletion_requested_at', '<=', cutoff)
        .returning(['id', 'email', 'deletion_requested_at'])
        .executeTakeFirst();
      return row && { ...row, deletion_requested_at: row.deletion_requested_at ?? '' };
    },

    /** Whether a subscription of the member still renews at the payment provider. */
    async hasRenewingSubscription(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('payment_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('status', 'in', renewingStatuses)
        .where('cancel_at_period_end', '=', 0)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Deletes up to `limit` of the member's files and folders with what hangs on them (WebDAV
     * properties by their key, moderation states), releases the blob references they held and
     * moves the storage counters by what went; answers how many rows went.
     */
    async deleteFiles(
      userId: string,
      limit: number,
      now: Date,
    ): Promise<{ files: number; references: number }> {
      const rows = await db
        .selectFrom('files')
        .select(['id', 'sha256', 'kind', 'phase', 'size', 'trashed'])
        .where('user_id', '=', userId)
        .limit(limit)
        .execute();
      if (rows.length === 0) {
        return { files: 0, references: 0 };
      }
      const ids = rows.map((row) => row.id);
      const held = new Map<string, number>();
      let live = 0;
      let trash = 0;
      for (const row of rows) {
        if (row.sha256 !== null) {
          countOf(held, row.sha256);
        }
        if (row.kind === 'file' && row.phase === 'PHASE_TYPE_COMPLETE') {
          if (row.trashed === 0) {
            live += Number(row.size);
          } else {
            trash += Number(row.size);
          }
        }
      }
      await db.deleteFrom('file_moderation').where('file_id', 'in', ids).execute();
      await db.deleteFrom('dav_properties').where('file_id', 'in', ids).execute();
      await db.deleteFrom('files').where('user_id', '=', userId).where('id', 'in', ids).execute();
      await db
        .updateTable('member_usage')
        .set({
          live_bytes: sql<number>`live_bytes - ${live}`,
          trash_bytes: sql<number>`trash_bytes - ${trash}`,
          updated_at: now.toISOString(),
        })
        .where('user_id', '=', userId)
        .execute();
      return { files: rows.length, references: await releaseBlobs(held, now) };
    },

    /**
     * Everything else that names the member, the account row last. Payments stay for the books
     * and moderation decisions for their content bans, without the member; feedback, whose words
     * and screenshots may name them, goes with its attachments.
     */
    async removeMember(
      member: DueMember,
      now: Date,
    ): Promise<Omit<PurgeCounts, 'files'> & { blob_references: number }> {
      const id = member.id;
      const email = member.email;
      const held = new Map<string, number>();

      const user = await db
        .selectFrom('users')
        .select('picture_sha256')
        .where('id', '=', id)
        .executeTakeFirst();
      if (user?.picture_sha256) {
        countOf(held, user.picture_sha256);
      }
      const feedbackIds = (
        await db
          .selectFrom('feedback')
          .select('id')
          .where((eb) => eb.or([eb('user_id', '=', id), eb('contact_email', '=', email)]))
          .execute()
      ).map((row) => row.id);
      if (feedbackIds.length > 0) {
        const attachments = await db
          .selectFrom('feedback_attachments')
          .select('sha256')
          .where('feedback_id', 'in', feedbackIds)
          .execute();
        attachments.forEach((row) => countOf(held, row.sha256));
        await db
          .deleteFrom('feedback_attachments')
          .where('feedback_id', 'in', feedbackIds)
          .execute();
        await db.deleteFrom('feedback').where('id', 'in', feedbackIds).execute();
      }

      // Data exports: each manifest entry holds a reference to its blob. The rows are claimed
      // first (the delete locks each), and the entries read after it: an export ending or
      // becoming ready at the same time either finished before (its entries are what is read
      // here) or finds its row gone, so no reference is given back twice or left behind.
      const exportIds = (
        await db.deleteFrom('data_exports').where('user_id', '=', id).returning('id').execute()
      ).map((row) => row.id);
      if (exportIds.length > 0) {
        const entries = await db
          .selectFrom('data_export_entries')
          .select('sha256')
          .where('export_id', 'in', exportIds)
          .where('sha256', 'is not', null)
          .execute();
        entries.forEach((row) => row.sha256 !== null && countOf(held, row.sha256));
        await db.deleteFrom('data_export_entries').where('export_id', 'in', exportIds).execute();
      }

      const shareIds = (
        await db.selectFrom('shares').select('id').where('user_id', '=', id).execute()
      ).map((row) => row.id);
      const subjects = [email, id, ...shareIds.map((shareId) => `share:${shareId}`)];
      for (let start = 0; start < subjects.length; start += 500) {
        const slice = subjects.slice(start, start + 500);
        await db.deleteFrom('auth_failures').where('subject', 'in', slice).execute();
      }
      await db.deleteFrom('shield_challenges').where('subject', 'in', [email, id]).execute();
      await db.deleteFrom('captcha_tokens').where('subject', 'in', [email, id]).execute();
      // Codes mailed to the address, and those of a change of address to another one.
      await db
        .deleteFrom('verifications')
        .where((eb) => eb.or([eb('email', '=', email), eb('user_id', '=', id)]))
        .execute();
      await db.deleteFrom('mail_unsubscribes').where('email', '=', email).execute();

      await db.deleteFrom('share_reports').where('share_user_id', '=', id).execute();
      await db
        .updateTable('share_reports')
        .set({ reporter_id: null })
        .where('reporter_id', '=', id)
        .execute();
      const shares = await db.deleteFrom('shares').where('user_id', '=', id).executeTakeFirst();
      await db
        .updateTable('share_decisions')
        .set({ sharer_id: '' })
        .where('sharer_id', '=', id)
        .execute();
      await db
        .updateTable('share_decisions')
        .set({ moderator_id: '' })
        .where('moderator_id', '=', id)
        .execute();
      await db
        .updateTable('share_decisions')
        .set({ undone_by: '' })
        .where('undone_by', '=', id)
        .execute();
      await db
        .updateTable('file_moderation')
        .set({ updated_by: '' })
        .where('updated_by', '=', id)
        .execute();
      await db
        .updateTable('setting_history')
        .set({ actor_id: '' })
        .where('actor_id', '=', id)
        .execute();
      await db
        .updateTable('activation_batches')
        .set({ created_by: '' })
        .where('created_by', '=', id)
        .execute();

      await db.deleteFrom('share_restores').where('user_id', '=', id).execute();
      const tasks = await db.deleteFrom('tasks').where('user_id', '=', id).executeTakeFirst();
      for (const table of [
        'task_daily_counts',
        'offline_traffic',
        'download_traffic',
        'events',
        'uploads',
        'member_usage',
        'media_picked_subtitles',
        'media_preferences',
        'two_factor_recovery_codes',
        'two_factors',
        'app_passwords',
        'oauth_codes',
        'device_grants',
        'memberships',
        'member_packs',
        'activation_redemptions',
        'invite_codes',
        'activity_grants',
        'membership_reminders',
        'member_roles',
        'payment_customers',
        'payment_subscriptions',
        'dav_locks',
      ] as const) {
        await db.deleteFrom(table).where('user_id', '=', id).execute();
      }
      await db
        .updateTable('activity_grants')
        .set({ inviter_id: null })
        .where('inviter_id', '=', id)
        .execute();
      // Codes issued to the member alone cannot serve anyone else.
      await db.deleteFrom('activation_codes').where('user_id', '=', id).execute();
      await db.updateTable('payments').set({ user_id: null }).where('user_id', '=', id).execute();
      await db
        .updateTable('payment_events')
        .set({ user_id: null })
        .where('user_id', '=', id)
        .execute();
      await db
        .updateTable('analytics_events')
        .set({ user_id: null })
        .where('user_id', '=', id)
        .execute();
      const sessions = await db.deleteFrom('sessions').where('user_id', '=', id).executeTakeFirst();
      await db.deleteFrom('users').where('id', '=', id).execute();

      return {
        shares: Number(shares.numDeletedRows),
        sessions: Number(sessions.numDeletedRows),
        tasks: Number(tasks.numDeletedRows),
        blob_references: await releaseBlobs(held, now),
      };
    },
  };
}

export type AccountPurgeRepository = ReturnType<typeof createAccountPurgeRepository>;
