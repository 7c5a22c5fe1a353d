import { randomBytes, randomInt } from 'node:crypto';
import { z } from 'zod';
import { shareMessage, shareStatuses, type Locale, type ShareStatus } from '@nimbus/contracts';
import { AppError } from '../../http/app-error';
import { filterError, filterValues, readFilters } from '../../http/filters';
import { pageTokenOf, readPageToken } from '../../http/page-token';
import type { FileRecord } from '../drive/file.repository';
import type { ShareAccess, ShareServiceDeps } from './share-access';
import { generatePassCode, passCodePattern } from './share.policy';
import type { ShareRecord } from './share.repository';

export interface CreateShareInput {
  fileIds: string[];
  shareTo: string;
  expirationDays: number;
  passCodeOption: 'REQUIRED' | 'NOT_REQUIRED';
  customPassCode: string | undefined;
  restoreLimit: number;
  title: string | undefined;
}

/** A share row as the owner's list shows it, with its status. */
export type OwnedShare = ShareRecord & { status: ShareStatus };
/** Share ids: 128 random bits, URL-safe (docs/api.md#conventions asks for at least 96). */
function newShareId(): string {
  return randomBytes(16).toString('base64url');
}

/** The owner's side of shares (docs/api.md#shares): making, listing, changing and ending links. */
export function createShareOwnerService(
  deps: Pick<ShareServiceDeps, 'shares' | 'publicUrl' | 'now'>,
  access: Pick<ShareAccess, 'baseStatus'>,
) {
  const { shares, now } = deps;
  const baseStatus = access.baseStatus;

  function shareUrl(id: string): string {
    return new URL(`/s/${id}`, deps.publicUrl).toString();
  }

  function expiresAtOf(days: number, from: Date): string | null {
    return days < 0 ? null : new Date(from.getTime() + days * 86_400_000).toISOString();
  }

  async function ownedLiveShare(userId: string, shareId: string): Promise<ShareRecord> {
    const [share] = await shares.findOwnedLive(userId, [shareId]);
    if (!share) {
      throw new AppError('not_found', { description: 'No such share' });
    }
    return share;
  }

  function checkExpirationDays(days: number): number {
    if (days !== -1 && (days < 1 || days > 3650)) {
      throw new AppError('invalid_argument', {
        description: 'expiration_days is -1 (never) or 1-3650',
      });
    }
    return days;
  }

  function checkRestoreLimit(limit: number): number {
    if (limit !== -1 && (limit < 1 || limit > 1_000_000)) {
      throw new AppError('invalid_argument', {
        description: 'restore_limit is -1 (unlimited) or 1-1000000',
      });
    }
    return limit;
  }

  function checkPassCode(code: string): string {
    if (!passCodePattern.test(code)) {
      throw new AppError('invalid_argument', {
        description: 'A pass code is 4-16 letters and digits',
      });
    }
    return code;
  }

  return {
    /** `POST /drive/v1/share`: a link to some of the member's live items. */
    async create(
      userId: string,
      input: CreateShareInput,
      locale: Locale,
    ): Promise<{ share: ShareRecord; url: string; text: string }> {
      const ids = [...new Set(input.fileIds)];
      const records = await shares.ownerFiles(userId, ids);
      if (records.length !== ids.length) {
        throw new AppError('file_not_found');
      }
      if (records.some((record) => record.trashed !== 0)) {
        throw new AppError('file_in_recycle_bin');
      }
      const byId = new Map(records.map((record) => [record.id, record]));
      const ordered = ids.map((id) => byId.get(id) as FileRecord);
      const first = ordered[0] as FileRecord;
      if (
        input.passCodeOption === 'NOT_REQUIRED' &&
        input.customPassCode !== undefined &&
        input.customPassCode !== ''
      ) {
        throw new AppError('invalid_argument', {
          description: 'custom_pass_code needs pass_code_option REQUIRED',
        });
      }
      const passCode =
        input.passCodeOption === 'NOT_REQUIRED'
          ? ''
          : input.customPassCode !== undefined && input.customPassCode !== ''
            ? checkPassCode(input.customPassCode)
            : generatePassCode((max) => randomInt(max));
      const title = (input.title ?? '').trim() === '' ? first.name : (input.title ?? '').trim();
      if ([...title].length > 255 || /\p{Cc}/u.test(title)) {
        throw new AppError('invalid_argument', {
          description: 'title is at most 255 characters, without control characters',
        });
      }
      const expirationDays = checkExpirationDays(input.expirationDays);
      const restoreLimit = checkRestoreLimit(input.restoreLimit);
      const inside = await shares.liveTree(
        userId,
        ordered.filter((record) => record.kind === 'folder').map((record) => record.id),
      );
      const shared = [...ordered, ...inside];
      const sha256s = shared.flatMap((record) =>
        record.kind === 'file' && record.sha256 !== null ? [record.sha256] : [],
      );
      if (await shares.isContentBanned([...new Set(sha256s)])) {
        throw new AppError('share_content_prohibited');
      }
      const fileSize = shared.reduce(
        (sum, record) => sum + (record.kind === 'file' ? record.size : 0),
        0,
      );
      const stamp = now();
      const id = newShareId();
      await shares.insertShare(
        {
          id,
          user_id: userId,
          title,
          pass_code: passCode,
          share_to: input.shareTo,
          expiration_days: expirationDays,
          expires_at: expiresAtOf(expirationDays, stamp),
          restore_limit: restoreLimit,
          file_num: ordered.length,
          file_size: fileSize,
          file_id: first.id,
          file_kind: first.kind,
          audit_status: 'OK',
          created_at: stamp.toISOString(),
          updated_at: stamp.toISOString(),
        },
        ids,
      );
      const share = (await shares.find(id)) as ShareRecord;
      const url = shareUrl(id);
      const text =
        passCode === ''
          ? shareMessage('textWithoutPassCode', locale, { title, url })
          : shareMessage('text', locale, { title, url, pass_code: passCode });
      return { share, url, text };
    },

    shareUrl,

    /** The service's clock (answers count time left from it). */
    now,

    /** The status of one of the owner's shares as the owner's list shows it. */
    statusForOwner: baseStatus,

    /**
     * `GET /drive/v1/share/list`: the owner's links, newest first, by status, or those that chose
     * one of the owner's items (`file_id`; any other item is `file_not_found`).
     */
    async list(
      userId: string,
      input: { limit: number; pageToken: string | undefined; filters: string | undefined },
    ): Promise<{ shares: OwnedShare[]; nextPageToken: string }> {
      const { statuses, fileId } = parseShareFilters(input.filters);
      if (fileId !== undefined && (await shares.ownerFiles(userId, [fileId])).length === 0) {
        throw new AppError('file_not_found');
      }
      const after = input.pageToken ? decodeSharePageToken(input.pageToken) : undefined;
      const rows = await shares.listOwned({
        userId,
        statuses,
        fileId,
        after,
        limit: input.limit,
        now: now(),
      });
      const pageRows = rows.slice(0, input.limit);
      const last = pageRows.at(-1);
      return {
        shares: pageRows.map((row) => ({ ...row, status: row.status as ShareStatus })),
        nextPageToken:
          rows.length > input.limit && last ? pageTokenOf([last.createdAt, last.id]) : '',
      };
    },

    /** `PATCH /drive/v1/share/{id}`: a new pass code (`''` for none), expiry or restore limit. */
    async update(
      userId: string,
      shareId: string,
      patch: {
        customPassCode?: string | undefined;
        expirationDays?: number | undefined;
        restoreLimit?: number | undefined;
      },
    ): Promise<ShareRecord> {
      const share = await ownedLiveShare(userId, shareId);
      const stamp = now();
      await shares.update(share.id, {
        ...(patch.customPassCode === undefined
          ? {}
          : { pass_code: patch.customPassCode === '' ? '' : checkPassCode(patch.customPassCode) }),
        ...(patch.expirationDays === undefined
          ? {}
          : {
              expiration_days: checkExpirationDays(patch.expirationDays),
              expires_at: expiresAtOf(patch.expirationDays, stamp),
            }),
        ...(patch.restoreLimit === undefined
          ? {}
          : { restore_limit: checkRestoreLimit(patch.restoreLimit) }),
        updated_at: stamp.toISOString(),
      });
      return (await shares.find(share.id)) as ShareRecord;
    },

    /** `POST /drive/v1/share:batchDelete`: ends the owner's links; any other id fails the call. */
    async remove(userId: string, ids: string[]): Promise<void> {
      const unique = [...new Set(ids)];
      const found = await shares.findOwnedLive(userId, unique);
      if (found.length !== unique.length) {
        throw new AppError('not_found', { description: 'No such share' });
      }
      await shares.cancel(userId, unique, now());
    },
  };
}

export type ShareOwnerService = ReturnType<typeof createShareOwnerService>;

/**
 * The owner's list filters: `{"share_status": {"eq": "OK"}}` or `{"share_status": {"in":
 * "OK,EXPIRED"}}`, and `{"file_id": {"eq": "<id>"}}` for the shares that chose that item.
 */
export function parseShareFilters(text: string | undefined): {
  statuses: string[] | undefined;
  fileId: string | undefined;
} {
  let statuses: string[] | undefined;
  let fileId: string | undefined;
  for (const term of readFilters(text, { share_status: ['eq', 'in'], file_id: ['eq'] })) {
    const values = filterValues(term, 20);
    if (term.field === 'file_id') {
      fileId = values[0];
      continue;
    }
    if (
      values.length === 0 ||
      values.some((item) => !(shareStatuses as readonly string[]).includes(item))
    ) {
      throw filterError('share_status has a value it cannot take');
    }
    statuses = values;
  }
  return { statuses, fileId };
}

/** The owner's list position: `[created_at, id]` of a page's last share. */
const sharePositionSchema = z.tuple([z.string().max(64), z.string().max(64)]);

/** Reads an owner's list page token back; `invalid_argument` for anything else. */
export function decodeSharePageToken(token: string): [string, string] {
  return readPageToken(token, sharePositionSchema);
}
