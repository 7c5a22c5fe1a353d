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
import { runOperatorCommand } from './operator-command';

/**
 * `npm run feedback -w @nimbus/server -- list|show ...`: operators read members' feedback and
 * save its attachments from the configured database and blob store (same environment as the
 * server). Exits 2 on a wrong command line or when it could not run.
 */
runOperatorCommand({
  name: 'feedback',
  usage: feedbackUsage,
  isUsageError: (error) => error instanceof FeedbackUsageError,
  run: async (database, config) => {
    const store = createBlobStore(config, {
      logger: { warn: (message) => process.stderr.write(`${message}\n`) },
    });
    try {
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
      return await runFeedbackCommand(process.argv.slice(2), { feedback, store });
    } finally {
      await store.close();
    }
  },
});
