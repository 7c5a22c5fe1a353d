import { newId } from '../lib/secrets';
import type { JobLeaseRepository } from './job-lease.repository';

/** How long a lease holds before another node may take it, unless its holder extends it. */
const defaultHoldMs = 5 * 60_000;

/**
 * This process's side of the fleet's job leases: a pass of a periodic job runs on the one node
 * that took its lease, and the next pass is due one period after that pass began, whichever node
 * then asks first. A holder extends its lease after each batch, so a long pass keeps it; a holder
 * killed in the middle stops extending it, and once `holdMs` passed any node takes the job up.
 * Works on SQLite and PostgreSQL alike, with or without Redis.
 */
export function createJobLeases(deps: {
  leases: JobLeaseRepository;
  now: () => Date;
  /** This process's name in the lease rows; a new random one by default. */
  holder?: string;
  holdMs?: number;
}) {
  const holder = deps.holder ?? newId();
  const holdMs = deps.holdMs ?? defaultHoldMs;
  const takenAt = new Map<string, Date>();
  const until = () => new Date(deps.now().getTime() + holdMs);
  return {
    holder,

    /** Takes the lease of job `name` if its pass is due and nobody holds it. */
    async take(name: string): Promise<boolean> {
      const now = deps.now();
      const taken = await deps.leases.take(name, holder, now, until());
      if (taken) {
        takenAt.set(name, now);
      }
      return taken;
    },

    /** Holds the lease of `name` longer; false when another node took it meanwhile. */
    extend(name: string): Promise<boolean> {
      return deps.leases.extend(name, holder, until());
    },

    /** Lets the lease of `name` go; its next pass is due `everyMs` after this one began. */
    async release(name: string, everyMs: number): Promise<void> {
      const began = takenAt.get(name) ?? deps.now();
      takenAt.delete(name);
      await deps.leases.release(name, holder, new Date(began.getTime() + everyMs));
    },
  };
}

export type JobLeases = ReturnType<typeof createJobLeases>;
