import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** A compensation's claims counted (`activity_grants` rows of `compensation:<type>`). */
export interface ClaimTotals {
  activity: string;
  claims: number;
  days: number;
  lastAt: string;
}

/** One claim, with the claimer's e-mail (`''` when the account is gone). */
export interface ClaimRow {
  user_id: string;
  email: string;
  days: number;
  created_at: string;
}

/** A position in the newest-first order of claims: after this row. */
export interface ClaimPosition {
  createdAt: string;
  userId: string;
}

/** The claims of compensations, as the operator console reads them (read-only). */
export function createCompensationClaimsRepository(db: Kysely<Database>) {
  return {
    /** The claims of each of `activities`, counted in one grouped query. */
    async totals(activities: readonly string[]): Promise<ClaimTotals[]> {
      if (activities.length === 0) {
        return [];
      }
      const rows = await db
        .selectFrom('activity_grants')
        .select([
          'activity',
          sql<number | string>`count(*)`.as('claims'),
          sql<number | string>`coalesce(sum(days), 0)`.as('days'),
          (eb) => eb.fn.max('created_at').as('last_at'),
        ])
        .where('activity', 'in', activities)
        .groupBy('activity')
        .execute();
      return rows.map((row) => ({
        activity: row.activity,
        claims: Number(row.claims),
        days: Number(row.days),
        lastAt: row.last_at ?? '',
      }));
    },

    /** Claims of `activity` newest first, after `position`. */
    async claims(
      activity: string,
      position: ClaimPosition | undefined,
      limit: number,
    ): Promise<ClaimRow[]> {
      let query = db
        .selectFrom('activity_grants as g')
        .leftJoin('users as u', 'u.id', 'g.user_id')
        .select(['g.user_id', 'g.days', 'g.created_at'])
        .select((eb) => eb.fn.coalesce('u.email', eb.val('')).as('email'))
        .where('g.activity', '=', activity);
      if (position !== undefined) {
        query = query.where((eb) =>
          eb.or([
            eb('g.created_at', '<', position.createdAt),
            eb.and([
              eb('g.created_at', '=', position.createdAt),
              eb('g.user_id', '<', position.userId),
            ]),
          ]),
        );
      }
      return query
        .orderBy('g.created_at', 'desc')
        .orderBy('g.user_id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type CompensationClaimsRepository = ReturnType<typeof createCompensationClaimsRepository>;
