import type { DatabaseHandle } from '../../db/database';
import type {
  AccountPurgeRepository,
  DueMember,
  PurgeCounts,
  PurgePosition,
} from './account-purge.repository';

/** Where the purge reports a member it could not purge. */
export interface PurgeLogger {
  error(object: object, message: string): void;
}

export interface AccountPurgeServiceDeps {
  purges: AccountPurgeRepository;
  /** The audit log's `recordSystem` (named here so no module cycle forms). */
  audit: {
    recordSystem(
      actor: { id: string; role: string },
      note: {
        action: string;
        target: { kind: string; id: string };
        before?: unknown;
        after?: unknown;
      },
    ): Promise<void>;
  };
  /** Runs work in one database transaction (`DatabaseHandle.transaction`). */
  transaction: DatabaseHandle['transaction'];
  /** Days between a deletion request and the purge (`ACCOUNT_DELETION_GRACE_DAYS`). */
  graceDays: number;
  logger: PurgeLogger;
  now: () => Date;
  /** Members per batch, and files deleted per transaction. */
  batchSize?: number;
  fileChunk?: number;
}

/** A member the purge leaves for the operator, with why. */
export class PurgeRefused extends Error {
  constructor(readonly reason: 'subscription_renews') {
    super(reason);
  }
}

/** Who the audit log names for the purge. */
export const purgeActor = { id: 'account-purge', role: 'system' };

const dayMs = 86_400_000;

function reasonOf(error: unknown): string {
  if (error instanceof PurgeRefused) {
    return error.reason;
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * The purge of accounts whose deletion grace period is over (docs/accounts.md#account-deletion):
 * the member's files go a chunk per transaction (blob references released, so the garbage
 * collection deletes the bytes no one else holds), then every other row that names them and the
 * account row with one audit row, in one transaction. Each step re-checks that the member is
 * still past the grace, so a request withdrawn meanwhile keeps what is left. A member who cannot
 * be purged (a subscription still renews at the provider, a database failure) is logged with the
 * reason and skipped for the rest of the pass; the others go on.
 */
export function createAccountPurgeService(deps: AccountPurgeServiceDeps) {
  const batchSize = deps.batchSize ?? 20;
  const fileChunk = deps.fileChunk ?? 1000;
  let cursor: PurgePosition | undefined;
  let exhausted = false;

  const cutoffOf = (now: Date) => new Date(now.getTime() - deps.graceDays * dayMs).toISOString();

  /** Purges one member; false when the request was withdrawn meanwhile. */
  async function purgeOne(member: DueMember, cutoff: string): Promise<boolean> {
    if (await deps.purges.hasRenewingSubscription(member.id)) {
      throw new PurgeRefused('subscription_renews');
    }
    let files = 0;
    let references = 0;
    for (;;) {
      const chunk = await deps.transaction(async () => {
        if (!(await deps.purges.lockDue(member.id, cutoff))) {
          return undefined;
        }
        return deps.purges.deleteFiles(member.id, fileChunk, deps.now());
      });
      if (!chunk) {
        return false;
      }
      files += chunk.files;
      references += chunk.references;
      if (chunk.files < fileChunk) {
        break;
      }
    }
    return deps.transaction(async () => {
      const due = await deps.purges.lockDue(member.id, cutoff);
      if (!due) {
        return false;
      }
      const rest = await deps.purges.removeMember(due, deps.now());
      const counts: PurgeCounts = {
        ...rest,
        files,
        blob_references: references + rest.blob_references,
      };
      // The row names the member by id only, which nothing resolves once the account is gone.
      await deps.audit.recordSystem(purgeActor, {
        action: 'members.purge',
        target: { kind: 'user', id: member.id },
        before: { status: 'under_review', deletion_requested_at: due.deletion_requested_at },
        after: counts,
      });
      return true;
    });
  }

  return {
    /**
     * Handles the next batch of members past the grace; answers how many it tried (0: none
     * left in this pass). A pass walks the due members once, so a member that failed is tried
     * again in the next pass, not in a loop.
     */
    async purgeBatch(): Promise<number> {
      if (exhausted) {
        exhausted = false;
        cursor = undefined;
        return 0;
      }
      const cutoff = cutoffOf(deps.now());
      const due = await deps.purges.listDue(cutoff, cursor, batchSize);
      exhausted = due.length < batchSize;
      for (const member of due) {
        try {
          await purgeOne(member, cutoff);
        } catch (error) {
          deps.logger.error(
            {
              userId: member.id,
              reason: reasonOf(error),
              ...(error instanceof PurgeRefused ? {} : { err: error }),
            },
            'account purge skipped a member',
          );
        }
      }
      const last = due.at(-1);
      cursor = last ? { requestedAt: last.deletion_requested_at, id: last.id } : cursor;
      if (due.length === 0) {
        exhausted = false;
        cursor = undefined;
      }
      return due.length;
    },
  };
}

export type AccountPurgeService = ReturnType<typeof createAccountPurgeService>;
