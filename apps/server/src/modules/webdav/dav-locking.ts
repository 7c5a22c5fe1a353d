import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { headerOf } from '../../http/request-headers';
import type { DavPrecondition } from './dav-errors';
import { ifHolds, parseIfHeader, submittedTokens, type IfState } from './dav-if-header';
import { pathKey, type DavLock, type DavLocks, type HeldLocks } from './dav-locks';
import { etagOf } from './dav-multistatus';
import { davSegments } from './dav-path';
import type { DavItem, DavService } from './dav.service';

/** What a change touches, for the locks it must hold the tokens of. */
export interface WriteScope {
  /** The item as it is now; absent for a new one. */
  item?: DavItem;
  /** The folder's membership changes (an item is added, removed or moved). */
  membership?: boolean;
  /** Everything below the item is changed too (DELETE, MOVE, COPY onto it). */
  deep?: boolean;
}

/**
 * The `If` header and the locks a change must respect (RFC 4918 §7 and §10.4): an `If` header
 * that does not hold answers 412; a lock on what changes whose token the request does not
 * submit answers 423.
 */
export function createDavLocking(deps: { dav: Pick<DavService, 'resolve'>; locks: DavLocks }) {
  const { dav, locks } = deps;

  function tokensCovering(held: HeldLocks, key: string): Set<string> {
    return new Set(held.covering(key).map((lock) => lock.token));
  }

  /**
   * The lock tokens an `If` header submits once it holds (412 when it does not), against the
   * member's locks as `held` has them.
   */
  async function checkIf(
    request: FastifyRequest,
    userId: string,
    segments: string[],
    item: DavItem | undefined,
    held: HeldLocks,
  ): Promise<Set<string>> {
    const header = headerOf(request, 'if');
    if (header === undefined) {
      return new Set();
    }
    const lists = parseIfHeader(header);
    const stateOf = async (resource: string | undefined): Promise<IfState> => {
      if (resource === undefined) {
        return {
          etag: item ? etagOf(item.record) : undefined,
          tokens: tokensCovering(held, pathKey(segments)),
        };
      }
      const tagged = davSegments(resource);
      const taggedItem = await dav.resolve(userId, tagged);
      const taggedKey = pathKey(tagged);
      // `held` has the locks of the request's own paths; another path's are read for it.
      const around = taggedKey === pathKey(segments) ? held : await locks.of(userId, [taggedKey]);
      return {
        etag: taggedItem ? etagOf(taggedItem.record) : undefined,
        tokens: tokensCovering(around, taggedKey),
      };
    };
    if (!(await ifHolds(lists, stateOf))) {
      throw new AppError('failed_precondition', {
        description: 'The If header does not hold',
        status: 412,
      });
    }
    return submittedTokens(lists);
  }

  return {
    keyOf: pathKey,
    checkIf,

    /** Refuses a change the `If` header or a lock forbids; answers the tokens submitted. */
    async assertWritable(
      request: FastifyRequest,
      userId: string,
      segments: string[],
      scope: WriteScope,
    ): Promise<Set<string>> {
      const key = pathKey(segments);
      // The locks on this path and above it, and below it when the change goes deep; the
      // parent's own lock is among those above.
      const held = await locks.of(userId, [key], scope.deep ? key : undefined);
      const submitted = await checkIf(request, userId, segments, scope.item, held);
      const relevant: DavLock[] = [...held.covering(key)];
      if (scope.deep) {
        relevant.push(...held.within(key));
      }
      if (scope.membership && segments.length > 0) {
        const parentKey = pathKey(segments.slice(0, -1));
        relevant.push(...held.covering(parentKey).filter((lock) => lock.key === parentKey));
      }
      if (relevant.some((lock) => !submitted.has(lock.token))) {
        throw new AppError('failed_precondition', {
          description: 'The item is locked and the request submits no token of its lock',
          status: 423,
          metadata: { precondition: 'lock-token-submitted' satisfies DavPrecondition },
        });
      }
      return submitted;
    },
  };
}

export type DavLocking = ReturnType<typeof createDavLocking>;
