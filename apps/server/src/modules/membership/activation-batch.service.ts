import type { BatchCode, CodeBatch } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { toCsv } from '../../lib/csv';
import { newId } from '../../lib/secrets';
import type { ActivationBatchRepository, BatchRow } from './activation-batch.repository';
import type { MembershipService } from './membership.service';

export interface ActivationBatchServiceDeps {
  batches: ActivationBatchRepository;
  memberships: Pick<MembershipService, 'mint'>;
  now: () => Date;
}

/** What a mint asks for. */
export interface MintBatchInput {
  type: Parameters<MembershipService['mint']>[0]['type'];
  days: number;
  bytes: number | undefined;
  count: number;
  maxUses: number;
  expiresAt: string | undefined;
  note: string;
}

function toBatchDto(row: BatchRow): CodeBatch {
  return { ...row, expires_at: row.expires_at ?? '' };
}

const csvColumns = ['code_id', 'status', 'uses_left', 'max_uses', 'revoked_at', 'redeemed_by'];

/**
 * Batches of activation codes in the operator console (docs/api.md#operator-console). A batch
 * is minted once, its codes shown in that answer only (Nimbus keeps their hashes); afterwards
 * operators see each code's state and who redeemed it, and can revoke the codes nobody redeemed.
 */
export function createActivationBatchService(deps: ActivationBatchServiceDeps) {
  async function batchOrFail(id: string): Promise<BatchRow> {
    const batch = await deps.batches.batch(id);
    if (!batch) {
      throw new AppError('not_found', { description: 'No batch of codes has this id' });
    }
    return batch;
  }

  async function codesOf(batchId: string): Promise<BatchCode[]> {
    await batchOrFail(batchId);
    const { codes, redemptions } = await deps.batches.codes(batchId);
    const at = deps.now().getTime();
    return codes.map((code) => {
      const redeemed = redemptions.filter((one) => one.code_id === code.id);
      const status: BatchCode['status'] =
        code.revoked_at !== null
          ? 'revoked'
          : code.uses_left === 0
            ? 'used'
            : code.expires_at !== null && Date.parse(code.expires_at) <= at
              ? 'expired'
              : redeemed.length > 0
                ? 'partly_used'
                : 'unused';
      return {
        id: code.id,
        status,
        uses_left: code.uses_left,
        max_uses: code.max_uses,
        revoked_at: code.revoked_at ?? '',
        redemptions: redeemed.map((one) => ({
          user_id: one.user_id,
          email: one.email,
          redeemed_at: one.created_at,
        })),
      };
    });
  }

  return {
    async mint(
      operatorId: string,
      input: MintBatchInput,
    ): Promise<{ batch: CodeBatch; codes: string[] }> {
      const isPack = input.type === 'storage' || input.type === 'traffic';
      if (isPack !== (input.bytes !== undefined)) {
        throw new AppError('invalid_argument', {
          description: 'A storage or traffic pack needs bytes; premium days take none',
        });
      }
      const id = newId();
      await deps.batches.insertBatch({
        id,
        note: input.note,
        count: input.count,
        created_by: operatorId,
        created_at: deps.now().toISOString(),
      });
      const codes = await deps.memberships.mint({
        type: input.type,
        days: input.days,
        ...(input.bytes === undefined ? {} : { bytes: input.bytes }),
        uses: input.maxUses,
        count: input.count,
        expiresAt: input.expiresAt === undefined ? undefined : new Date(input.expiresAt),
        userId: undefined,
        note: input.note,
        batchId: id,
      });
      return { batch: toBatchDto(await batchOrFail(id)), codes };
    },

    async search(q: string | undefined, limit: number): Promise<CodeBatch[]> {
      return (await deps.batches.search(q, limit)).map(toBatchDto);
    },

    codesOf,

    /** The batch's codes as CSV, one row per code; redeemers as `email (time)` joined by `; `. */
    async exportCsv(batchId: string): Promise<string> {
      const codes = await codesOf(batchId);
      return toCsv(
        csvColumns,
        codes.map((code) => [
          code.id,
          code.status,
          String(code.uses_left),
          String(code.max_uses),
          code.revoked_at,
          code.redemptions.map((one) => `${one.email} (${one.redeemed_at})`).join('; '),
        ]),
      );
    },

    /** Revokes the batch's codes nobody redeemed; redeemed ones keep their state. */
    async revokeUnused(batchId: string): Promise<{ before: CodeBatch; revoked: number }> {
      const before = toBatchDto(await batchOrFail(batchId));
      const revoked = await deps.batches.revokeUnused(batchId, deps.now().toISOString());
      return { before, revoked };
    },
  };
}

export type ActivationBatchService = ReturnType<typeof createActivationBatchService>;
