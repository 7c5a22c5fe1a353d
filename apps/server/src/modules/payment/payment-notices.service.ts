import type { Logger } from 'pino';
import { newId } from '../../lib/secrets';
import { queueGrant } from '../membership/membership.service';
import { revokeGrant } from '../membership/membership-timeline';
import type { PaymentNotice, PaymentProvider, SaleMetadata } from './payment-provider';
import type { NoticeQueries, PaymentRepository } from './payment.repository';
import {
  applyDisputeWon,
  applyPartialRefund,
  applyReversal,
  takeRefundedShare,
} from './payment-reversals';

export interface PaymentNoticeServiceDeps {
  payments: PaymentRepository;
  provider: PaymentProvider;
  /** Premium days a subscriber keeps after a failed renewal (`PAYMENT_GRACE_DAYS`). */
  graceDays: number;
  now: () => Date;
  logger: Pick<Logger, 'info'>;
}

const dayMs = 24 * 60 * 60 * 1000;

/** Notices about a payment, named by its reference alone (refunds and disputes). */
type PaymentLevelNotice = Extract<
  PaymentNotice,
  { type: 'payment_reversed' | 'payment_refunded_partly' | 'dispute_won' }
>;

type MemberNotice = Exclude<PaymentNotice, PaymentLevelNotice | { type: 'other' }>;

function isPaymentLevel(notice: PaymentNotice): notice is PaymentLevelNotice {
  return (
    notice.type === 'payment_reversed' ||
    notice.type === 'payment_refunded_partly' ||
    notice.type === 'dispute_won'
  );
}

/** What a payment bought, read from the sale's metadata; undefined when it is not Nimbus's. */
function saleOf(sale: Partial<SaleMetadata>): SaleMetadata | undefined {
  const days = Number(sale.days);
  if (sale.productId === undefined || sale.kind === undefined || !Number.isSafeInteger(days)) {
    return undefined;
  }
  return {
    userId: sale.userId ?? '',
    productId: sale.productId,
    kind: sale.kind,
    days: sale.days ?? '0',
    bytes: sale.bytes ?? '0',
    interval: sale.interval ?? '',
  };
}

/**
 * The provider's notices (docs/memberships.md#payments), turned into grants and revocations on
 * the member's one membership timeline. Each notice is applied once, by its id, in the
 * transaction that applies it (a retry after a failure applies it then); each payment grants
 * once, by its reference, whichever notice tells of it first; a refund or dispute heard of before
 * its payment is remembered so the payment then grants nothing; an older subscription state
 * delivered late does not replace a newer one. A notice is applied only when the provider
 * account it names belongs to the member its sale names: nobody buys for another member.
 */
export function createPaymentNoticeService(deps: PaymentNoticeServiceDeps) {
  const { payments, provider, now } = deps;
  const providerName = provider.name;

  /** Grants what a paid payment bought, once per payment reference. */
  async function settle(
    queries: NoticeQueries,
    userId: string,
    sale: SaleMetadata,
    payment: {
      reference: string;
      invoiceId: string | null;
      subscriptionId: string | null;
      amount: number;
      currency: string;
      receiptUrl: string;
      days: number;
    },
    stamp: Date,
  ): Promise<void> {
    const known = await queries.paymentByReference(providerName, payment.reference);
    if (known && known.status !== 'pending') {
      if (known.user_id === null) {
        // Refunded or disputed before this notice: recorded for the member, nothing granted.
        await queries.updatePayment(known.id, {
          user_id: userId,
          product_id: sale.productId,
          invoice_id: payment.invoiceId,
          subscription_id: payment.subscriptionId,
          amount: payment.amount,
          currency: payment.currency,
          receipt_url: payment.receiptUrl,
          updated_at: stamp.toISOString(),
        });
      }
      return;
    }
    const grantId = newId();
    let pack: string | null = null;
    let membership: string | null = null;
    if (sale.kind === 'premium') {
      membership = grantId;
      await queueGrant(
        queries,
        {
          userId,
          type: 'platinum',
          days: payment.days,
          source: 'payment',
          codeId: null,
          id: grantId,
        },
        stamp,
      );
    } else {
      pack = grantId;
      await queries.insertPack({
        id: grantId,
        user_id: userId,
        kind: sale.kind,
        bytes: Number(sale.bytes),
        days: payment.days,
        starts_at: stamp.toISOString(),
        expires_at: new Date(stamp.getTime() + payment.days * dayMs).toISOString(),
        activation_code_id: null,
        created_at: stamp.toISOString(),
      });
    }
    const fields = {
      user_id: userId,
      invoice_id: payment.invoiceId,
      subscription_id: payment.subscriptionId,
      product_id: sale.productId,
      status: 'paid',
      amount: payment.amount,
      currency: payment.currency,
      receipt_url: payment.receiptUrl,
      membership_id: membership,
      pack_id: pack,
      updated_at: stamp.toISOString(),
    };
    if (known) {
      await queries.updatePayment(known.id, fields);
      if (Number(known.refunded_amount) > 0) {
        // Partly refunded before this notice: the share goes back now that it is granted.
        const granted = await queries.paymentByReference(providerName, payment.reference);
        if (granted) {
          const refunded = Number(known.refunded_amount);
          await takeRefundedShare(queries, { ...granted, refunded_amount: 0 }, refunded, stamp);
        }
      }
      return;
    }
    await queries.insertPayment({
      id: newId(),
      provider: providerName,
      reference: payment.reference,
      created_at: stamp.toISOString(),
      ...fields,
    });
  }

  async function applyCheckout(
    queries: NoticeQueries,
    notice: Extract<PaymentNotice, { type: 'checkout_completed' }>,
    userId: string,
    sale: SaleMetadata,
    stamp: Date,
  ): Promise<void> {
    if (notice.mode === 'subscription') {
      // The invoice's notice grants the period; this one makes the subscription known at once.
      if (notice.subscriptionId !== '' && !(await queries.subscription(notice.subscriptionId))) {
        await queries.insertSubscription({
          id: notice.subscriptionId,
          user_id: userId,
          provider: providerName,
          product_id: sale.productId,
          interval: sale.interval,
          status: notice.paid ? 'active' : 'incomplete',
          current_period_end: '',
          cancel_at_period_end: 0,
          grace_ends_at: '',
          // Any state the subscription's own notices tell is newer than this one.
          state_at: new Date(0).toISOString(),
          created_at: stamp.toISOString(),
        });
      }
      return;
    }
    if (!notice.paid) {
      if (!(await queries.paymentByReference(providerName, notice.paymentReference))) {
        await queries.insertPayment({
          id: newId(),
          user_id: userId,
          provider: providerName,
          reference: notice.paymentReference,
          product_id: sale.productId,
          status: 'pending',
          amount: notice.amount,
          currency: notice.currency,
          created_at: stamp.toISOString(),
          updated_at: stamp.toISOString(),
        });
      }
      return;
    }
    await settle(
      queries,
      userId,
      sale,
      {
        reference: notice.paymentReference,
        invoiceId: null,
        subscriptionId: null,
        amount: notice.amount,
        currency: notice.currency,
        receiptUrl: notice.receiptUrl,
        days: Number(sale.days),
      },
      stamp,
    );
  }

  async function applyInvoice(
    queries: NoticeQueries,
    notice: Extract<PaymentNotice, { type: 'invoice_paid' | 'invoice_failed' }>,
    userId: string,
    sale: SaleMetadata,
    stamp: Date,
  ): Promise<void> {
    const ofInvoice = await queries.paymentsOfInvoice(providerName, notice.invoiceId);
    const failure = ofInvoice.find((payment) => payment.status === 'failed');
    const subscription =
      notice.subscriptionId === '' ? undefined : await queries.subscription(notice.subscriptionId);
    if (notice.type === 'invoice_failed') {
      if (failure || ofInvoice.some((payment) => payment.status !== 'recovered')) {
        // A retry that failed again, or a failure told after the invoice was paid: no new grace.
        return;
      }
      const graceId = newId();
      const grace = await queueGrant(
        queries,
        {
          userId,
          type: 'platinum',
          days: deps.graceDays,
          source: 'payment_grace',
          codeId: null,
          id: graceId,
        },
        stamp,
      );
      await queries.insertPayment({
        id: newId(),
        user_id: userId,
        provider: providerName,
        reference: notice.paymentReference,
        invoice_id: notice.invoiceId,
        subscription_id: notice.subscriptionId || null,
        product_id: sale.productId,
        status: 'failed',
        amount: notice.amount,
        currency: notice.currency,
        receipt_url: notice.receiptUrl,
        membership_id: deps.graceDays > 0 ? graceId : null,
        created_at: stamp.toISOString(),
        updated_at: stamp.toISOString(),
      });
      if (subscription) {
        await queries.updateSubscription(subscription.id, { grace_ends_at: grace.expiresAt });
      }
      return;
    }
    if (failure) {
      // The renewal went through after all: the grace gives way to the period paid for.
      if (failure.membership_id !== null) {
        await revokeGrant(queries, failure.membership_id, stamp);
      }
      await queries.updatePayment(failure.id, {
        status: 'recovered',
        updated_at: stamp.toISOString(),
      });
    }
    if (subscription) {
      await queries.updateSubscription(subscription.id, { grace_ends_at: '' });
    }
    const days = Math.max(
      1,
      Math.round((notice.periodEnd.getTime() - notice.periodStart.getTime()) / dayMs),
    );
    await settle(
      queries,
      userId,
      sale,
      {
        reference: notice.paymentReference,
        invoiceId: notice.invoiceId,
        subscriptionId: notice.subscriptionId || null,
        amount: notice.amount,
        currency: notice.currency,
        receiptUrl: notice.receiptUrl,
        days,
      },
      stamp,
    );
  }

  async function applySubscription(
    queries: NoticeQueries,
    notice: Extract<PaymentNotice, { type: 'subscription_changed' }>,
    userId: string,
    sale: SaleMetadata,
    stamp: Date,
  ): Promise<void> {
    const known = await queries.subscription(notice.subscriptionId);
    const state = {
      status: notice.status,
      interval: notice.interval || sale.interval,
      cancel_at_period_end: notice.cancelAtPeriodEnd ? 1 : 0,
      current_period_end: notice.currentPeriodEnd?.toISOString() ?? '',
      state_at: notice.at.toISOString(),
      ...(notice.status === 'active' ? { grace_ends_at: '' } : {}),
    };
    if (!known) {
      await queries.insertSubscription({
        id: notice.subscriptionId,
        user_id: userId,
        provider: providerName,
        product_id: sale.productId,
        grace_ends_at: '',
        created_at: stamp.toISOString(),
        ...state,
      });
      return;
    }
    if (known.state_at > state.state_at || known.status === 'canceled') {
      // Delivered late, or about a subscription that has ended: the state stored is newer.
      return;
    }
    await queries.updateSubscription(known.id, {
      ...state,
      // A plan change has started when the subscription names the new product.
      product_id: sale.productId,
      ...(sale.productId === known.next_product_id ? { next_product_id: '' } : {}),
    });
  }

  /** The member a notice is for, when its provider account and its sale agree on one. */
  async function memberOf(notice: MemberNotice): Promise<string | undefined> {
    const owner = await payments.memberOfCustomer(providerName, notice.customerId);
    if (owner === undefined) {
      return undefined;
    }
    const named = notice.type === 'checkout_completed' ? notice.clientReference : owner;
    if (named !== owner || (notice.sale.userId !== undefined && notice.sale.userId !== owner)) {
      return undefined;
    }
    return owner;
  }

  /** Applies a member's notice; false when it was applied before. */
  async function applyMemberNotice(notice: MemberNotice, userId: string, sale: SaleMetadata) {
    const stamp = now();
    return payments.inTransaction(async (queries) => {
      const fresh = await queries.recordEvent({
        provider: providerName,
        eventId: notice.id,
        type: notice.type,
        userId,
        outcome: 'applied',
        at: stamp.toISOString(),
      });
      if (!fresh || !(await queries.lockMember(userId, stamp))) {
        return false;
      }
      switch (notice.type) {
        case 'checkout_completed':
          await applyCheckout(queries, notice, userId, sale, stamp);
          break;
        case 'invoice_paid':
        case 'invoice_failed':
          await applyInvoice(queries, notice, userId, sale, stamp);
          break;
        case 'subscription_changed':
          await applySubscription(queries, notice, userId, sale, stamp);
          break;
      }
      return true;
    });
  }

  async function skip(notice: PaymentNotice, outcome: string): Promise<void> {
    await payments.recordSkipped({
      provider: providerName,
      eventId: notice.id,
      type: notice.type === 'other' ? notice.name.slice(0, 64) : notice.type,
      userId: null,
      outcome,
      at: now().toISOString(),
    });
  }

  return {
    /**
     * Verifies and applies a provider's notice (`POST /vip/v1/payment/<provider>/webhook`). A
     * forged or altered one throws `payment_signature_invalid` and changes nothing; one that
     * is not about a member's purchase is recorded and answered, so the provider stops sending it.
     */
    async receive(body: Buffer, signature: string | undefined): Promise<void> {
      const notice = await provider.readNotice(body, signature);
      if (notice.type === 'other') {
        await skip(notice, 'ignored');
        return;
      }
      if (isPaymentLevel(notice)) {
        const stamp = now();
        await payments.inTransaction(async (queries) => {
          const fresh = await queries.recordEvent({
            provider: providerName,
            eventId: notice.id,
            type: notice.type,
            userId: null,
            outcome: 'applied',
            at: stamp.toISOString(),
          });
          if (!fresh) {
            return;
          }
          switch (notice.type) {
            case 'payment_reversed':
              await applyReversal(queries, providerName, notice, stamp);
              break;
            case 'payment_refunded_partly':
              await applyPartialRefund(queries, providerName, notice, stamp);
              break;
            case 'dispute_won':
              await applyDisputeWon(queries, providerName, notice, stamp);
              break;
          }
        });
        return;
      }
      const userId = await memberOf(notice);
      const subscriptionSale =
        notice.type !== 'checkout_completed' && notice.subscriptionId !== ''
          ? await payments.saleOfSubscription(notice.subscriptionId)
          : undefined;
      const sale = saleOf({ ...subscriptionSale, ...notice.sale });
      if (userId === undefined || sale === undefined) {
        deps.logger.info(
          { event: notice.id, type: notice.type },
          'payment notice not bound to the member it names: ignored',
        );
        await skip(notice, 'rejected');
        return;
      }
      await applyMemberNotice(notice, userId, sale);
    },
  };
}

export type PaymentNoticeService = ReturnType<typeof createPaymentNoticeService>;
