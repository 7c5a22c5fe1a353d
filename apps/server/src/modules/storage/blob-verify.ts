import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobEntry, BlobStore } from './blob-store';
import type { BlobRecord, BlobRepository } from './blob.repository';
import { HashingStream } from './content-hash';

/** One thing `verify` found wrong, about one blob. */
export interface BlobProblem {
  sha256: string;
  problem:
    | 'missing_bytes'
    | 'orphan_bytes'
    | 'size_mismatch'
    | 'content_mismatch'
    | 'gcid_mismatch'
    | 'unreadable';
  detail: string;
}

/** What `verify` counted and found. */
export interface BlobVerifyReport {
  /** Blob rows. */
  rows: number;
  /** Blobs in the store. */
  stored: number;
  /** Blobs re-hashed and found intact. */
  intact: number;
  /** Bytes re-hashed. */
  bytesHashed: number;
  /** Rows at zero references (garbage to collect, not a problem). */
  unreferenced: number;
  problems: BlobProblem[];
}

export interface BlobVerifyDeps {
  store: Pick<BlobStore, 'list' | 'get'>;
  blobs: Pick<BlobRepository, 'page' | 'markVerified'>;
  now: () => Date;
}

async function* rowsInOrder(blobs: BlobVerifyDeps['blobs']): AsyncIterable<BlobRecord> {
  let after: string | undefined;
  for (;;) {
    const page = await blobs.page(after, 500);
    yield* page;
    if (page.length < 500) {
      return;
    }
    after = page[page.length - 1]?.sha256;
  }
}

/** Keeps an ascending stream ascending: the merge below is wrong on any other order. */
async function* ascending<T extends { sha256: string }>(
  source: AsyncIterable<T>,
  what: string,
): AsyncIterable<T> {
  let previous = '';
  for await (const item of source) {
    if (item.sha256 <= previous) {
      throw new Error(`verify: ${what} are not in ascending SHA-256 order at ${item.sha256}`);
    }
    previous = item.sha256;
    yield item;
  }
}

/**
 * Re-hashes every stored blob and matches the rows against the store, walking both in SHA-256
 * order side by side (memory stays flat however many blobs there are). A row without bytes, or
 * bytes without a row, size, SHA-256 or GCID that differ, are problems; intact blobs get their
 * `verified_at`. Bytes written by a put whose row is not yet committed show as orphans.
 */
export async function verifyBlobs(deps: BlobVerifyDeps): Promise<BlobVerifyReport> {
  const report: BlobVerifyReport = {
    rows: 0,
    stored: 0,
    intact: 0,
    bytesHashed: 0,
    unreferenced: 0,
    problems: [],
  };
  const rows = ascending(rowsInOrder(deps.blobs), 'rows')[Symbol.asyncIterator]();
  const files = ascending(deps.store.list(), 'stored blobs')[Symbol.asyncIterator]();
  let row = await rows.next();
  let file = await files.next();

  const onRow = (record: BlobRecord) => {
    report.rows += 1;
    if (record.refCount === 0) {
      report.unreferenced += 1;
    }
  };

  while (!row.done || !file.done) {
    if (!row.done && (file.done || row.value.sha256 < file.value.sha256)) {
      onRow(row.value);
      if (row.value.refCount > 0) {
        report.problems.push({
          sha256: row.value.sha256,
          problem: 'missing_bytes',
          detail: 'a row with no bytes',
        });
      }
      row = await rows.next();
      continue;
    }
    if (!file.done && (row.done || file.value.sha256 < row.value.sha256)) {
      report.stored += 1;
      report.problems.push({
        sha256: file.value.sha256,
        problem: 'orphan_bytes',
        detail: 'bytes with no row',
      });
      file = await files.next();
      continue;
    }
    if (!row.done && !file.done) {
      onRow(row.value);
      report.stored += 1;
      await check(deps, row.value, file.value, report);
      row = await rows.next();
      file = await files.next();
    }
  }
  return report;
}

async function check(
  deps: BlobVerifyDeps,
  record: BlobRecord,
  entry: BlobEntry,
  report: BlobVerifyReport,
) {
  const { sha256 } = record;
  if (entry.size !== record.size) {
    report.problems.push({
      sha256,
      problem: 'size_mismatch',
      detail: `row says ${record.size} bytes, store has ${entry.size}`,
    });
    return;
  }
  const hashing = new HashingStream(record.size);
  try {
    await pipeline(
      await deps.store.get(sha256),
      hashing,
      new Writable({
        write(_chunk, _encoding, callback) {
          callback();
        },
      }),
    );
  } catch (error) {
    report.problems.push({
      sha256,
      problem: 'unreadable',
      detail: error instanceof Error ? error.message : String(error),
    });
    return;
  }
  const digest = hashing.digest;
  report.bytesHashed += digest.size;
  if (digest.sha256 !== sha256) {
    report.problems.push({
      sha256,
      problem: 'content_mismatch',
      detail: `the bytes hash to ${digest.sha256}`,
    });
    return;
  }
  if (digest.gcid !== record.gcid) {
    report.problems.push({
      sha256,
      problem: 'gcid_mismatch',
      detail: `row says ${record.gcid}, bytes give ${digest.gcid}`,
    });
    return;
  }
  report.intact += 1;
  await deps.blobs.markVerified(sha256, deps.now());
}
