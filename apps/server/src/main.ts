import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import closeWithGrace from 'close-with-grace';
import type { FastifyServerFactory } from 'fastify';
import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, configWarnings, loadConfig } from './config';
import { createContainer } from './container';
import { setDirectIo } from './modules/storage/shared-slots';
import { startHashThreads } from './modules/storage/threaded-hash';
import { currentSchema, migrateToLatest, openDatabase } from './db/database';
import { lacksHost } from './http/client-error';
import { isServerPath } from './http/server-paths';
import { startHousekeeping } from './jobs/housekeeping';
import { startNodeHeartbeat } from './jobs/node-heartbeat';
import { startMembershipReminders } from './jobs/membership-reminders';
import { startSubscriptionReminders } from './jobs/subscription-reminders';
import { startWebHost, type WebHost } from './web/web-host';
import { startMetricsListener } from './lib/metrics';

const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-captcha-token"]'],
  });
  for (const warning of configWarnings(config)) {
    logger.warn(warning);
  }
  const database = openDatabase(config);
  // Migration bookkeeping stays in Nimbus's own schema, whatever else the database holds.
  const schema = database.dialect === 'postgres' ? await currentSchema(database.db) : undefined;
  const applied = await migrateToLatest(database.db, schema);
  logger.info({ dialect: database.dialect, applied }, 'database ready');
  const container = createContainer(config, database, { logger });
  startHashThreads();
  setDirectIo(config.DIRECT_IO);
  // Commits a crash cut short are finished, and orphaned partial data removed, before serving.
  const recovered = await container.uploads.recover();
  if (recovered.committed > 0 || recovered.removed > 0) {
    logger.info(recovered, 'interrupted uploads recovered');
  }

  let web: WebHost | undefined;
  // One port for the site and the API: API paths go straight to Fastify, every other path to
  // the web app, decided by prefix before anything is parsed — no proxy hop in between.
  const serverFactory: FastifyServerFactory = (handler) => {
    // Node's own Host check answers an empty 400; the API refuses a request without Host itself.
    const server = http.createServer({ requireHostHeader: false }, (request, response) => {
      if (web && !isServerPath(request.url ?? '/') && !lacksHost(request)) {
        web.handle(request, response).catch((error: unknown) => {
          logger.error({ err: error }, 'web request failed');
          if (!response.headersSent) {
            response.statusCode = 500;
          }
          response.end();
        });
        return;
      }
      handler(request, response);
    });
    // Only the web app's development server takes upgrades (its live reload); elsewhere an
    // Upgrade header is ignored and the request answered as any other (RFC 9110 §7.8).
    if (config.WEB && config.NODE_ENV === 'development') {
      server.on('upgrade', (request, socket, head) => {
        if (web) {
          void web.upgrade(request, socket, head);
          return;
        }
        socket.destroy();
      });
    }
    return server;
  };

  const app = await buildApp({
    config,
    container,
    logger,
    serverFactory,
    readinessChecks: config.WEB ? { web: () => Promise.resolve(web !== undefined) } : {},
  });
  const housekeeping = startHousekeeping(container, logger);
  const reminders = startMembershipReminders(container, logger);
  const renewalReminders = startSubscriptionReminders(container, logger);
  if (config.OFFLINE_WORKERS > 0) {
    await container.offlineWorker.start();
    container.videoPrepare.start();
  }
  container.restoreWorker.start();
  container.dataExportWorker.start();
  const heartbeat = startNodeHeartbeat({
    nodes: container.nodes,
    id: container.jobLeases.holder,
    role: 'server',
    now: () => new Date(),
    logger,
  });
  app.addHook('onClose', async () => {
    await heartbeat.stop();
    await housekeeping.stop();
    await reminders?.stop();
    await renewalReminders?.stop();
    await container.offlineWorker.stop();
    await container.restoreWorker.stop();
    await container.dataExportWorker.stop();
    await container.videoPrepare.stop();
    await web?.close();
    await container.mailer.close();
    await container.blobStore.close();
    await container.fleet.close();
    await database.db.destroy();
  });

  // The last resort: an error nothing caught ends the process (its state is unknown), after the
  // requests under way are answered. The offline tasks running then may be what failed: their
  // runs count as runs the process died in, so a task that keeps doing this is failed, not rerun.
  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) {
      logger.error({ err }, 'shutting down after an error');
      await container.offlineWorker.stop({ fault: true });
    } else {
      logger.info({ signal }, 'shutting down');
    }
    await app.close();
  });

  if (config.WEB) {
    web = await startWebHost({
      dir: config.WEB_DIR ? path.resolve(config.WEB_DIR) : path.resolve(here, '../../web'),
      dev: config.NODE_ENV === 'development',
      hostname: config.HOST,
      port: config.PORT,
    });
  }
  await container.fleet.ready();
  if (container.metrics) {
    const listener = await startMetricsListener(container.metrics, {
      port: config.METRICS_PORT,
      host: config.HOST,
    });
    app.addHook('onClose', () => new Promise<void>((resolve) => listener.close(() => resolve())));
  }
  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Nimbus could not start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
