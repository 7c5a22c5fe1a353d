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
): Promise<number> {
  return shortenGrant(queries, grantId, now, Infinity);
}

/**
 * Takes up to `limit` milliseconds of a grant's unused days back from its end (a partial
 * refund), as `revokeGrant` does for all of them; answers the milliseconds taken.
 */
export async function shortenGrant(
  queries: RedemptionQueries,
  grantId: string,
  now: Date,
  limit: number,
): Promise<number> {
  const grant = await queries.grantById(grantId);
  if (!grant) {
    return 0;
  }
  const start = Date.parse(grant.starts_at);
  const end = Date.parse(grant.expires_at);
  const cut = Math.max(start, Math.min(now.getTime(), end), end - limit);
  const removed = end - cut;
  if (removed <= 0) {
    return 0;
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
  return removed;
}
