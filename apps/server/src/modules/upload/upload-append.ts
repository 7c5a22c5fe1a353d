import { createHash, timingSafeEqual } from 'node:crypto';
import { writeSync } from 'node:fs';
import type { Readable } from 'node:stream';
import { AppError } from '../../http/app-error';
import { drainStream } from '../../lib/stream-drain';
import { HashedFileWriter } from '../storage/hashed-file-writer';
import { directAlignment, openDirect } from '../storage/shared-slots';
import type { UploadRecord } from './upload.repository';
import type { Session, UploadServiceDeps, UploadSteps } from './upload-steps';

/** A tus `Upload-Checksum`: algorithm and the digest the client sent. */
export interface UploadChecksum {
  algorithm: 'sha1' | 'sha256' | 'md5';
  digest: Buffer;
}

export const checksumAlgorithms = ['sha1', 'sha256', 'md5'] as const;

const mebibyte = 1024 * 1024;
/**
 * Uploads with at most this many bytes to go are written whole (`appendWhole`): below it the
 * shared buffers, a second descriptor and background fdatasyncs cost more than they save.
 */
const wholeBytes = 256 * 1024;
/** Bytes written between the background fdatasyncs of the partial data while a PATCH runs (at most). */
const maxFlushBytes = 32 * mebibyte;

/** The failure of a request's bytes, once what arrived is stored, as the client is told it. */
function rethrow(failure: unknown, signal: AbortSignal): void {
  if (failure instanceof AppError) {
    throw failure;
  }
  if (failure !== undefined && !signal.aborted) {
    // The client went away mid-request; what arrived is stored and the upload resumes there.
    throw new AppError('aborted', {
      description: 'The request ended before its bytes did',
      cause: failure,
    });
  }
}

function timingSafeEqualBuffers(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The step that writes a request's bytes into an upload's partial data (`append`). */
export function createUploadAppend(deps: UploadServiceDeps, steps: UploadSteps) {
  const { uploads } = deps;
  const { sessions, partOf, deadline, openPart } = steps;
  const checkpointBytes = deps.checkpointBytes ?? 64 * mebibyte;
  // An fdatasync at least once per checkpoint interval, so each interval is recorded as it is made durable.
  const flushBytes = Math.min(maxFlushBytes, checkpointBytes);

  /**
   * `append` of an upload with at most `wholeBytes` to go (without a checksum): its bytes are
   * gathered in memory, written in one synchronous call (microseconds for so few bytes into the
   * page cache, less than a round trip to the thread pool), hashed on this thread, and fsynced.
   * What arrived before a failure is kept, as in the streamed path.
   */
  async function appendWhole(
    upload: UploadRecord,
    session: Session,
    source: Readable,
    signal: AbortSignal,
  ): Promise<void> {
    const start = session.received;
    const chunks: Buffer[] = [];
    let length = 0;
    let failure: unknown;
    const onAbort = () => source.destroy(new Error('preempted by a newer request'));
    signal.addEventListener('abort', onAbort);
    try {
      await drainStream(source, (buffer) => {
        if (start + length + buffer.length > upload.size) {
          throw new AppError('payload_too_large', {
            description: `The upload is ${upload.size} bytes long`,
            status: 413,
          });
        }
        chunks.push(Buffer.from(buffer));
        length += buffer.length;
        return undefined;
      });
    } catch (error) {
      failure = error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    const bytes = Buffer.concat(chunks, length);
    // From offset 0 nothing stored counts: the partial data starts empty.
    const handle = await openPart(upload.id, start === 0);
    try {
      if (start > 0) {
        // Bytes past the durable offset (a write that failed part-way) are not the upload's.
        await handle.truncate(start);
      }
      for (let done = 0; done < length;) {
        done += writeSync(handle.fd, bytes, done, length - done, start + done);
      }
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Hashed once written, like the streamed path: the hasher holds only bytes in the file.
    await session.hasher.update(bytes);
    const position = start + length;
    if (position !== upload.size || failure !== undefined) {
      await uploads.setReceived(upload.id, position, deadline());
    }
    upload.received = position;
    session.received = position;
    rethrow(failure, signal);
  }

  /**
   * Appends bytes at the durable offset. Bytes are gathered into 1 MiB shared buffers
   * (`HashedFileWriter`; whole aligned ones written with direct I/O where the file system has
   * it): each is written while the next is received and, once written, hashed
   * (SHA-256 and GCID) on the hash threads; every 32 MiB (or `checkpointBytes`, if less) the file
   * is fdatasynced in the background. As soon as such an fdatasync has made `checkpointBytes`
   * (UPLOAD_CHECKPOINT_MIB) more durable, the offset it covered is recorded; at the end
   * of the request the file is fsynced and the offset recorded, so a crash loses at most the bytes
   * after the last checkpoint. With a tus checksum the request's bytes are kept only when they
   * match it, whole.
   */
  async function append(
    upload: UploadRecord,
    session: Session,
    source: Readable,
    signal: AbortSignal,
    checksum: UploadChecksum | undefined,
  ): Promise<void> {
    const start = session.received;
    if (checksum === undefined && upload.size - start <= wholeBytes) {
      await appendWhole(upload, session, source, signal);
      return;
    }
    const snapshot = checksum ? session.hasher.copy() : undefined;
    const check = checksum ? createHash(checksum.algorithm) : undefined;
    // From offset 0 nothing stored counts: the partial data starts empty.
    const handle = await openPart(upload.id, start === 0);
    // Whole aligned buffers go to the disk past the page cache when its file system allows; an
    // upload with less than one such buffer to go has none, and no use for a second descriptor.
    const direct =
      upload.size - start < directAlignment
        ? undefined
        : await openDirect(partOf(upload.id)).catch(() => undefined);
    let checkpointed = start;
    let checkpointing: Promise<void> | undefined;
    let failure: unknown;
    // Four buffers under way at most: many uploads may run at once. Each fdatasync that finishes
    // may record a checkpoint at once, whether or not more bytes come.
    const writer: HashedFileWriter = new HashedFileWriter(handle, start, session.hasher, {
      flushBytes,
      maxSlots: 4,
      ...(direct === undefined ? {} : { direct }),
      onDurable: () => checkpoint(),
    });

    /** Records the offset the last background fdatasync covered, once `checkpointBytes` more are durable. */
    const checkpoint = () => {
      if (checksum || checkpointing || writer.durable - checkpointed < checkpointBytes) {
        return;
      }
      const at = writer.durable;
      checkpointing = (async () => {
        await uploads.setReceived(upload.id, at, deadline());
        checkpointed = at;
      })()
        // A failed checkpoint only leaves the durable offset further back; the end of the request records it.
        .catch((error: unknown) =>
          deps.logger.error({ err: error, upload: upload.id }, 'upload checkpoint failed'),
        )
        .finally(() => {
          checkpointing = undefined;
        });
    };

    const onAbort = () => source.destroy(new Error('preempted by a newer request'));
    signal.addEventListener('abort', onAbort);
    try {
      await drainStream(source, (buffer) => {
        if (writer.queued + buffer.length > upload.size) {
          throw new AppError('payload_too_large', {
            description: `The upload is ${upload.size} bytes long`,
            status: 413,
          });
        }
        check?.update(buffer);
        checkpoint();
        return writer.push(buffer);
      });
      await writer.flush();
    } catch (error) {
      failure = error;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
    // Bytes that arrived whole are kept (tus resumes after them), unless a write failed: then
    // the bytes before it stand.
    const broken = await writer.flush().then(
      () => false,
      () => true,
    );
    try {
      await checkpointing?.catch(() => undefined);
      let position = writer.written;
      let mismatch = false;
      if (checksum && check) {
        mismatch =
          failure === undefined && !timingSafeEqualBuffers(check.digest(), checksum.digest);
        if (failure !== undefined || mismatch) {
          // A checksummed request is all or nothing.
          position = start;
          await handle.truncate(start);
          if (snapshot !== undefined) {
            session.hasher.dispose();
            session.hasher = snapshot;
          }
        } else {
          snapshot?.dispose();
        }
      } else if (position < writer.queued) {
        // A write failed part-way: cut the file back to what was written.
        await handle.truncate(position);
      }
      await handle.sync();
      // The upload's last bytes, whole: the commit that follows records the offset with the
      // content's digest (`markCommitting`), so it is written once, not twice. Should the commit
      // not get that far, the next request finds the offset recorded before this one.
      const completes = position === upload.size && failure === undefined && !mismatch && !broken;
      if (!completes) {
        await uploads.setReceived(upload.id, position, deadline());
      }
      upload.received = position;
      if (broken) {
        // The hasher may not have every written byte: the next request hashes the file again.
        sessions.delete(upload.id);
      } else {
        session.received = position;
      }
      if (mismatch) {
        throw new AppError('invalid_argument', {
          description: 'The bytes do not match Upload-Checksum',
          status: 460,
        });
      }
    } finally {
      await direct?.close();
      await handle.close();
    }
    rethrow(failure, signal);
  }

  return append;
}
