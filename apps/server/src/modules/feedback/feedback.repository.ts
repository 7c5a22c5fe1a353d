import type { Kysely } from 'kysely';
import type { Database, FeedbackAttachmentTable, FeedbackTable } from '../../db/schema';

/** A stored piece of feedback with its attachments, for operators. */
export interface FeedbackRecord extends FeedbackTable {
  /** The member's account address when the account still exists. */
  account_email: string | null;
  attachments: FeedbackAttachmentTable[];
}

/** Members' feedback and its attachments (0026). Only this file queries them. */
export function createFeedbackRepository(db: Kysely<Database>) {
  return {
    /** Feedback from a member since `since`: how many, and the oldest one's time. */
    async countByUser(userId: string, since: string): Promise<{ count: number; oldest?: string }> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('user_id', '=', userId)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ?? undefined };
    },

    /** Feedback from a client address (its hash) since `since`. */
    async countByAddress(
      addressHash: string,
      since: string,
    ): Promise<{ count: number; oldest?: string }> {
      const row = await db
        .selectFrom('feedback')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('count'),
          eb.fn.min('created_at').as('oldest'),
        ])
        .where('address_hash', '=', addressHash)
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ?? undefined };
    },

    /** Stores a piece of feedback and its attachments in one transaction. */
    async insert(feedback: FeedbackTable, attachments: FeedbackAttachmentTable[]): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('feedback').values(feedback).execute();
        if (attachments.length > 0) {
          await trx.insertInto('feedback_attachments').values(attachments).execute();
        }
      });
    },

    /**
     * The newest feedback first, older than the cursor (`created_at`, `id`) when one is given,
     * optionally of one category, with each one's attachments.
     */
    async list(options: {
      limit: number;
      before?: { createdAt: string; id: string };
      category?: string;
    }): Promise<FeedbackRecord[]> {
      let query = db
        .selectFrom('feedback')
        .leftJoin('users', 'users.id', 'feedback.user_id')
        .selectAll('feedback')
        .select('users.email as account_email')
        .orderBy('feedback.created_at', 'desc')
        .orderBy('feedback.id', 'desc')
        .limit(options.limit);
      if (options.category !== undefined) {
        query = query.where('feedback.category', '=', options.category);
      }
      const { before } = options;
      if (before !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('feedback.created_at', '<', before.createdAt),
            eb.and([
              eb('feedback.created_at', '=', before.createdAt),
              eb('feedback.id', '<', before.id),
            ]),
          ]),
        );
      }
      const rows = await query.execute();
      return attach(rows);
    },

    /** One piece of feedback by id, with its attachments. */
    async find(id: string): Promise<FeedbackRecord | undefined> {
      const rows = await db
        .selectFrom('feedback')
        .leftJoin('users', 'users.id', 'feedback.user_id')
        .selectAll('feedback')
        .select('users.email as account_email')
        .where('feedback.id', '=', id)
        .execute();
      return (await attach(rows))[0];
    },
  };

  async function attach(
    rows: (FeedbackTable & { account_email: string | null })[],
  ): Promise<FeedbackRecord[]> {
    if (rows.length === 0) {
      return [];
    }
    const attachments = await db
      .selectFrom('feedback_attachments')
      .selectAll()
      .where(
        'feedback_id',
        'in',
        rows.map((row) => row.id),
      )
      .orderBy('feedback_id')
      .orderBy('position')
      .execute();
    return rows.map((row) => ({
      ...row,
      attachments: attachments.filter((attachment) => attachment.feedback_id === row.id),
    }));
  }
}

export type FeedbackRepository = ReturnType<typeof createFeedbackRepository>;
