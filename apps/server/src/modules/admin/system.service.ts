import type { NodeHeartbeatRepository } from './node-heartbeat.repository';
import type { SystemRepository } from './system.repository';

/** How far back a node's last beat lists it. */
const nodesSeenMs = 3 * 60_000;

/** The phases of each queue that count as waiting, running and failed. */
const phaseGroups: Record<string, 'waiting' | 'running' | 'failed'> = {
  PHASE_TYPE_PENDING: 'waiting',
  PHASE_TYPE_RUNNING: 'running',
  PHASE_TYPE_ERROR: 'failed',
  pending: 'waiting',
  running: 'running',
  failed: 'failed',
};

/**
 * The console's system page (docs/api.md#operator-console): the nodes seen lately, per queue of background work how many
 * items wait, run and failed and since when the oldest waits, the latest failures with their
 * reasons, the fleet's periodic jobs, and the blob store with `verify`'s last mark.
 */
export function createSystemService(deps: {
  system: SystemRepository;
  nodes: NodeHeartbeatRepository;
  now: () => Date;
}) {
  return {
    async state() {
      const now = deps.now();
      const [nodes, phases, failed, jobs, blobs] = await Promise.all([
        deps.nodes.seenSince(new Date(now.getTime() - nodesSeenMs).toISOString()),
        deps.system.phases(),
        deps.system.failures(),
        deps.system.jobs(),
        deps.system.blobs(),
      ]);
      const queues = new Map<
        string,
        {
          kind: string;
          waiting: number;
          running: number;
          failed: number;
          oldest_waiting_at: string;
        }
      >();
      for (const row of phases) {
        const queue = queues.get(row.kind) ?? {
          kind: row.kind,
          waiting: 0,
          running: 0,
          failed: 0,
          oldest_waiting_at: '',
        };
        const group = phaseGroups[row.phase];
        if (group !== undefined) {
          queue[group] += Number(row.count);
          if (group === 'waiting' && row.oldest !== null) {
            queue.oldest_waiting_at = row.oldest;
          }
          queues.set(row.kind, queue);
        }
      }
      return {
        checked_at: now.toISOString(),
        nodes,
        queues: [...queues.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
        failed,
        jobs,
        blobs: {
          count: Number(blobs.count),
          physical_bytes: String(blobs.bytes),
          logical_bytes: String(blobs.logical),
          unverified: Number(blobs.count) - Number(blobs.verified),
          last_verified_at: blobs.last_verified_at ?? '',
        },
      };
    },
  };
}

export type SystemService = ReturnType<typeof createSystemService>;
