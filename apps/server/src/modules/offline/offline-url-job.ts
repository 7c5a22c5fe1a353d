import { performance } from 'node:perf_hooks';
import { AppError } from '../../http/app-error';
import type { ContentDigest } from '../storage/content-hash';
import { HashedFileWriter } from '../storage/hashed-file-writer';
import { createStreamHasher } from '../storage/threaded-hash';
import { SourceStatusError, type OpenedSource } from './url-fetcher';
import { DownloadFailure } from './download-failure';
import { downloadName } from './offline.service';
import {
  availableBytes,
  StoppedByMember,
  targetFolder,
  type OfflineWorkerDeps,
  type RunStart,
  type TaskRun,
} from './offline-job';

/** How the URL job syncs its partial file. */
export interface UrlJobTiming {
  /** How often the partial data is fsynced and its durable length recorded. */
  checkpointMs: number;
  /** Bytes written between the background fdatasyncs of the partial data (0: none). */
  flushBytes: number;
}

/**
 * Streams a URL through the SSRF-guarded fetcher into the task's partial file, hashing on the
 * way and resuming with `Range` and `If-Range` from the durable bytes an earlier run kept, checks
 * the size cap, the member's free storage and the month's traffic before and while bytes flow,
 * and files the finished bytes (a rename into the blob store) in the target folder.
 */
export async function runUrlJob(
  run: TaskRun,
  start: RunStart,
  timing: UrlJobTiming,
): Promise<void> {
  const { deps, task, controller, workerId } = run;
  const { source, point, plan, period } = start;
  const { checkpointMs, flushBytes } = timing;
  let traffic = start.traffic;
  const part = await run.parts.open(task, point.validator !== null, point.fetchedBytes);
  const handle = part.handle;
  const direct = part.direct;
  run.handle = handle;
  run.direct = direct;
  let hasher = part.hasher;
  let written = part.kept;
  run.durable = part.kept;
  run.parked = part.parked;
  if (part.kept === 0) {
    await run.parts.unpark(run);
  }
  let opened: OpenedSource;
  const openFresh = async () => {
    written = 0;
    run.durable = 0;
    await handle.truncate(0);
    await run.parts.unpark(run);
    return deps.fetcher.open(source.sourceUrl, controller.signal);
  };
  if (written > 0 && point.validator !== null) {
    try {
      opened = await deps.fetcher.open(source.sourceUrl, controller.signal, {
        offset: written,
        validator: point.validator,
      });
    } catch (error) {
      // A range the source no longer has (416), or an answer of another version: start over.
      if (!(error instanceof SourceStatusError)) {
        throw error;
      }
      opened = await openFresh();
    }
    if (opened.start !== written) {
      // The source changed (If-Range did not match) or serves no ranges: from zero.
      written = 0;
      run.durable = 0;
      await handle.truncate(0);
      await run.parts.unpark(run);
    }
  } else {
    opened = await openFresh();
  }
  if (written === 0) {
    hasher.dispose();
    hasher = createStreamHasher(opened.size);
  }
  run.validator = opened.acceptsRanges ? opened.validator : null;
  let available = await availableBytes(run);
  const name = downloadName(task.name, source.sourceUrl, opened.fileName);
  const total = opened.size;
  if (total !== undefined && total > deps.maxBytes) {
    opened.body.destroy();
    throw new DownloadFailure('too_large');
  }
  if (total !== undefined && total > available) {
    opened.body.destroy();
    throw new DownloadFailure('space_not_enough');
  }
  if (total !== undefined && traffic + (total - written) > plan.offlineTrafficBytes) {
    opened.body.destroy();
    throw new DownloadFailure('traffic_exhausted');
  }
  await run.update(
    {
      name,
      fileName: name,
      fileSize: total ?? 0,
      fetchedBytes: run.durable,
      sourceValidator: run.validator,
      updatedAt: deps.now().toISOString(),
    },
    run.leaseUntil(),
  );

  const started = performance.now();
  const startedAt = written;
  let counted = written;
  const file = handle;

  // Received bytes are read straight into the writer's buffers (plain http), written (whole
  // buffers with direct I/O) and hashed on the hash threads while the next arrive, and the
  // file is synced as it grows, so the last fsync has little left to do.
  const sink = new HashedFileWriter(file, written, hasher, {
    flushBytes,
    ...(direct === undefined ? {} : { direct }),
  });

  /** fsyncs what is written, records it as run.durable, counts its traffic and looks at the limits again. */
  const checkpoint = async (final: boolean) => {
    await sink.settleWrites();
    const at = sink.written;
    await sink.syncTo(at);
    const elapsed = (performance.now() - started) / 1000;
    const speed = elapsed > 0 ? Math.round((sink.queued - startedAt) / elapsed) : 0;
    // What arrived shows as progress; what is run.durable is what a restart resumes from.
    const seen = Math.max(at, sink.queued);
    const percent =
      total !== undefined && total > 0 ? Math.min(99, Math.floor((seen / total) * 100)) : 0;
    const eta = total !== undefined && speed > 0 ? String(Math.ceil((total - seen) / speed)) : '';
    const held = await run.update(
      {
        progress: percent,
        fetchedBytes: at,
        params: { ...run.keptParams, url: run.url, speed: final ? '0' : String(speed), eta },
        updatedAt: deps.now().toISOString(),
      },
      run.leaseUntil(),
    );
    run.durable = at;
    // With BLOB_STORE=s3 the durable bytes go to the bucket a part at a time, for another node.
    await run.parts
      .park(run, at)
      .catch((error: unknown) =>
        deps.logger.error({ err: error, taskId: task.id }, 'offline partial data not parked'),
      );
    if (at > counted) {
      traffic = await deps.tasks.addTraffic(task.userId, period, at - counted);
      counted = at;
    }
    if (!held) {
      throw new StoppedByMember();
    }
    if (traffic > plan.offlineTrafficBytes) {
      throw new DownloadFailure('traffic_exhausted');
    }
    available = await availableBytes(run);
    if (at > available) {
      throw new DownloadFailure('space_not_enough');
    }
  };

  let checkpointing: Promise<void> | undefined;
  let failure: Error | undefined;
  // Checkpoints run on a clock, so a source that stalls still shows its progress.
  const ticker = setInterval(() => {
    if (checkpointing !== undefined || failure !== undefined) {
      return;
    }
    checkpointing = checkpoint(false)
      .catch((error: unknown) => {
        failure = error instanceof Error ? error : new Error(String(error));
        opened.body.destroy(failure);
      })
      .finally(() => {
        checkpointing = undefined;
      });
  }, checkpointMs);
  const onAbort = () => opened.body.destroy(controller.signal.reason as Error);
  controller.signal.addEventListener('abort', onAbort, { once: true });
  try {
    await opened.body.pipeTo(sink, (received) => {
      if (failure !== undefined) {
        throw failure;
      }
      if (sink.error !== undefined) {
        throw sink.error;
      }
      if (received > deps.maxBytes) {
        throw new DownloadFailure('too_large');
      }
      if (received > available) {
        throw new DownloadFailure('space_not_enough');
      }
      if (total !== undefined && received > total) {
        throw new DownloadFailure('interrupted');
      }
      if (traffic + (received - counted) > plan.offlineTrafficBytes) {
        throw new DownloadFailure('traffic_exhausted');
      }
    });
    await sink.flush();
  } finally {
    clearInterval(ticker);
    controller.signal.removeEventListener('abort', onAbort);
    // Bytes that arrived whole are kept for a resume, unless a write failed; the file stays
    // open until every write settled.
    await sink.flush().catch(() => undefined);
    written = sink.written;
    await checkpointing;
    // Bytes fetched since the last checkpoint count as traffic too, even when they go unkept.
    if (written > counted) {
      const bytes = written - counted;
      counted = written;
      traffic = await deps.tasks
        .addTraffic(task.userId, period, bytes)
        .catch(() => traffic + bytes);
    }
  }
  if (failure !== undefined) {
    throw failure;
  }
  if (controller.signal.aborted) {
    throw controller.signal.reason as Error;
  }
  if (total !== undefined && written !== total) {
    throw new DownloadFailure('interrupted');
  }
  await checkpoint(true);
  await file.sync();
  await direct?.close();
  run.direct = undefined;
  await file.close();
  run.handle = undefined;
  const digest = await hasher.digest();
  await deps.blobs.adopt(run.parts.partOf(task.id), digest);
  run.adopted = true;
  const parentId = await targetFolder(deps, task.userId, source.targetParentId);
  let made;
  try {
    made = await createNamed(deps, task.userId, name, parentId, digest, opened.mimeType);
  } catch (error) {
    await deps.blobs.release(digest.sha256);
    throw error;
  }
  const done = await run.update(
    {
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      fileId: made.id,
      fileName: made.name,
      fileSize: digest.size,
      messageKey: '',
      fetchedBytes: 0,
      sourceValidator: null,
      params: { ...run.keptParams, url: run.url, speed: '0', eta: '0' },
      updatedAt: deps.now().toISOString(),
    },
    'release',
  );
  await run.parts.dropParked(task.id);
  if (done) {
    await deps.events.record(task.userId, { type: 'TYPE_OFFLINE', fileId: made.id });
    deps.logger.info(
      { taskId: task.id, worker: workerId, size: digest.size, resumedFrom: startedAt },
      'offline download complete',
    );
  }
}

/** Files the download under the source's name, or as `download` when that name is refused. */
async function createNamed(
  deps: OfflineWorkerDeps,
  userId: string,
  name: string,
  parentId: string,
  digest: ContentDigest,
  mimeType: string,
) {
  const blob = { sha256: digest.sha256, gcid: digest.gcid, size: digest.size };
  try {
    return await deps.files.createFile(userId, { name, parentId, blob, mimeType });
  } catch (error) {
    if (error instanceof AppError && error.reason === 'invalid_argument') {
      return deps.files.createFile(userId, { name: 'download', parentId, blob, mimeType });
    }
    throw error;
  }
}
