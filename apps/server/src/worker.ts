import { pino } from 'pino';
import { ConfigError, loadConfig } from './config';
import { createContainer } from './container';
import { setDirectIo } from './modules/storage/shared-slots';
import { startHashThreads } from './modules/storage/threaded-hash';
import { currentSchema, migrateToLatest, openDatabase } from './db/database';
import { startNodeHeartbeat } from './jobs/node-heartbeat';

/**
 * `npm run worker`: the background workers without HTTP: offline downloads, large saves from
 * shares, videos prepared at ingest (`TRANSCODE_AT_INGEST`) and members' data exports. It shares the database (and the
 * blob store) with the API nodes and takes queued tasks with the same compare-and-set lease, so any number of these processes and of in-process
 * workers run against one queue. It runs `OFFLINE_WORKERS` downloads at once (2 when that is 0,
 * which only switches off the server's in-process worker) and one save at a time. SIGTERM or
 * SIGINT stops taking tasks, puts the running downloads back in the queue (their kept bytes
 * resume with a Range request), lets the chunk of a save under way commit, and exits (the rest of
 * that save is taken up from there by any worker once its lease runs out).
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
  startHashThreads();
  setDirectIo(config.DIRECT_IO);
  await container.offlineWorker.start();
  logger.info({ concurrency: config.OFFLINE_WORKERS }, 'offline worker started');
  container.restoreWorker.start();
  logger.info('restore worker started');
  container.videoPrepare.start();
  container.dataExportWorker.start();
  const heartbeat = startNodeHeartbeat({
    nodes: container.nodes,
    id: container.jobLeases.holder,
    role: 'worker',
    now: () => new Date(),
    logger,
  });

  let stopping: Promise<void> | undefined;
  const stop = (signal: NodeJS.Signals | undefined, fault?: unknown) => {
    stopping ??= (async () => {
      if (fault === undefined) {
        logger.info({ signal }, 'shutting down');
      } else {
        logger.error({ err: fault }, 'shutting down after an error');
      }
      const force = setTimeout(() => process.exit(1), 10_000);
      force.unref();
      // After an error nothing caught, the downloads running may be what failed: their runs
      // count as runs the process died in (a task that keeps doing this is failed, not rerun).
      await Promise.all([
        container.offlineWorker.stop({ fault: fault !== undefined }),
        container.restoreWorker.stop(),
        container.videoPrepare.stop(),
        container.dataExportWorker.stop(),
        heartbeat.stop(),
      ]);
      await container.mailer.close();
      await container.blobStore.close();
      await container.fleet.close();
      await database.db.destroy();
      process.exit(fault === undefined ? 0 : 1);
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.on('SIGTERM', (signal) => stop(signal));
  process.on('SIGINT', (signal) => stop(signal));
  // The last resort: an error nothing caught ends the process, whose state is unknown.
  process.on('uncaughtException', (error) => stop(undefined, error));
  process.on('unhandledRejection', (error) =>
    stop(undefined, error ?? new Error('a promise was rejected without a reason')),
  );
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
