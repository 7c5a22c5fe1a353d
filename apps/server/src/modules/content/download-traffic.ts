import type { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import type { PlanProvider } from '../drive/drive.ports';
import type { DownloadTrafficRepository } from './download-traffic.repository';

/** Bytes counted in memory before they are added to the member's row (and at the end). */
export const downloadTrafficBatchBytes = 64 * 1024 * 1024;

/** The traffic period of a moment: its UTC month, `YYYY-MM`. */
export function trafficPeriodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

export interface DownloadTrafficDeps {
  traffic: DownloadTrafficRepository;
  plans: PlanProvider;
  now: () => Date;
  /** Bytes counted in memory before a write; `downloadTrafficBatchBytes` unless a test says. */
  batchBytes?: number;
  logger?: { warn(message: string): void };
}

/**
 * The plan's monthly download traffic (`quotas.download_traffic`): what the content origin sends
 * for a member's own download links is counted as it leaves, in batches, against
 * `PLAN_*_DOWNLOAD_TRAFFIC_BYTES`. A member past the limit gets `download_traffic_exhausted` on
 * a new download link and on a new download; one already sending finishes.
 */
export function createDownloadTrafficMeter(deps: DownloadTrafficDeps) {
  const { traffic, plans, now } = deps;
  const batchBytes = deps.batchBytes ?? downloadTrafficBatchBytes;

  function warn(error: unknown): void {
    deps.logger?.warn(
      `download traffic not counted: ${error instanceof Error ? error.message : String(error)}`,
    );
  }

  return {
    /** Bytes sent for the member's downloads this UTC month. */
    usage(userId: string): Promise<number> {
      return traffic.usageOf(userId, trafficPeriodOf(now()));
    },

    /** Usage and limit of the member's plan this month (`about`). */
    async quotaOf(userId: string): Promise<{ limit: number; usage: number }> {
      const [usage, plan] = await Promise.all([this.usage(userId), plans.planOf(userId)]);
      return { limit: plan.downloadTrafficBytes, usage };
    },

    /** `download_traffic_exhausted` once the member's plan traffic of this month is used up. */
    async check(userId: string): Promise<void> {
      const { limit, usage } = await this.quotaOf(userId);
      if (usage >= limit) {
        throw new AppError('download_traffic_exhausted');
      }
    },

    /**
     * The stream with its bytes counted for the member as they pass on to the answer: added to
     * the counter every `batchBytes` and, when the stream closes (ended, or the client went away),
     * what had passed by then. Counting is a listener beside the answer's pipe, not a stream of
     * its own, so the bytes flow as fast as without it; the stream is left paused, and the
     * answer's pipe starts and paces it. Batches are written one after another while the bytes
     * go on flowing.
     */
    meter(userId: string, source: Readable): Readable {
      let pending = 0;
      let writing: Promise<void> = Promise.resolve();
      const flush = (): void => {
        const bytes = pending;
        if (bytes === 0) {
          return;
        }
        pending = 0;
        writing = writing.then(() =>
          traffic.add(userId, trafficPeriodOf(now()), bytes).catch((error: unknown) => {
            warn(error);
          }),
        );
      };
      source.on('data', (chunk: Buffer) => {
        pending += chunk.length;
        if (pending >= batchBytes) {
          flush();
        }
      });
      source.pause();
      source.once('close', flush);
      return source;
    },
  };
}

export type DownloadTrafficMeter = ReturnType<typeof createDownloadTrafficMeter>;
