import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { headerOf } from '../../http/request-headers';
import { requestLocale } from '../../http/request-locale';
import type { FileRecord } from '../drive/file.repository';
import { xmlBodyOf } from './dav-body';
import type { DavPrecondition } from './dav-errors';
import type { DavLocks } from './dav-locks';
import { pathKey } from './dav-locks';
import {
  needsDead,
  needsQuota,
  propfindResponse,
  protectedProperties,
  type PropfindRequest,
} from './dav-multistatus';
import { davHref } from './dav-path';
import { isCollection, type DavItem, type DavService } from './dav.service';
import {
  davChild,
  davNs,
  elementsOf,
  escapeXml,
  innerXml,
  isDav,
  multistatusClose,
  multistatusOpen,
  parseXml,
  propertyXml,
  type PropertyName,
} from './dav-xml';

const xmlType = 'application/xml; charset=utf-8';

function badBody(description: string): AppError {
  return new AppError('invalid_argument', { description });
}

/** What a PROPFIND body asks for (none: every property, as `allprop`). */
function propfindRequestOf(text: string): PropfindRequest {
  const root = parseXml(text);
  if (!root) {
    return { kind: 'allprop', include: [] };
  }
  if (!isDav(root, 'propfind')) {
    throw badBody('A PROPFIND body is a DAV:propfind');
  }
  const names = (element: XmlLike) =>
    elementsOf(element).map((child): PropertyName => ({ ns: child.ns, local: child.local }));
  const prop = davChild(root, 'prop');
  if (prop) {
    return { kind: 'prop', names: names(prop) };
  }
  if (davChild(root, 'propname')) {
    return { kind: 'propname' };
  }
  if (davChild(root, 'allprop')) {
    const include = davChild(root, 'include');
    return { kind: 'allprop', include: include ? names(include) : [] };
  }
  throw badBody('A DAV:propfind holds DAV:prop, DAV:propname or DAV:allprop');
}

type XmlLike = Parameters<typeof elementsOf>[0];

/**
 * PROPFIND with Depth 0 or 1 (infinity is refused with RFC 4918's `propfind-finite-depth`). The
 * answer streams: a folder's entries are read a page at a time and written as they come, so a
 * folder of any size never sits in memory.
 */
export async function handlePropfind(
  deps: { dav: DavService; locks: DavLocks },
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  segments: string[],
) {
  const { dav, locks } = deps;
  const depth = (headerOf(request, 'depth') ?? 'infinity').toLowerCase();
  if (depth !== '0' && depth !== '1') {
    if (depth !== 'infinity') {
      throw badBody('Depth is 0, 1 or infinity');
    }
    // RFC 4918 §9.1: the precondition `propfind-finite-depth`, answered as a DAV:error body.
    throw new AppError('permission_denied', {
      description: 'PROPFIND takes Depth 0 or 1 (propfind-finite-depth)',
      metadata: { precondition: 'propfind-finite-depth' satisfies DavPrecondition },
    });
  }
  const asked = propfindRequestOf(await xmlBodyOf(request));
  const item = await dav.resolve(userId, segments);
  if (!item) {
    throw new AppError('file_not_found');
  }
  const quota = needsQuota(asked) ? await dav.quota(userId) : undefined;
  const withDead = needsDead(asked);

  async function responsesOf(base: string[], records: (FileRecord | undefined)[]) {
    // The locks on these items and the folders above them, never the member's others.
    const held = await locks.of(
      userId,
      records.map((record) => pathKey(record === undefined ? base : [...base, record.name])),
    );
    const dead = withDead
      ? await dav.deadProperties(
          records.filter((record) => record !== undefined).map((record) => record.id),
        )
      : [];
    return records
      .map((record) => {
        const itemSegments = record === undefined ? base : [...base, record.name];
        return propfindResponse(asked, {
          segments: itemSegments,
          record,
          dead: record === undefined ? [] : dead.filter((row) => row.fileId === record.id),
          locks: held.covering(pathKey(itemSegments)),
          quota,
          lockSecondsLeft: (lock) => locks.secondsLeft(lock),
        });
      })
      .join('');
  }

  const first = `${multistatusOpen}${await responsesOf(segments.slice(0, item.record ? -1 : undefined), [item.record])}`;
  async function* body() {
    yield first;
    if (depth === '1' && isCollection(item as DavItem)) {
      for await (const page of dav.childrenOf(userId, item as DavItem, requestLocale(request))) {
        yield await responsesOf(segments, page);
      }
    }
    yield multistatusClose;
  }
  // Bytes, not objects: at most about one page waits in the stream while the client is slow.
  return reply
    .code(207)
    .type(xmlType)
    .send(Readable.from(body(), { objectMode: false, highWaterMark: 64 * 1024 }));
}

/**
 * PROPPATCH (RFC 4918 §9.2): dead properties set and removed in document order, all or none.
 * DAV: live properties are protected (403) and fail the others with them (424).
 */
export async function handleProppatch(
  deps: { dav: DavService },
  request: FastifyRequest,
  reply: FastifyReply,
  _userId: string,
  item: DavItem,
) {
  const root = parseXml(await xmlBodyOf(request));
  if (!root || !isDav(root, 'propertyupdate')) {
    throw badBody('A PROPPATCH body is a DAV:propertyupdate');
  }
  const changes: { ns: string; name: string; value: string | null }[] = [];
  const refused: PropertyName[] = [];
  for (const instruction of elementsOf(root)) {
    const isSet = isDav(instruction, 'set');
    if (!isSet && !isDav(instruction, 'remove')) {
      continue;
    }
    const prop = davChild(instruction, 'prop');
    for (const property of prop ? elementsOf(prop) : []) {
      if (property.ns === davNs && protectedProperties.has(property.local)) {
        refused.push({ ns: property.ns, local: property.local });
        continue;
      }
      changes.push({
        ns: property.ns,
        name: property.local,
        value: isSet ? innerXml(property) : null,
      });
    }
  }
  const href = `<D:href>${escapeXml(davHref(item.segments, isCollection(item)))}</D:href>`;
  const propstat = (names: PropertyName[], status: string) =>
    names.length === 0
      ? ''
      : `<D:propstat><D:prop>${names.map((name) => propertyXml(name, '')).join('')}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`;
  const changed = changes.map((change) => ({ ns: change.ns, local: change.name }));
  if (refused.length === 0) {
    await deps.dav.patchProperties(item, changes);
  }
  const statuses =
    refused.length === 0
      ? propstat(changed, '200 OK')
      : `${propstat(refused, '403 Forbidden')}${propstat(changed, '424 Failed Dependency')}`;
  return reply
    .code(207)
    .type(xmlType)
    .send(`${multistatusOpen}<D:response>${href}${statuses}</D:response>${multistatusClose}`);
}
