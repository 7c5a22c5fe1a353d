/** The lease of one periodic job of the fleet (migration 0033-job-leases). */
export interface JobLeaseTable {
  /** The job's name (`housekeeping.trash`). */
  name: string;
  /** The process holding the lease; `''` when none does. */
  holder: string;
  /** Until when the holder may run the job; after it any node may take the lease. */
  held_until: string;
  /** When the next pass is due, whichever node runs it. */
  next_run_at: string;
}

/** A server or worker process of the fleet and when it last said it runs (0057-node-heartbeats). */
export interface NodeHeartbeatTable {
  id: string;
  /** `server` or `worker`. */
  role: string;
  version: string;
  host: string;
  started_at: string;
  seen_at: string;
}
