import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type {
  Database,
  MemberPackTable,
  PaymentSubscriptionTable,
  PaymentTable,
} from '../../db/schema';
import type { SaleMetadata } from './payment-provider';
import { redemptionQueries, type RedemptionQueries } from '../membership/membership.repository';

/** A payment as the service reads it (`amount` a string on PostgreSQL). */
export type PaymentRecord = Selectable<PaymentTable>;
/** A subscription's last known state. */
export type SubscriptionRecord = Selectable<PaymentSubscriptionTable>;

/** The queries of one notice, inside one transaction, with the membership grant queries. */
export interface NoticeQueries extends RedemptionQueries {
  /** Records a notice's id; false when it was recorded before (a repeat changes nothing). */
  recordEvent(row: {
    provider: string;
    eventId: string;
    type: string;
    userId: string | null;
    outcome: string;
    at: string;
  }): Promise<boolean>;
  paymentByReference(provider: string, reference: string): Promise<PaymentRecord | undefined>;
  /** The payments of an invoice (its payment, and its failure when a renewal failed first). */
  paymentsOfInvoice(provider: string, invoiceId: string): Promise<PaymentRecord[]>;
  insertPayment(row: Insertable<PaymentTable>): Promise<void>;
  updatePayment(id: string, patch: Updateable<PaymentTable>): Promise<void>;
  subscription(id: string): Promise<SubscriptionRecord | undefined>;
  /** A pack a payment bought, by id. */
  packById(id: string): Promise<Selectable<MemberPackTable> | undefined>;
  insertSubscription(row: Insertable<PaymentSubscriptionTable>): Promise<void>;
  updateSubscription(id: string, patch: Updateable<PaymentSubscriptionTable>): Promise<void>;
}

function noticeQueries(db: Kysely<Database>): NoticeQueries {
  return {
    ...redemptionQueries(db),

    async recordEvent(row) {
      const result = await db
        .insertInto('payment_events')
        .values({
          provider: row.provider,
          event_id: row.eventId,
          type: row.type,
          user_id: row.userId,
          outcome: row.outcome,
          received_at: row.at,
        })
        .onConflict((conflict) => conflict.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      return (result.numInsertedOrUpdatedRows ?? 0n) > 0n;
    },

    async paymentByReference(provider, reference) {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('provider', '=', provider)
        .where('reference', '=', reference)
        .executeTakeFirst();
    },

    async paymentsOfInvoice(provider, invoiceId) {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('invoice_id', '=', invoiceId)
        .where('provider', '=', provider)
        .execute();
    },

    async insertPayment(row) {
      await db.insertInto('payments').values(row).execute();
    },

    async updatePayment(id, patch) {
      await db.updateTable('payments').set(patch).where('id', '=', id).execute();
    },

    async subscription(id) {
      return db
        .selectFrom('payment_subscriptions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async packById(id) {
      return db.selectFrom('member_packs').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertSubscription(row) {
      await db.insertInto('payment_subscriptions').values(row).execute();
    },

    async updateSubscription(id, patch) {
      await db.updateTable('payment_subscriptions').set(patch).where('id', '=', id).execute();
    },
  };
}

/** Payments, their notices, subscriptions and members' provider accounts. Only this file queries them. */
export function createPaymentRepository(db: Kysely<Database>) {
  return {
    /** The member's account at the provider, or undefined. */
    async customerOf(userId: string, provider: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('payment_customers')
        .select('customer_id')
        .where('user_id', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return row?.customer_id;
    },

    /** The member a provider account belongs to, or undefined (not one Nimbus created). */
    async memberOfCustomer(provider: string, customerId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('payment_customers')
        .select('user_id')
        .where('provider', '=', provider)
        .where('customer_id', '=', customerId)
        .executeTakeFirst();
      return row?.user_id;
    },

    /** Binds a member to a provider account; keeps the first when two raced. */
    async bindCustomer(row: {
      userId: string;
      provider: string;
      customerId: string;
      at: string;
    }): Promise<void> {
      await db
        .insertInto('payment_customers')
        .values({
          user_id: row.userId,
          provider: row.provider,
          customer_id: row.customerId,
          created_at: row.at,
        })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
    },

    /** The member's e-mail address, for their provider account. */
    async emailOf(userId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('users')
        .select('email')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.email;
    },

    /** Records a notice that changed nothing (not ours, or of a kind Nimbus does not use). */
    async recordSkipped(row: Parameters<NoticeQueries['recordEvent']>[0]): Promise<boolean> {
      return noticeQueries(db).recordEvent(row);
    },

    /** Applies one notice in one transaction. */
    async inTransaction<T>(run: (queries: NoticeQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => run(noticeQueries(trx)));
    },

    /** What a known subscription sells, for a notice that does not carry the sale itself. */
    async saleOfSubscription(id: string): Promise<Partial<SaleMetadata> | undefined> {
      const row = await db
        .selectFrom('payment_subscriptions')
        .select(['product_id', 'interval'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) {
        return undefined;
      }
      return {
        productId: row.product_id,
        kind: 'premium',
        days: '0',
        interval: row.interval === 'month' || row.interval === 'year' ? row.interval : '',
      };
    },

    /** The member's newest subscription, or undefined. */
    async latestSubscription(userId: string): Promise<SubscriptionRecord | undefined> {
      return db
        .selectFrom('payment_subscriptions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Writes a subscription's state as the provider answered a change made in Nimbus; a state
     * stored from a newer notice stays.
     */
    async updateSubscriptionState(
      id: string,
      patch: Updateable<PaymentSubscriptionTable> & { state_at: string },
    ): Promise<void> {
      await db
        .updateTable('payment_subscriptions')
        .set(patch)
        .where('id', '=', id)
        .where('state_at', '<=', patch.state_at)
        .execute();
    },

    /** The currency a subscription was last paid in, or undefined before its first payment. */
    async currencyOfSubscription(id: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('payments')
        .select('currency')
        .where('subscription_id', '=', id)
        .where('currency', '!=', '')
        .orderBy('created_at', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.currency;
    },

    /** The member's payments, newest first (failures a later payment made good left out). */
    async paymentsOf(userId: string, limit: number): Promise<PaymentRecord[]> {
      return db
        .selectFrom('payments')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '!=', 'recovered')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type PaymentRepository = ReturnType<typeof createPaymentRepository>;
