import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { createBlobStore } from '../modules/storage/blob-store';
import { createBlobRepository } from '../modules/storage/blob.repository';
import { verifyBlobs, type BlobVerifyReport } from '../modules/storage/blob-verify';
import { createUsageRepository } from '../modules/drive/usage.repository';
import { formatUsageReport, verifyUsage } from '../modules/drive/usage-verify';

/** The report as lines for a terminal: the counts, then one line per problem. */
export function formatReport(report: BlobVerifyReport): string {
  const lines = [
    `rows: ${report.rows}`,
    `stored blobs: ${report.stored}`,
    `intact: ${report.intact}`,
    `bytes re-hashed: ${report.bytesHashed}`,
    `unreferenced (to collect): ${report.unreferenced}`,
    `problems: ${report.problems.length}`,
    ...report.problems.map(
      (problem) => `  ${problem.problem} ${problem.sha256}: ${problem.detail}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `npm run verify -w @nimbus/server [-- --fix]`: re-hashes every blob of the configured store
 * against the configured database (same environment as the server), then compares every
 * member's storage counters with the sums of their files; `--fix` sets the counters that differ
 * to those sums. Exits 1 when anything is wrong (a repaired counter counts as found), 2 when
 * the check could not run.
 */
async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((argument) => argument !== '--fix');
  if (unknown.length > 0) {
    process.stderr.write(`verify: unknown argument ${unknown.join(' ')} (only --fix)\n`);
    return 2;
  }
  const config = loadConfig();
  const database = openDatabase(config);
  const store = createBlobStore(config, {
    logger: { warn: (message) => process.stderr.write(`${message}\n`) },
  });
  try {
    const report = await verifyBlobs({
      store,
      blobs: createBlobRepository(database.db),
      now: () => new Date(),
    });
    process.stdout.write(formatReport(report));
    const usage = await verifyUsage(createUsageRepository(database.db), {
      fix: argv.includes('--fix'),
      now: () => new Date(),
    });
    process.stdout.write(formatUsageReport(usage));
    return report.problems.length === 0 && usage.mismatches.length === 0 ? 0 : 1;
  } finally {
    await store.close();
    await database.db.destroy();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\n`
        : `verify could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exitCode = 2;
  },
);
