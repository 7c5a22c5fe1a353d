import type { RedemptionQueries } from './membership.repository';

/**
 * Takes a grant's days back (a refunded or disputed payment, a grace a late payment replaced):
 * what of it has not been used yet is removed, and the grants of the same type that were queued
 * behind it move forward by as much, so the member's premium ends exactly as if the grant had
 * never been made from now on. Call it inside the transaction that took the member's lock.
 */
export async function revokeGrant(
  queries: RedemptionQueries,
  grantId: string,
  now: Date,
): Promise<void> {
  const grant = await queries.grantById(grantId);
  if (!grant) {
    return;
  }
  const start = Date.parse(grant.starts_at);
  const end = Date.parse(grant.expires_at);
  const cut = Math.max(start, Math.min(now.getTime(), end));
  const removed = end - cut;
  if (removed <= 0) {
    return;
  }
  const later = await queries.grantsQueuedFrom(
    grant.user_id,
    grant.type,
    grant.expires_at,
    grant.id,
  );
  await queries.moveGrant(grant.id, grant.starts_at, new Date(cut).toISOString());
  for (const next of later) {
    await queries.moveGrant(
      next.id,
      new Date(Date.parse(next.starts_at) - removed).toISOString(),
      new Date(Date.parse(next.expires_at) - removed).toISOString(),
    );
  }
}
