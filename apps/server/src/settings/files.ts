import { z } from 'zod';
import { commaList, flag, isCidrOrAddress, originSchema } from './fields';

/**
 * Unfinished uploads, content links, the trash, share pass codes and the offline download workers.
 * Each variable is described in its schema (`.describe()`), which docs/configuration.md is
 * generated from (`npm run docs:config`).
 */
export const fileSettings = {
  UPLOAD_EXPIRY_HOURS: z.coerce
    .number()
    .min(0.01)
    .max(8760)
    .default(24)
    .describe(
      'Hours an unfinished upload is kept after its last bytes arrived (tus `Upload-Expires`); then the sweep deletes its partial data and its PENDING file.',
    ),
  UPLOAD_CHECKPOINT_MIB: z.coerce
    .number()
    .int()
    .min(1)
    .max(4096)
    .default(64)
    .describe(
      'MiB between two durable checkpoints of a tus PATCH: as its bytes arrive the partial file is fdatasynced and, after each fdatasync, the offset it covered is recorded once this many MiB more are durable. A request cut short (a crash, a kill, a lost connection) resumes from the last checkpoint, so a client sends again at most about this much. Smaller costs a database write more often.',
    ),
  NODE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/)
    .optional()
    .describe(
      "This node's name in a fleet. With BLOB_STORE=local an unfinished upload's partial data lives on the node that received it (`DATA_DIR/uploads`), and only that node appends to it or finishes its commit; another node answers `unavailable` (503) for it. (With BLOB_STORE=s3 unfinished uploads live in the bucket and any node continues them.) When unset, a name kept in `DATA_DIR/node-id` (made once), so nodes sharing one `DATA_DIR` share their uploads.",
    ),
  CONTENT_ORIGIN: originSchema
    .optional()
    .describe(
      "Origin of signed download, thumbnail and zip links (`/content/v1/...`); the site's own origin when unset. Production should use a separate registrable domain (for example `https://files.example-content.net`) pointing at the same server, so nothing served there shares cookies or storage with the site.",
    ),
  CONTENT_LINK_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 86_400)
    .default(6 * 3600)
    .describe(
      'Lifetime of a signed content link, in seconds; a download that started may run past it.',
    ),
  TRASH_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(30)
    .describe(
      'Days an item stays in the trash before it is deleted for good (and its blob released).',
    ),
  ACCOUNT_DELETION_GRACE_DAYS: z.coerce
    .number()
    .int()
    .min(1)
    .max(3650)
    .default(15)
    .describe(
      "Days a member's deletion request (status `under_review`) waits before the hourly purge deletes the account and everything that names the member; until then the member takes it back by signing in with `cancel_deletion`.",
    ),
  SHARE_PASS_CODE_MAX_FAILURES_PER_CLIENT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe(
      "Wrong pass codes from one device or one address (any share) within AUTH_RATE_WINDOW_SECONDS after which that client is held for a window: each of its attempts needs a solved challenge, a right code still opens the share and a wrong one answers 429. A share's own count never refuses anyone; from SHIELD_CHALLENGE_AFTER_ACCOUNT_FAILURES wrong codes on, every visitor of it solves a challenge first.",
    ),
  ALLOW_PRIVATE_FETCH: flag
    .default(false)
    .describe(
      'Lets offline downloads reach loopback and private addresses (127/8, 10/8, 172.16/12, 192.168/16, ::1, fc00::/7). Off by default; for tests and local development only.',
    ),
  OFFLINE_FETCH_ALLOWED_CIDRS: commaList
    .pipe(
      z.array(
        z.string().refine((value) => isCidrOrAddress(value), {
          message: 'is not an address or CIDR range',
        }),
      ),
    )
    .describe(
      'Address ranges (CIDRs, comma-separated) offline downloads may reach although they are loopback, private, link-local, ... Empty by default: only public addresses. For tests and local development only (`127.0.0.1/32`).',
    ),
  OFFLINE_FETCH_EXTRA_PORTS: commaList
    .pipe(
      z.array(
        z
          .string()
          .regex(/^\d{1,5}$/)
          .transform(Number)
          .pipe(z.number().int().min(1).max(65535)),
      ),
    )
    .describe('Ports offline downloads may reach besides 80 and 443 (comma-separated).'),
  OFFLINE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(20 * 1024 ** 3)
    .describe('Largest file one offline download may bring, in bytes.'),
  OFFLINE_TIMEOUT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 86_400)
    .default(6 * 3600)
    .describe('Longest one offline download may take, in seconds.'),
  OFFLINE_WORKERS: z.coerce
    .number()
    .int()
    .min(0)
    .max(64)
    .default(2)
    .describe(
      'Offline downloads this process runs at once; 0 runs no worker here (`npm run worker` elsewhere).',
    ),
  OFFLINE_LEASE_SECONDS: z.coerce
    .number()
    .int()
    .min(3)
    .max(3600)
    .default(30)
    .describe(
      "Seconds a running offline download stays its worker's without a sign of life (renewed every second while bytes flow); a task of a worker that died goes back to the queue after it.",
    ),
  OFFLINE_POLL_SECONDS: z.coerce
    .number()
    .min(0.1)
    .max(3600)
    .default(5)
    .describe(
      "Seconds between two looks of a worker at the offline queue when nobody said a task waits. A task queued in the worker's process (or, on PostgreSQL, in any process: LISTEN/NOTIFY) starts at once; the poll finds what a notification missed and, on SQLite, what another process queued.",
    ),
  OFFLINE_TORRENT_DHT: flag
    .default(true)
    .describe(
      "Whether torrent downloads also look for peers in the BitTorrent DHT (needed for magnet links without trackers). On by default; the DHT's packets keep to the same address rules.",
    ),
  OFFLINE_TORRENT_METADATA_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(300)
    .default(20)
    .describe(
      "Longest the link checker waits for a magnet link's metadata (its file list) from the swarm, in seconds; what it fetched is remembered for 15 minutes for the task made from it.",
    ),
};
