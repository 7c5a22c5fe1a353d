import { z } from 'zod';
import { commaList, flag, originSchema } from './fields';

/**
 * The process, its database, its network edge and the access check. Each variable is described in
 * its schema (`.describe()`), which docs/configuration.md is generated from (`npm run
 * docs:config`).
 */
export const serverSettings = {
  NODE_ENV: z
    .enum(['production', 'development', 'test'])
    .default('production')
    .describe('`production` or `development`; development serves the web app with hot reload.'),
  PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(3000)
    .describe('TCP port of the one server that answers the site and every API path.'),
  HOST: z
    .string()
    .min(1)
    .default('0.0.0.0')
    .describe('Interface to listen on; `0.0.0.0` for every IPv4 interface.'),
  DATA_DIR: z
    .string()
    .min(1)
    .default('./data')
    .describe('Folder of the SQLite database, the blobs and the mail outbox.'),
  DIRECT_IO: flag
    .default(true)
    .describe(
      'Uploads, offline downloads and large WebDAV PUTs write whole 1 MiB buffers with direct I/O (`O_DIRECT`), past the page cache, where the file system of DATA_DIR has it; `false` writes through the cache.',
    ),
  DATABASE_URL: z
    .string()
    .default('')
    .refine((value) => value === '' || /^postgres(ql)?:\/\//.test(value), {
      message: 'must be empty (SQLite) or a postgres:// URL',
    })
    .describe('`postgres://user:pass@host/db` selects PostgreSQL; empty means SQLite in DATA_DIR.'),
  DATABASE_POOL_SIZE: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(10)
    .describe('Connections in the PostgreSQL pool.'),
  PUBLIC_URL: originSchema
    .optional()
    .describe(
      "The site's public origin, used for absolute links, cookies and the allowed origins; `http://localhost:PORT` when unset.",
    ),
  ALLOWED_ORIGINS: commaList
    .pipe(z.array(originSchema))
    .describe('Extra origins allowed to send cookie-authenticated writes and CORS requests.'),
  TRUST_PROXY: z
    .string()
    .default('loopback')
    .describe(
      'Which proxies to trust for the client address: `loopback`, `none`, or a list of CIDRs.',
    ),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('pino log level.'),
  RATE_LIMIT_MAX: z.coerce
    .number()
    .int()
    .min(1)
    .default(1200)
    .describe('Requests one client address may make per RATE_LIMIT_WINDOW_MS.'),
  RATE_LIMIT_WINDOW_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe('Length of the rate-limit window in milliseconds.'),
  REDIS_URL: z
    .string()
    .default('')
    .refine((value) => value === '' || /^rediss?:\/\//.test(value), {
      message: 'must be empty or a redis:// or rediss:// URL',
    })
    .describe(
      "Redis shared by the nodes of a fleet (`redis://host:6379/0`): the request rate limit and the guessing limits count there for every node, and a revoked session is dropped from every node's session cache at once. Empty keeps them in each process (one node). While Redis cannot be reached, the request rate limit lets requests through and the guessing limits count per node, each logged as a warning.",
    ),
  REDIS_PREFIX: z
    .string()
    .min(1)
    .default('nimbus:')
    .describe(
      'Prefix of every Redis key and channel of this deployment, so several can share one Redis.',
    ),
  METRICS_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(0)
    .describe(
      'TCP port of a separate listener that serves Prometheus metrics at `/metrics` (HTTP latency by route group and status, bytes in and out, blob store errors, task queue depths and ages, database pool use, event-loop lag, memory); 0 serves none and measures nothing.',
    ),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024)
    .describe('Largest JSON body accepted, in bytes (uploads have their own limits).'),
  WEB: flag
    .default(true)
    .describe('Serve the web app from apps/web in the same process (`off` for an API-only node).'),
  WEB_DIR: z
    .string()
    .optional()
    .describe('Folder of the Next.js app; defaults to apps/web next to the server.'),
  ACCESS_BLOCKED_CIDRS: commaList.describe(
    'Client addresses (CIDRs) the access check answers as not accessible.',
  ),
  ACCESS_BLOCKED_COUNTRIES: commaList
    .transform((list) => list.map((code) => code.toUpperCase()))
    .describe('Countries (ISO alpha-2) the access check answers as not accessible.'),
  COUNTRY_HEADER: z
    .string()
    .toLowerCase()
    .optional()
    .describe(
      "Request header that carries the visitor's country, set by a CDN (e.g. `cf-ipcountry`).",
    ),
  DEBUG_CONSOLE: flag
    .default(false)
    .describe('Whether the hidden debug console may be opened (`/config/v1/debug_options`).'),
};
