import os from 'node:os';
import type { Logger } from 'pino';
import manifest from '../../package.json';
import type { NodeHeartbeatRepository } from '../modules/admin/node-heartbeat.repository';

/** How often a node writes its row; the console lists nodes seen within a few of these. */
export const heartbeatEveryMs = 30_000;
const sweepAfterMs = 24 * 3600_000;

/**
 * Writes this process's row of the fleet (0057-node-heartbeats) now and every half minute: its id
 * (the holder name of its job leases), role, version, host and start, for the console's system
 * page. `stop` deletes the row, with those of nodes not seen for a day. A failed write is logged
 * and tried again on the next beat.
 */
export function startNodeHeartbeat(deps: {
  nodes: NodeHeartbeatRepository;
  id: string;
  role: 'server' | 'worker';
  now: () => Date;
  logger: Pick<Logger, 'warn'>;
}) {
  const startedAt = deps.now().toISOString();
  const beat = async () => {
    try {
      await deps.nodes.beat({
        id: deps.id,
        role: deps.role,
        version: manifest.version,
        host: os.hostname().slice(0, 255),
        started_at: startedAt,
        seen_at: deps.now().toISOString(),
      });
    } catch (error) {
      deps.logger.warn({ err: error }, 'node heartbeat not written');
    }
  };
  const first = beat();
  const timer = setInterval(() => void beat(), heartbeatEveryMs);
  timer.unref();
  return {
    /** The first beat, written. */
    ready: first,
    async stop(): Promise<void> {
      clearInterval(timer);
      await first;
      const before = new Date(deps.now().getTime() - sweepAfterMs).toISOString();
      await deps.nodes.remove(deps.id, before).catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'node row not removed');
      });
    },
  };
}
