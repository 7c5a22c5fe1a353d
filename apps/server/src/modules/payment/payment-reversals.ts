import { newId } from '../../lib/secrets';
import { queueGrant } from '../membership/membership.service';
import { shortenGrant } from '../membership/membership-timeline';
import type { PaymentNotice } from './payment-provider';
import type { NoticeQueries, PaymentRecord } from './payment.repository';

/*
 * What refunds and disputes do to what a payment bought (docs/memberships.md#payments), inside
 * the transaction that applies the notice: a full refund or a dispute takes back the unused
 * time, a won dispute gives that time back from now, and a partial refund takes back the same
 * share of the time the payment bought as of its money (no more than is left).
 */

const dayMs = 24 * 60 * 60 * 1000;

type Reversal = Extract<PaymentNotice, { type: 'payment_reversed' }>;
type PartialRefund = Extract<PaymentNotice, { type: 'payment_refunded_partly' }>;
type DisputeWon = Extract<PaymentNotice, { type: 'dispute_won' }>;

/** Takes back up to `limit` ms of what a payment granted; answers the time taken. */
async function takeBack(
  queries: NoticeQueries,
  payment: PaymentRecord,
  stamp: Date,
  limit: number,
): Promise<number> {
  let taken = 0;
  if (payment.membership_id !== null) {
    taken += await shortenGrant(queries, payment.membership_id, stamp, limit);
  }
  if (payment.pack_id !== null) {
    const pack = await queries.packById(payment.pack_id);
    if (pack) {
      const end = Date.parse(pack.expires_at);
      const cut = Math.max(Date.parse(pack.starts_at), stamp.getTime(), end - limit);
      if (cut < end) {
        await queries.endPack(pack.id, new Date(cut).toISOString());
        taken += end - cut;
      }
    }
  }
  return taken;
}

/** The time a payment bought, in ms: its grant's or its pack's days. */
async function boughtTime(queries: NoticeQueries, payment: PaymentRecord): Promise<number> {
  const grant =
    payment.membership_id === null ? undefined : await queries.grantById(payment.membership_id);
  const pack = payment.pack_id === null ? undefined : await queries.packById(payment.pack_id);
  return ((grant?.days ?? 0) + (pack?.days ?? 0)) * dayMs;
}

/** Keeps a notice told before its payment: a payment record with no member yet, found by its reference. */
async function recordBeforePayment(
  queries: NoticeQueries,
  provider: string,
  reference: string,
  stamp: Date,
  fields: Pick<
    Parameters<NoticeQueries['insertPayment']>[0],
    'status' | 'amount' | 'refunded_amount'
  >,
): Promise<void> {
  await queries.insertPayment({
    id: newId(),
    user_id: null,
    provider,
    reference,
    ...fields,
    created_at: stamp.toISOString(),
    updated_at: stamp.toISOString(),
  });
}

/**
 * Takes back the share of a paid payment's time that `refunded` (all partial refunds together)
 * adds to what earlier notices took: a repeated or older notice takes nothing more.
 */
export async function takeRefundedShare(
  queries: NoticeQueries,
  payment: PaymentRecord,
  refunded: number,
  stamp: Date,
): Promise<void> {
  const before = Number(payment.refunded_amount);
  const amount = Number(payment.amount);
  if (refunded <= before || amount <= 0) {
    return;
  }
  const share = (Math.min(refunded, amount) - Math.min(before, amount)) / amount;
  await takeBack(queries, payment, stamp, Math.round((await boughtTime(queries, payment)) * share));
  await queries.updatePayment(payment.id, {
    refunded_amount: refunded,
    updated_at: stamp.toISOString(),
  });
}

/**
 * A full refund or a dispute: takes back what the payment granted and not yet used, and keeps
 * how much (a won dispute gives it back). Told before the payment itself, it is remembered so
 * the payment then grants nothing. Answers the member concerned, when known.
 */
export async function applyReversal(
  queries: NoticeQueries,
  provider: string,
  notice: Reversal,
  stamp: Date,
): Promise<string | null> {
  const known = await queries.paymentByReference(provider, notice.paymentReference);
  if (!known) {
    await recordBeforePayment(queries, provider, notice.paymentReference, stamp, {
      status: notice.reason,
    });
    return null;
  }
  if (known.status === 'refunded' || known.status === 'disputed') {
    return known.user_id;
  }
  if (known.user_id !== null && !(await queries.lockMember(known.user_id, stamp))) {
    return known.user_id;
  }
  const taken = await takeBack(queries, known, stamp, Infinity);
  await queries.updatePayment(known.id, {
    status: notice.reason,
    taken_back_seconds: Math.round(taken / 1000),
    updated_at: stamp.toISOString(),
  });
  return known.user_id;
}

/**
 * A partial refund: the share of the payment's money refunded takes back the same share of the
 * time it bought. Told before the payment, it is kept with a pending record and taken when the
 * payment is told.
 */
export async function applyPartialRefund(
  queries: NoticeQueries,
  provider: string,
  notice: PartialRefund,
  stamp: Date,
): Promise<void> {
  const known = await queries.paymentByReference(provider, notice.paymentReference);
  if (!known) {
    await recordBeforePayment(queries, provider, notice.paymentReference, stamp, {
      status: 'pending',
      amount: notice.amount,
      refunded_amount: notice.refunded,
    });
    return;
  }
  if (known.status !== 'paid' || known.user_id === null) {
    // Not granted yet (its grant takes the share then), or all taken back already.
    if (notice.refunded > Number(known.refunded_amount)) {
      await queries.updatePayment(known.id, { refunded_amount: notice.refunded });
    }
    return;
  }
  if (!(await queries.lockMember(known.user_id, stamp))) {
    return;
  }
  await takeRefundedShare(queries, known, notice.refunded, stamp);
}

/**
 * A dispute the seller won: the time the dispute took back is given back from now (queued after
 * the days held), and the payment counts as paid again.
 */
export async function applyDisputeWon(
  queries: NoticeQueries,
  provider: string,
  notice: DisputeWon,
  stamp: Date,
): Promise<void> {
  const known = await queries.paymentByReference(provider, notice.paymentReference);
  if (known?.status !== 'disputed' || known.user_id === null) {
    return;
  }
  if (!(await queries.lockMember(known.user_id, stamp))) {
    return;
  }
  const duration = Number(known.taken_back_seconds) * 1000;
  const grant =
    known.membership_id === null ? undefined : await queries.grantById(known.membership_id);
  const pack = known.pack_id === null ? undefined : await queries.packById(known.pack_id);
  const id = newId();
  if (grant && duration > 0) {
    await queueGrant(
      queries,
      {
        userId: known.user_id,
        type: grant.type as Parameters<typeof queueGrant>[1]['type'],
        days: Math.round(duration / dayMs),
        duration,
        source: 'payment',
        codeId: null,
        id,
      },
      stamp,
    );
  }
  if (pack && duration > 0) {
    await queries.insertPack({
      id,
      user_id: known.user_id,
      kind: pack.kind,
      bytes: Number(pack.bytes),
      days: Math.round(duration / dayMs),
      starts_at: stamp.toISOString(),
      expires_at: new Date(stamp.getTime() + duration).toISOString(),
      activation_code_id: null,
      created_at: stamp.toISOString(),
    });
  }
  await queries.updatePayment(known.id, {
    status: 'paid',
    taken_back_seconds: 0,
    ...(grant && duration > 0 ? { membership_id: id } : {}),
    ...(pack && duration > 0 ? { pack_id: id } : {}),
    updated_at: stamp.toISOString(),
  });
}
