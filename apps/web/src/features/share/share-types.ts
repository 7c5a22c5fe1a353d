import type { ShareStatus } from '@nimbus/contracts';

/** Statuses answered with a pass-code form rather than the files. */
export function needsPassCode(status: ShareStatus): boolean {
  return status === 'PASS_CODE_EMPTY' || status === 'PASS_CODE_ERROR';
}

/** The page size of share listings. */
export const sharePageSize = 100;

/** The destination "Saved from shares" of the save dialog's folder picker: the save sends no `parent_id`. */
export const savedFromSharesChoice = 'saved-from-shares';
