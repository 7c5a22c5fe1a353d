import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { currentSchema, migrateToLatest, openDatabase } from './db/database';

/**
 * `npm run worker`: the offline download worker alone, without HTTP. It shares the database (and
 * the blob store) with the API nodes and takes queued tasks with the same compare-and-set lease,
 * so any number of these processes and of in-process workers run against one queue. It runs
 * `OFFLINE_WORKERS` downloads at once (2 when that is 0, which only switches off the server's
 * in-process worker). SIGTERM or SIGINT stops taking tasks, puts the running ones back in the
 * queue (their kept bytes resume with a Range request) and exits.
 */
async function main(): Promise<void> {
  const loaded = loadConfig();
  const config = {
    ...loaded,
    OFFLINE_WORKERS: loaded.OFFLINE_WORKERS > 0 ? loaded.OFFLINE_WORKERS : 2,
  };
  const logger = pino({ level: config.LOG_LEVEL });
  const database = openDatabase(config);
  const schema = database.dialect === 'postgres' ? await currentSchema(database.db) : undefined;
  const applied = await migrateToLatest(database.db, schema);
  logger.info({ dialect: database.dialect, applied }, 'database ready');
  const container = createContainer(config, database, { logger });
  await container.offlineWorker.start();
  logger.info({ concurrency: config.OFFLINE_WORKERS }, 'offline worker started');

  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals) => {
    stopping ??= (async () => {
      logger.info({ signal }, 'shutting down');
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      await container.offlineWorker.stop();
      await container.mailer.close();
      await container.blobStore.close();
      await database.db.destroy();
      process.exit(0);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  // The worker's timers are unref'd: this keeps the process alive until a signal.
  setInterval(() => undefined, 1 << 30);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Nimbus worker could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
