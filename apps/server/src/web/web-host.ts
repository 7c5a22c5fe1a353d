import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Duplex } from 'node:stream';

/** The part of a Next.js app the server uses. */
interface NextApp {
  prepare(): Promise<void>;
  close(): Promise<void>;
  getRequestHandler(): (request: IncomingMessage, response: ServerResponse) => Promise<void>;
  getUpgradeHandler(): (request: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>;
}

type NextFactory = (options: {
  dev: boolean;
  dir: string;
  hostname: string;
  port: number;
  quiet: boolean;
}) => NextApp;

/** The web app, hosted in the server's process so site pages and API share one port. */
export interface WebHost {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): Promise<void>;
  close(): Promise<void>;
}

export interface WebHostOptions {
  /** The Next.js app folder (apps/web). */
  dir: string;
  /** Development: compile pages on demand with hot reload. */
  dev: boolean;
  hostname: string;
  port: number;
}

/**
 * Loads Next.js from the web app's own dependencies (the server does not depend on it) and
 * prepares it. Fails with a clear message when the app has not been built.
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  if (!options.dev && !fs.existsSync(path.join(options.dir, '.next', 'BUILD_ID'))) {
    throw new Error(`The web app in ${options.dir} is not built: run "npm run build" first`);
  }
  // The web app reads its content files (blog posts) from its own folder, whatever the
  // server's working directory is.
  process.env.NIMBUS_WEB_DIR ??= path.resolve(options.dir);
  const requireFromWeb = createRequire(path.join(options.dir, 'package.json'));
  const next = requireFromWeb('next') as NextFactory;
  const app = next({
    dev: options.dev,
    dir: options.dir,
    hostname: options.hostname,
    port: options.port,
    quiet: !options.dev,
  });
  await app.prepare();
  const handle = app.getRequestHandler();
  const upgrade = app.getUpgradeHandler();
  return {
    handle: (request, response) => handle(request, response),
    upgrade: (request, socket, head) => upgrade(request, socket, head),
    close: () => app.close(),
  };
}
