import type { EventType } from '@nimbus/contracts';

/*
 * What the drive and the modules built on it (uploads, offline tasks, content, shares) ask of
 * others. The ports live here, with their users; the membership and event modules answer them
 * and the container wires them, so neither module is imported by the drive.
 */

/** A member's plan as the drive reads it: the limits in force and when a membership ends. */
export interface PlanFigures {
  storageBytes: number;
  /** Offline (URL) download tasks (`quotas.cloud_download.limit`). */
  cloudDownloads: number;
  /** Download traffic in bytes (`quotas.download_traffic.limit`). */
  downloadTrafficBytes: number;
  /** Offline downloads running at once; the member's others wait in the queue. */
  offlineRunning: number;
  /** Bytes offline downloads may fetch per UTC month. */
  offlineTrafficBytes: number;
  /** End of the active membership; undefined on the free plan. */
  expiresAt: string | undefined;
}

/** What other modules ask about plans (the drive's quota, the tasks' limits). */
export interface PlanProvider {
  planOf(userId: string): Promise<PlanFigures>;
}

/** Something that happened to one of a member's files. */
export interface EventInput {
  type: EventType;
  fileId: string;
  /** Extra facts (the share a restore came from, ...). */
  params?: Record<string, string>;
}

/** What other modules need to record events (uploads, restores, playback, offline tasks). */
export interface EventRecorder {
  record(userId: string, events: EventInput | EventInput[]): Promise<void>;
}

/** The member's download traffic this month, in bytes (the content module meters it). */
export interface DownloadTrafficUsage {
  usage(userId: string): Promise<number>;
}

/** How many offline download tasks the member created today (the offline module counts them). */
export interface OfflineTaskCount {
  createdToday(userId: string): Promise<number>;
}
