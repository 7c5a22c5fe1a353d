import type { ModerationStatus } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { newId } from '../../lib/secrets';
import type { ShareServiceDeps, Visitor } from './share-access';

const moderationStatuses = [
  'OK',
  'AUDITING',
  'SENSITIVE_RESOURCE',
  'SENSITIVE_WORD',
  'PROHIBITED',
] as const;

/** Reports one client address may send per window (docs/api.md#shares); the policies quote it. */
export const shareReportLimit = { max: 20, windowMs: 3_600_000 } as const;

/** Reports of shares by visitors and the moderation states admins set (docs/api.md#shares). */
export function createShareModerationService(
  deps: Pick<ShareServiceDeps, 'shares' | 'limiter' | 'now'>,
) {
  const { shares, now } = deps;

  return {
    async report(
      visitor: Visitor,
      input: {
        shareId: string;
        shareUserId: string;
        gcids: string[];
        fileIds: string[];
        reason: string;
      },
    ): Promise<string> {
      const decision = await deps.limiter.hit(`share-report:${visitor.address}`, shareReportLimit);
      if (!decision.allowed) {
        throw new AppError('too_many_requests', { retryAfterSeconds: decision.retryAfterSeconds });
      }
      const share = await shares.find(input.shareId);
      if (!share || (input.shareUserId !== '' && input.shareUserId !== share.userId)) {
        throw new AppError('not_found', { description: 'No such share' });
      }
      const id = newId();
      await shares.insertReport({
        id,
        shareId: share.id,
        reporterId: visitor.userId,
        address: visitor.address,
        shareUserId: share.userId,
        fileIds: input.fileIds,
        gcids: input.gcids,
        reason: input.reason,
        now: now(),
      });
      return id;
    },

    /** Sets a share's or a file's moderation state; only admins may. */
    async moderate(
      adminId: string,
      target: { kind: 'share' | 'file'; id: string },
      status: ModerationStatus,
    ): Promise<void> {
      const member = await shares.member(adminId);
      if (member?.role !== 'admin') {
        throw new AppError('permission_denied', {
          description: 'Only admins set moderation states',
        });
      }
      if (!(moderationStatuses as readonly string[]).includes(status)) {
        throw new AppError('invalid_argument');
      }
      if (target.kind === 'share') {
        if (!(await shares.find(target.id))) {
          throw new AppError('not_found', { description: 'No such share' });
        }
        await shares.update(target.id, { audit_status: status, updated_at: now().toISOString() });
        return;
      }
      if (!(await shares.fileExists(target.id))) {
        throw new AppError('file_not_found');
      }
      await shares.setFileModeration(target.id, status, adminId, now());
    },
  };
}

export type ShareModerationService = ReturnType<typeof createShareModerationService>;
