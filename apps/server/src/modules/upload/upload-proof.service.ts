import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import { AppError } from '../../http/app-error';
import type { FileRecord } from '../drive/file.repository';
import type { ProofRange, UploadRecord } from './upload.repository';
import type { UploadServiceDeps, UploadSteps } from './upload-steps';

/** One answered range of `:prove`. */
export interface ProvenRange {
  offset: number;
  length: number;
  sha1: string;
}

/** Length of each proof range (shorter files prove their whole length). */
const proofRangeLength = 128 * 1024;

/** A uniformly random integer in [0, bound) for bounds up to 2^48. */
function randomBelow(bound: number): number {
  return Math.floor((randomBytes(6).readUIntBE(0, 6) / 2 ** 48) * bound);
}

/** Two or three random ranges of the content to prove possession of. */
export function chooseProofRanges(size: number): ProofRange[] {
  const length = Math.min(size, proofRangeLength);
  const count = 2 + randomBelow(2);
  const ranges: ProofRange[] = [];
  for (let index = 0; index < count; index += 1) {
    ranges.push({ offset: randomBelow(size - length + 1), length });
  }
  return ranges;
}

/** Instant uploads: proving that the content is stored already instead of sending it. */
export function createUploadProofService(deps: UploadServiceDeps, steps: UploadSteps) {
  const { uploads, files, store, now } = deps;
  const { sessions, partOf, deadline } = steps;

  return {
    /**
     * `:prove`: the ranges must be the ones offered and hash (SHA-1) like the stored content of
     * the claimed GCID and size; then the file completes with a new reference and no bytes. Any
     * other answer leaves the upload to receive bytes. The proof can be answered once.
     */
    async prove(
      userId: string,
      fileId: string,
      ranges: ProvenRange[],
    ): Promise<{ file: FileRecord; upload: UploadRecord | undefined; proven: boolean }> {
      const file = await files.get(userId, fileId);
      const upload = await uploads.findReceivingByFile(userId, fileId);
      if (!upload) {
        if (file.phase === 'PHASE_TYPE_COMPLETE') {
          return { file, upload: undefined, proven: false };
        }
        throw new AppError('failed_precondition', {
          description: 'This file has no upload waiting for a proof',
        });
      }
      const offered = upload.proof;
      if (offered === null || !(await uploads.takeProof(upload.id))) {
        return { file, upload: { ...upload, proof: null }, proven: false };
      }
      upload.proof = null;
      const sameRanges =
        ranges.length === offered.length &&
        offered.every(
          (range, index) =>
            ranges[index]?.offset === range.offset && ranges[index]?.length === range.length,
        );
      const candidate = sameRanges
        ? await deps.blobRecords.findByGcid(upload.clientHash, upload.size)
        : undefined;
      let matches = candidate !== undefined;
      if (candidate) {
        for (const [index, range] of offered.entries()) {
          const sha1 = createHash('sha1');
          try {
            for await (const chunk of await store.get(candidate.sha256, {
              start: range.offset,
              end: range.offset + range.length - 1,
            })) {
              sha1.update(chunk as Buffer);
            }
          } catch {
            matches = false;
            break;
          }
          const given = ranges[index]?.sha1.toLowerCase() ?? '';
          if (sha1.digest('hex') !== given) {
            matches = false;
            break;
          }
        }
      }
      if (!candidate || !matches) {
        return { file, upload, proven: false };
      }
      // The quota is checked inside the commit, atomically with the member's counters.
      const { limit } = await files.about(userId);
      const digest = { sha256: candidate.sha256, gcid: candidate.gcid, size: candidate.size };
      const outcome = await uploads.commitInstant(upload, digest, now(), deadline(), limit);
      if (outcome === 'over_quota') {
        throw new AppError('file_space_not_enough');
      }
      if (outcome !== 'completed') {
        return { file, upload, proven: false };
      }
      await fs.rm(partOf(upload.id), { force: true });
      sessions.delete(upload.id);
      if (upload.partSize !== null) {
        // Bytes sent before the proof are not needed any more.
        await deps.store.uploads?.remove(upload.id, upload.multipartId);
      }
      const completed = await files.get(userId, fileId);
      await deps.onStored?.(completed);
      if (deps.onComplete) {
        await deps
          .onComplete(completed)
          .catch((error: unknown) =>
            deps.logger.error({ err: error }, 'upload event not recorded'),
          );
      }
      return { file: completed, upload: undefined, proven: true };
    },
  };
}
