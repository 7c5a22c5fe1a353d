import { ConfigError, loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../db/database';
import {
  feedbackUsage,
  FeedbackUsageError,
  runFeedbackCommand,
} from '../modules/feedback/feedback-cli';
import { createFeedbackRepository } from '../modules/feedback/feedback.repository';
import { createFeedbackService } from '../modules/feedback/feedback.service';
import { createBlobRepository } from '../modules/storage/blob.repository';
import { createBlobService } from '../modules/storage/blob.service';
import { createBlobStore } from '../modules/storage/blob-store';

/**
 * `npm run feedback -w @nimbus/server -- list|show ...`: operators read members' feedback and
 * save its attachments from the configured database and blob store (same environment as the
 * server). Exits 2 on a wrong command line or when it could not run.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = openDatabase(config);
  const store = createBlobStore(config, {
    logger: { warn: (message) => process.stderr.write(`${message}\n`) },
  });
  try {
    await migrateToLatest(database.db);
    const now = () => new Date();
    const feedback = createFeedbackService({
      feedback: createFeedbackRepository(database.db),
      blobs: createBlobService({ store, blobs: createBlobRepository(database.db), now }),
      mailer: { send: async () => undefined },
      operatorEmail: '',
      emailOf: async () => undefined,
      limits: { maxPerMember: 1, maxPerAddress: 1, windowMs: 1 },
      now,
      logger: { error: () => undefined },
    });
    const lines = await runFeedbackCommand(process.argv.slice(2), { feedback, store });
    process.stdout.write(`${lines.join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
    await database.db.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof FeedbackUsageError) {
      process.stderr.write(`${error.message}\n\n${feedbackUsage}`);
    } else if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `feedback could not run: ${error instanceof Error ? error.stack : String(error)}\n`,
      );
    }
    process.exitCode = 2;
  },
);
