import type { ConsoleRole } from '@nimbus/contracts';
import type { TestApp } from '../helper';
import { signedInMember } from '../identity';

/**
 * Marks the open sessions of a member as signed in with two-factor at `at` (what a sign-in with
 * a code records), so console calls let them in for 12 hours from then.
 */
export async function stepUp(t: TestApp, userId: string, at: Date): Promise<void> {
  await t.container.database.db
    .updateTable('sessions')
    .set({ two_factor_at: at.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}

/** Gives a member a console role straight in the database. */
export async function giveRole(
  t: TestApp,
  userId: string,
  role: ConsoleRole,
  at: Date,
): Promise<void> {
  await t.container.database.db
    .insertInto('member_roles')
    .values({ user_id: userId, role, created_at: at.toISOString() })
    .execute();
}

/**
 * A signed-in operator: a member with `role` (none when null) whose session passed two-factor
 * at `stepUpAt` (never when null).
 */
export async function consoleMember(
  t: TestApp,
  role: ConsoleRole | null,
  stepUpAt: Date | null,
): Promise<Awaited<ReturnType<typeof signedInMember>>> {
  const member = await signedInMember(t);
  if (role !== null) {
    await giveRole(t, member.user.id, role, stepUpAt ?? new Date());
  }
  if (stepUpAt !== null) {
    await stepUp(t, member.user.id, stepUpAt);
  }
  return member;
}

/** How many rows the audit log holds. */
export async function auditCount(t: TestApp): Promise<number> {
  const row = await t.container.database.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
