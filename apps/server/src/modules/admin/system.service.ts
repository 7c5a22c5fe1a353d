import type { MailDeliveryRepository } from '../user/mail/mail-delivery.repository';
import type { NodeHeartbeatRepository } from './node-heartbeat.repository';
import type { SystemRepository } from './system.repository';

/** The latest failures the page lists. */
const failedListed = 50;

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
 * reasons, the fleet's periodic jobs, the blob store with `verify`'s last mark, and the mail
 * outbox (messages being sent, sent and failed in the last 30 days, the latest failures).
 */
export function createSystemService(deps: {
  system: SystemRepository;
  nodes: NodeHeartbeatRepository;
  mail: Pick<MailDeliveryRepository, 'state'>;
  now: () => Date;
}) {
  return {
    async state() {
      const now = deps.now();
      const [nodes, phases, failed, jobs, blobs, mail] = await Promise.all([
        deps.nodes.seenSince(new Date(now.getTime() - nodesSeenMs).toISOString()),
        deps.system.phases(),
        deps.system.failures(),
        deps.system.jobs(),
        deps.system.blobs(),
        deps.mail.state(),
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
      const mailCounts = {
        sending: mail.counts.get('sending') ?? 0,
        sent: mail.counts.get('sent') ?? 0,
        failed: mail.counts.get('failed') ?? 0,
      };
      // The mail outbox shows as a queue too: messages being handed to the mail server run.
      if (mailCounts.sending + mailCounts.failed > 0) {
        queues.set('mail', {
          kind: 'mail',
          waiting: 0,
          running: mailCounts.sending,
          failed: mailCounts.failed,
          oldest_waiting_at: '',
        });
      }
      const mailFailures = mail.failures.map((row) => ({
        kind: 'mail',
        id: row.id,
        reason: row.error,
        at: row.at,
      }));
      return {
        checked_at: now.toISOString(),
        nodes,
        queues: [...queues.values()].sort((a, b) => a.kind.localeCompare(b.kind)),
        failed: [...failed, ...mailFailures]
          .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
          .slice(0, failedListed),
        mail: { ...mailCounts, last_failures: mail.failures },
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
