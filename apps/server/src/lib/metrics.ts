import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** A queue as the metrics read it at each scrape. */
export interface QueueReading {
  queue: string;
  waiting: number;
  /** When the task waiting longest was queued (ISO 8601); null when none waits. */
  oldest: string | null;
}

/** The connections of a database pool (`pg.Pool`'s counts). */
export interface PoolReading {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * The node's Prometheus metrics (`METRICS_PORT`): the process's own (CPU, memory, event-loop
 * lag, handles), the HTTP API's latency by route group and status, bytes in and out, blob store
 * errors, the task queues' depths and ages and the database pool's use. Made only when metrics are on, so a node without them pays nothing per call.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'nimbus_' });
  const requestSeconds = new Histogram({
    name: 'nimbus_http_request_duration_seconds',
    help: 'Time to answer an API call, by route group (first path segment) and status.',
    labelNames: ['group', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const bytesIn = new Counter({
    name: 'nimbus_http_request_bytes_total',
    help: 'Bytes of API request bodies, by route group (as their Content-Length says).',
    labelNames: ['group'],
    registers: [registry],
  });
  const bytesOut = new Counter({
    name: 'nimbus_http_response_bytes_total',
    help: 'Bytes of API answers, by route group (as their Content-Length says).',
    labelNames: ['group'],
    registers: [registry],
  });
  const blobErrors = new Counter({
    name: 'nimbus_blob_store_errors_total',
    help: 'Blob store operations that failed.',
    labelNames: ['operation'],
    registers: [registry],
  });
  return {
    registry,

    /** Reads the queues at each scrape: tasks waiting and the age of the oldest, by queue. */
    watchQueues(read: () => Promise<QueueReading[]>, now: () => Date): void {
      new Gauge({
        name: 'nimbus_queue_depth',
        help: 'Background tasks waiting to be taken, by queue.',
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          for (const reading of await read()) {
            this.set({ queue: reading.queue }, reading.waiting);
          }
        },
      });
      new Gauge({
        name: 'nimbus_queue_oldest_age_seconds',
        help: 'How long the task waiting longest has waited, by queue (0 when none waits).',
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          for (const reading of await read()) {
            const age =
              reading.oldest === null ? 0 : (now().getTime() - Date.parse(reading.oldest)) / 1000;
            this.set({ queue: reading.queue }, Math.max(0, age));
          }
        },
      });
    },

    /** Reads the database pool at each scrape (PostgreSQL; SQLite has one connection, no pool). */
    watchPool(pool: PoolReading): void {
      new Gauge({
        name: 'nimbus_db_pool_connections',
        help: 'Connections of the database pool, by state (idle or in use).',
        labelNames: ['state'],
        registers: [registry],
        collect() {
          this.set({ state: 'idle' }, pool.idleCount);
          this.set({ state: 'used' }, pool.totalCount - pool.idleCount);
        },
      });
      new Gauge({
        name: 'nimbus_db_pool_waiting',
        help: 'Queries waiting for a connection of the database pool.',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    },

    /** Counts one answered call; `url` is the route's pattern (`/drive/v1/files/:id`). */
    observeRequest(
      url: string,
      status: number,
      milliseconds: number,
      requestBytes: number,
      responseBytes: number,
    ): void {
      const group = groupOf(url);
      requestSeconds.observe({ group, status: String(status) }, milliseconds / 1000);
      if (requestBytes > 0) {
        bytesIn.inc({ group }, requestBytes);
      }
      if (responseBytes > 0) {
        bytesOut.inc({ group }, responseBytes);
      }
    },

    /** Counts a failed blob store operation (`put`, `get`, `ready`, ...). */
    blobStoreFailed(operation: string): void {
      blobErrors.inc({ operation });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The first segment of a route pattern (`drive` of `/drive/v1/files`), or `other`: few labels. */
function groupOf(url: string): string {
  const end = url.indexOf('/', 1);
  const segment = end === -1 ? url.slice(1) : url.slice(1, end);
  return segment === '' || segment.startsWith(':') || segment.startsWith('*') ? 'other' : segment;
}

/**
 * Serves `GET /metrics` on a listener of its own, apart from the site and the API, so it is
 * never exposed through the load balancer. Answers the started server.
 */
export async function startMetricsListener(
  metrics: Metrics,
  address: { port: number; host: string },
): Promise<http.Server> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text);
      },
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address.port, address.host, () => resolve());
  });
  return server;
}
