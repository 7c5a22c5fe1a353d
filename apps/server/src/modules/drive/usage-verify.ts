import type { UsageMismatch, UsageRepository } from './usage.repository';

/** What the usage part of `verify` found, and what it repaired. */
export interface UsageVerifyReport {
  /** Members with files or counters. */
  members: number;
  mismatches: UsageMismatch[];
  /** Members whose counters were set to the sums of their files (`--fix`). */
  repaired: number;
}

/**
 * Compares every member's storage counters (`member_usage`) with the sums of their complete
 * files; with `fix`, recomputes the counters of each member that differs (one transaction per
 * member that takes the counter row first). A change committing while the comparison reads may
 * show as a mismatch of that moment; a repair is always exact.
 */
export async function verifyUsage(
  usage: Pick<UsageRepository, 'mismatches' | 'repair'>,
  options: { fix: boolean; now: () => Date },
): Promise<UsageVerifyReport> {
  const { members, mismatches } = await usage.mismatches();
  let repaired = 0;
  if (options.fix) {
    for (const mismatch of mismatches) {
      await usage.repair(mismatch.userId, options.now());
      repaired += 1;
    }
  }
  return { members, mismatches, repaired };
}

/** The usage report as lines for a terminal. */
export function formatUsageReport(report: UsageVerifyReport): string {
  const lines = [
    `members: ${report.members}`,
    `usage mismatches: ${report.mismatches.length}`,
    ...report.mismatches.map(
      (mismatch) =>
        `  usage_mismatch ${mismatch.userId}: counted live ${mismatch.counted.live} trash ${mismatch.counted.trash}, files live ${mismatch.actual.live} trash ${mismatch.actual.trash}`,
    ),
    ...(report.repaired > 0 ? [`usage counters repaired: ${report.repaired}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}
