import type { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';
import { z } from 'zod';
import { isLocale, defaultLocale, type DataExport } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { currentRequestId } from '../../lib/request-context';
import { newId } from '../../lib/secrets';
import { createClaimsSigner } from '../content/signed-claims';
import { formatExpiry, sitePath } from '../membership/membership-reminder-mail';
import { BlobNotFoundError } from '../storage/blob-store.interface';
import type { MailMessage } from '../user/mail/mailer';
import { composeUserMail, dataExportFailureReason } from '../user/mail/user-mail';
import type {
  AccountRecords,
  DataExportRecord,
  DataExportRepository,
  ExportEntry,
} from './data-export.repository';
import { exportBytes, exportEntries, layOutExport } from './data-export-zip';

/**
 * Why an export failed, as `DataExport.reason` says it (the account page words each):
 * `drive_changing` (files kept being deleted while it was built), `interrupted` (the processes
 * building it stopped too many times), `error` (anything else; the log has the details).
 */
export type ExportFailureReason = 'drive_changing' | 'interrupted' | 'error';

/** A build that cannot succeed, with the reason the member is shown. */
export class ExportFailure extends Error {
  constructor(readonly reason: ExportFailureReason) {
    super(reason);
    this.name = 'ExportFailure';
  }
}

/** How long a ready export downloads. */
export const exportTtlMs = 7 * 24 * 3_600_000;

const exportClaimsSchema = z.object({
  /** The member the link is for: only their session downloads it. */
  u: z.string(),
  /** The export. */
  x: z.string(),
  e: z.number().int(),
});

export interface DataExportServiceDeps {
  exports: DataExportRepository;
  users: {
    findById(id: string): Promise<{ email: string; locale: string } | undefined>;
  };
  openBlob: (sha256: string, range?: { start: number; end: number }) => Promise<Readable>;
  mailer: { send(message: MailMessage): Promise<void> };
  /** HMAC key of the download links (the content links' key, under a purpose of its own). */
  linkKey: Uint8Array;
  /** The site's and the API's origin (`PUBLIC_URL`), for the links of the mail. */
  publicUrl: string;
  now: () => Date;
  /** Told the queue has an export waiting. */
  onQueued?: () => void;
  logger: { error(object: unknown, message: string): void };
}

/** A ready export opened for its download. */
export interface OpenedExport {
  id: string;
  size: number;
  requestedAt: string;
  /**
   * Bytes `start` to `end` (inclusive) of the zip, its manifest loaded now: only the blobs from
   * the entry holding `start` on are read. `too_many_requests` while another download of the
   * member's is being sent (each holds its manifest in memory), until its stream closes.
   */
  bytes: (start: number, end: number) => Promise<Readable>;
}

/** The JSON of the account put in the zip: the member's own records, nobody else's. */
export function accountDocument(records: AccountRecords, exportedAt: string) {
  return {
    format: 'nimbus-data-export',
    version: 1,
    exported_at: exportedAt,
    account: records.account ?? null,
    shares: records.shares,
    offline_tasks: records.offlineTasks,
    memberships: records.memberships,
    packs: records.packs,
    payments: records.payments,
    subscriptions: records.subscriptions,
  };
}

/**
 * "Export my data" (docs/accounts.md#exporting-your-data): a member queues an export (one at a
 * time), the export worker builds its manifest (the drive's folders and files by content hash,
 * each holding its blob) and the account's JSON, mails the member a link that expires (or, when
 * it fails, why), and the
 * zip is written from the blobs each time it is downloaded, the same bytes every time, so a
 * download resumes with a Range.
 */
export function createDataExportService(deps: DataExportServiceDeps) {
  const { exports, now } = deps;
  const links = createClaimsSigner({
    key: deps.linkKey,
    purpose: 'data-export',
    schema: exportClaimsSchema,
    now,
  });
  /** The members one of whose exports this process is sending: one download each at a time. */
  const downloading = new Set<string>();

  /**
   * The CRC-32 of each distinct blob of the entries, read once each (the zip's headers carry
   * them); undefined when a blob went meanwhile (its file deleted), so the drive is read again.
   */
  async function crcsOf(entries: readonly ExportEntry[]): Promise<Map<string, number> | undefined> {
    const crcs = new Map<string, number>();
    for (const { sha256, size } of entries) {
      if (sha256 === null || crcs.has(sha256)) {
        continue;
      }
      let crc = 0;
      try {
        if (size > 0) {
          for await (const chunk of await deps.openBlob(sha256)) {
            crc = crc32(chunk as Buffer, crc);
          }
        }
      } catch (error) {
        if (error instanceof BlobNotFoundError) {
          return undefined;
        }
        throw error;
      }
      crcs.set(sha256, crc);
    }
    return crcs;
  }

  function urlOf(record: DataExportRecord): string {
    if (record.expiresAt === null) {
      return '';
    }
    const token = links.sign({
      u: record.userId,
      x: record.id,
      e: Math.floor(Date.parse(record.expiresAt) / 1000),
    });
    return new URL(`/v1/user/export/${token}`, deps.publicUrl).toString();
  }

  function present(record: DataExportRecord | undefined): DataExport {
    if (record === undefined) {
      return {
        phase: 'none',
        reason: '',
        file_count: 0,
        size: 0,
        requested_at: '',
        expires_at: '',
        url: '',
      };
    }
    const isLive =
      record.phase === 'ready' &&
      record.expiresAt !== null &&
      Date.parse(record.expiresAt) > now().getTime();
    const phase = record.phase === 'ready' && !isLive ? 'expired' : record.phase;
    return {
      phase,
      reason: phase === 'failed' ? record.reason : '',
      file_count: phase === 'ready' ? record.fileCount : 0,
      size: phase === 'ready' ? record.size : 0,
      requested_at: record.requestedAt,
      expires_at: phase === 'ready' ? (record.expiresAt ?? '') : '',
      url: phase === 'ready' ? urlOf(record) : '',
    };
  }

  async function mailReady(record: DataExportRecord): Promise<void> {
    const user = await deps.users.findById(record.userId);
    if (!user || record.expiresAt === null) {
      return;
    }
    const locale = isLocale(user.locale) ? user.locale : defaultLocale;
    const { subject, text } = composeUserMail('dataExportReady', locale, {
      date: formatExpiry(locale, record.expiresAt).date,
      url: urlOf(record),
      accountUrl: new URL(sitePath(locale, '/drive/account'), deps.publicUrl).toString(),
    });
    await deps.mailer.send({
      to: user.email,
      subject,
      text,
      note: `data export of ${user.email} ready until ${record.expiresAt}`,
    });
  }

  async function mailFailed(record: DataExportRecord, reason: ExportFailureReason): Promise<void> {
    const user = await deps.users.findById(record.userId);
    if (!user) {
      return;
    }
    const locale = isLocale(user.locale) ? user.locale : defaultLocale;
    const { subject, text } = composeUserMail('dataExportFailed', locale, {
      reason: dataExportFailureReason(locale, reason),
      accountUrl: new URL(sitePath(locale, '/drive/account'), deps.publicUrl).toString(),
    });
    await deps.mailer.send({
      to: user.email,
      subject,
      text,
      note: `data export of ${user.email} failed: ${reason}`,
    });
  }

  return {
    async status(userId: string): Promise<DataExport> {
      return present(await exports.latestOf(userId));
    },

    /** Queues an export; `already_exists` while one of the member's is pending or running. */
    async request(userId: string): Promise<DataExport> {
      const id = newId();
      if (!(await exports.queue(id, userId, now().toISOString(), currentRequestId()))) {
        throw new AppError('already_exists', {
          description: 'An export of this account is already under way',
        });
      }
      deps.onQueued?.();
      return present(await exports.find(id));
    },

    /**
     * Builds an export the worker holds: the manifest (each blob read once for its CRC-32, the
     * zip laid out) and the JSON, stored in one transaction with the blob references; then the
     * mail. A blob that went meanwhile (its file deleted) makes the worker read the drive
     * again. Answers false when the lease was lost.
     */
    async build(record: DataExportRecord, workerId: string): Promise<boolean> {
      for (let round = 0; round < 3; round += 1) {
        const at = now();
        const entries: ExportEntry[] = exportEntries(await exports.driveItems(record.userId));
        const crcs = await crcsOf(entries);
        if (crcs === undefined) {
          continue;
        }
        const accountJson = JSON.stringify(
          accountDocument(await exports.accountRecords(record.userId), at.toISOString()),
          null,
          2,
        );
        const laidOut = layOutExport(entries, crcs, {
          data: Buffer.from(accountJson),
          modifiedAt: record.requestedAt,
        });
        const expiresAt = new Date(at.getTime() + exportTtlMs).toISOString();
        const outcome = await exports.settleReady(record.id, workerId, {
          entries: laidOut.entries,
          fileCount: entries.filter((entry) => entry.kind === 'file').length,
          size: laidOut.size,
          accountJson,
          expiresAt,
          at: at.toISOString(),
        });
        if (outcome === 'lost') {
          return false;
        }
        if (outcome === 'ready') {
          try {
            await mailReady({ ...record, expiresAt });
          } catch (error) {
            // The export is ready whatever the mail does: the account page shows it.
            deps.logger.error({ err: error, exportId: record.id }, 'data export mail not sent');
          }
          return true;
        }
      }
      throw new ExportFailure('drive_changing');
    },

    /**
     * Tells the member an export failed, and why, as a ready one is announced. The export is
     * failed whatever the mail does (the account page shows it): a mail not sent is logged.
     */
    async announceFailure(record: DataExportRecord, reason: ExportFailureReason): Promise<void> {
      try {
        await mailFailed(record, reason);
      } catch (error) {
        deps.logger.error({ err: error, exportId: record.id }, 'data export mail not sent');
      }
    },

    /**
     * Opens a ready export for its member's download: the link must be genuine, unexpired and
     * the member's own (`content_link_invalid` otherwise, as a forged one), the export still ready.
     */
    async open(userId: string, token: string): Promise<OpenedExport> {
      const claims = links.verify(token);
      if (claims.u !== userId) {
        throw new AppError('content_link_invalid');
      }
      const record = await exports.find(claims.x);
      if (
        !record ||
        record.userId !== userId ||
        record.phase !== 'ready' ||
        record.expiresAt === null ||
        Date.parse(record.expiresAt) <= now().getTime()
      ) {
        throw new AppError('content_link_expired');
      }
      // Nothing of the manifest is read here: a HEAD, a 304, a 412 or a 416 is answered from
      // the record alone, and only a download that sends bytes loads the entries.
      return {
        id: record.id,
        size: record.size,
        requestedAt: record.requestedAt,
        bytes: async (start, end) => {
          if (downloading.has(userId)) {
            throw new AppError('too_many_requests', {
              description: 'A download of this export is already under way',
              retryAfterSeconds: 10,
            });
          }
          downloading.add(userId);
          try {
            const [entries, accountJson] = await Promise.all([
              exports.entriesOf(record.id),
              exports.accountJsonOf(record.id),
            ]);
            const stream = exportBytes(
              {
                entries,
                account: { data: Buffer.from(accountJson), modifiedAt: record.requestedAt },
                size: record.size,
              },
              (sha256, range) => deps.openBlob(sha256, range),
              start,
              end,
            );
            // Its turn ends once the bytes are all read, or the stream goes (a client gone).
            const release = () => downloading.delete(userId);
            stream.once('end', release).once('close', release);
            return stream;
          } catch (error) {
            downloading.delete(userId);
            throw error;
          }
        },
      };
    },

    /** Ends ready exports past their expiry (housekeeping); answers how many. */
    expireDue: (): Promise<number> => exports.expireDue(now().toISOString(), 100),
  };
}

export type DataExportService = ReturnType<typeof createDataExportService>;
