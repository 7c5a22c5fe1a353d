import type { ShareStatus } from '@nimbus/contracts';
import type { ModerationStatus } from '../../db/schema';

/** What the readability of a share depends on, apart from who asks. */
export interface ShareFacts {
  auditStatus: ModerationStatus;
  /** The owner deleted the link. */
  isCancelled: boolean;
  /** Chosen items still live (not deleted, not in the trash). */
  liveItems: number;
  expiresAt: string | null;
  restoreLimit: number;
  restoreCount: number;
}

/**
 * Whether a moderation state only puts a cover over an item (sensitive, not taken down): a
 * share's visitors still see its thumbnail once they lift the cover, but get no file link.
 */
export function isCoverOnly(status: ModerationStatus | undefined): boolean {
  return status === 'SENSITIVE_RESOURCE' || status === 'SENSITIVE_WORD';
}

/** How the visitor proved the pass code, if the share asks for one. */
export type PassCodeProof = 'none' | 'valid' | 'wrong';

/**
 * The status of a share as one visitor sees it (docs/api.md#shares), most severe first: a moderation
 * state; `DELETED` when the owner deleted the link or every shared item is gone or in the trash
 * (untrashing brings it back); `EXPIRED`; `MAX_RESTORE_COUNT` once the saves are used up; then
 * the pass code (`PASS_CODE_EMPTY` without one, `PASS_CODE_ERROR` for a wrong one); else `OK`.
 * The owner needs no pass code.
 */
export function shareStatusOf(
  facts: ShareFacts,
  visitor: { isOwner: boolean; needsPassCode: boolean; proof: PassCodeProof },
  now: Date,
): ShareStatus {
  if (facts.auditStatus !== 'OK') {
    return facts.auditStatus;
  }
  if (facts.isCancelled || facts.liveItems === 0) {
    return 'DELETED';
  }
  if (facts.expiresAt !== null && facts.expiresAt <= now.toISOString()) {
    return 'EXPIRED';
  }
  if (facts.restoreLimit >= 0 && facts.restoreCount >= facts.restoreLimit) {
    return 'MAX_RESTORE_COUNT';
  }
  if (visitor.isOwner || !visitor.needsPassCode || visitor.proof === 'valid') {
    return 'OK';
  }
  return visitor.proof === 'wrong' ? 'PASS_CODE_ERROR' : 'PASS_CODE_EMPTY';
}

/** A sharer's name as visitors see it: first and last letter, the rest hidden (`A***e`). */
export function maskedName(name: string): string {
  const letters = [...name.trim()];
  if (letters.length === 0) {
    return '';
  }
  if (letters.length <= 2) {
    return `${letters[0]}*`;
  }
  return `${letters[0]}***${letters[letters.length - 1]}`;
}

const passCodeAlphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A generated pass code: four characters that are hard to mistake for one another. */
export function generatePassCode(randomIndex: (max: number) => number): string {
  let code = '';
  for (let i = 0; i < 4; i += 1) {
    code += passCodeAlphabet[randomIndex(passCodeAlphabet.length)];
  }
  return code;
}

/** A custom pass code: 4 to 16 letters and digits. */
export const passCodePattern = /^[A-Za-z0-9]{4,16}$/;
