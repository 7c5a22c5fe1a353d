import type { TorrentFetcher } from './torrent/torrent-fetcher';
import {
  availableBytes,
  StoppedByMember,
  targetFolder,
  type RunStart,
  type TaskRun,
} from './offline-job';

/**
 * Fetches a magnet link or `.torrent` file into a folder of the member's drive: the pieces live
 * in `partDir/<task id>/` (verified again by the next run), the traffic is booked as peers send
 * bytes, and the task's file list shows as it is known.
 */
export async function runTorrentJob(
  run: TaskRun,
  torrents: TorrentFetcher,
  start: RunStart,
): Promise<void> {
  const { deps, task, controller, workerId } = run;
  const { plan, period, source } = start;
  let traffic = start.traffic;
  run.torrent = true;
  const folder = await torrents.fetch({
    taskId: task.id,
    userId: task.userId,
    magnet: source.sourceUrl,
    signal: controller.signal,
    available: await availableBytes(run),
    room: async () => {
      const now = await deps.files.about(task.userId);
      return Math.max(0, now.limit - now.usage);
    },
    trafficLeft: plan.offlineTrafficBytes - traffic,
    // Bytes received from peers, booked as they arrive: pieces kept from an earlier run are not charged again.
    charge: async (bytes) => {
      traffic = await deps.tasks.addTraffic(task.userId, period, bytes);
      return plan.offlineTrafficBytes - traffic;
    },
    targetFolder: () => targetFolder(deps, task.userId, source.targetParentId),
    workDir: run.parts.partOf(task.id),
    update: async (patch) => {
      const params = patch.params ? { ...patch.params, ...run.keptParams } : undefined;
      run.shown = params ?? run.shown;
      if (
        !(await run.update(
          { ...patch, ...(params ? { params } : {}), updatedAt: deps.now().toISOString() },
          run.leaseUntil(),
        ))
      ) {
        controller.abort(new StoppedByMember());
      }
    },
  });
  await run.parts.drop(task.id);
  const done = await run.update(
    {
      phase: 'PHASE_TYPE_COMPLETE',
      progress: 100,
      fileId: folder.folderId,
      fileName: folder.folderName,
      fileSize: folder.size,
      messageKey: '',
      fetchedBytes: 0,
      params: { ...run.shown, url: run.url, speed: '0', eta: '0' },
      updatedAt: deps.now().toISOString(),
    },
    'release',
  );
  if (done) {
    await deps.events.record(task.userId, { type: 'TYPE_OFFLINE', fileId: folder.folderId });
    deps.logger.info(
      { taskId: task.id, worker: workerId, size: folder.size, fetched: folder.fetched },
      'offline torrent complete',
    );
  }
}
