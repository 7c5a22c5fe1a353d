import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { headerOf } from '../../http/request-headers';
import { xmlBodyOf } from './dav-body';
import type { DavPrecondition } from './dav-errors';
import type { DavLocking } from './dav-locking';
import {
  conflictsWith,
  lockTimeoutOf,
  maxLockPathBytes,
  maxLocksPerMember,
  pathKey,
  type DavLock,
  type DavLocks,
} from './dav-locks';
import { activeLockXml } from './dav-multistatus';
import type { DavService } from './dav.service';
import { davChild, innerXml, isDav, parseXml } from './dav-xml';

const xmlType = 'application/xml; charset=utf-8';

/**
 * The longest `DAV:owner` kept with a lock, in bytes. Requests on the lock's path or below it
 * read it, and a folder's MOVE or DELETE reads every lock below (up to `maxLocksPerMember`), so
 * an owner as large as a LOCK body would make each of them read a gigabyte.
 */
export const maxOwnerXmlBytes = 4096;

function lockAnswer(reply: FastifyReply, locks: DavLocks, lock: DavLock, status: number) {
  return reply
    .code(status)
    .type(xmlType)
    .header('lock-token', `<${lock.token}>`)
    .send(
      `<?xml version="1.0" encoding="utf-8"?>\n<D:prop xmlns:D="DAV:"><D:lockdiscovery>${activeLockXml(lock, locks.secondsLeft(lock))}</D:lockdiscovery></D:prop>\n`,
    );
}

function locked(): AppError {
  return new AppError('failed_precondition', {
    description: 'A lock that conflicts with this one is held',
    status: 423,
    metadata: { precondition: 'no-conflicting-lock' satisfies DavPrecondition },
  });
}

/**
 * LOCK (RFC 4918 §9.10): a new write lock, exclusive or shared, depth 0 or infinity, on an item
 * or on a free path (which becomes an empty file, 201); or, with no body, the refresh of the
 * lock whose token the `If` header names.
 */
export async function handleLock(
  deps: { dav: DavService; locks: DavLocks; locking: DavLocking },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  segments: string[],
) {
  const { dav, locks, locking } = deps;
  const key = pathKey(segments);
  const timeoutSeconds = lockTimeoutOf(headerOf(request, 'timeout'));
  const root = parseXml(await xmlBodyOf(request));
  const item = await dav.resolve(userId, segments);
  // This path, the folders above it and (for a depth infinity lock) all below it.
  const held = await locks.of(userId, [key], key);
  const submitted = await locking.checkIf(request, userId, segments, item, held);
  if (!root) {
    const lock = held.covering(key).find((candidate) => submitted.has(candidate.token));
    const refreshed = lock && (await locks.refresh(lock, timeoutSeconds));
    if (!refreshed) {
      throw new AppError('failed_precondition', {
        description: 'A refresh names the token of a lock on the item in its If header',
        status: 412,
      });
    }
    return lockAnswer(reply, locks, refreshed, 200);
  }
  if (!isDav(root, 'lockinfo')) {
    throw new AppError('invalid_argument', { description: 'A LOCK body is a DAV:lockinfo' });
  }
  const scopeElement = davChild(root, 'lockscope');
  const scope = scopeElement && davChild(scopeElement, 'shared') ? 'shared' : 'exclusive';
  const typeElement = davChild(root, 'locktype');
  if (!scopeElement || !typeElement || !davChild(typeElement, 'write')) {
    throw new AppError('invalid_argument', {
      description: 'A DAV:lockinfo names a DAV:lockscope and the DAV:write lock type',
    });
  }
  if (Buffer.byteLength(segments.join('/')) > maxLockPathBytes) {
    throw new AppError('invalid_argument', {
      description: `A lock is granted on a path of at most ${maxLockPathBytes} bytes`,
    });
  }
  const owner = davChild(root, 'owner');
  const ownerXml = owner ? innerXml(owner) : '';
  if (Buffer.byteLength(ownerXml) > maxOwnerXmlBytes) {
    throw new AppError('invalid_argument', {
      description: `A DAV:owner holds at most ${maxOwnerXmlBytes} bytes`,
    });
  }
  const depth = (headerOf(request, 'depth') ?? 'infinity').toLowerCase();
  if (depth !== '0' && depth !== 'infinity') {
    throw new AppError('invalid_argument', { description: 'LOCK has Depth: 0 or infinity' });
  }
  const wanted = { key, depth: depth === '0' ? '0' : 'infinity', scope } as const;
  if (conflictsWith(held, wanted)) {
    throw locked();
  }
  if ((await locks.count(userId)) >= maxLocksPerMember) {
    throw new AppError('resource_exhausted', {
      description: `A member holds at most ${maxLocksPerMember} WebDAV locks at once`,
      status: 403,
    });
  }
  // Checked again as the lock is stored: another node may have granted one meanwhile.
  const lock = await locks.grant({
    userId,
    segments,
    depth: wanted.depth,
    scope,
    ownerXml,
    timeoutSeconds,
  });
  if (!lock) {
    throw locked();
  }
  if (!item) {
    // RFC 4918 §7.3: a lock on a free path makes an empty file there; the lock goes with a file
    // that could not be made.
    await dav
      .put(userId, segments, Readable.from([]), { contentLength: 0, modifiedAt: undefined })
      .catch(async (error: unknown) => {
        await locks.release(userId, lock.token);
        throw error;
      });
  }
  return lockAnswer(reply, locks, lock, item ? 200 : 201);
}

/** UNLOCK (RFC 4918 §9.11): ends the lock whose token `Lock-Token` names, if it covers the item. */
export async function handleUnlock(
  deps: { dav: DavService; locks: DavLocks },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  segments: string[],
) {
  const match = /^\s*<([^>]{1,256})>\s*$/.exec(headerOf(request, 'lock-token') ?? '');
  if (!match?.[1]) {
    throw new AppError('invalid_argument', { description: 'Lock-Token names a lock: <token>' });
  }
  const token = match[1];
  const key = pathKey(segments);
  const held = await deps.locks.of(userId, [key]);
  const lock = held.covering(key).find((candidate) => candidate.token === token);
  if (!lock || !(await deps.locks.release(userId, token))) {
    throw new AppError('failed_precondition', {
      description: 'No lock of this token covers the item',
      status: 409,
      metadata: { precondition: 'lock-token-matches-request-uri' satisfies DavPrecondition },
    });
  }
  return reply.code(204).send();
}
