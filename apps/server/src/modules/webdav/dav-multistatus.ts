import { servingTypeOf } from '../content/content-serving';
import type { FileRecord } from '../drive/file.repository';
import type { DavLock } from './dav-locks';
import { davHref } from './dav-path';
import type { DavProperty } from './dav-property.repository';
import { davNs, escapeXml, propertyXml, type PropertyName } from './dav-xml';

/*
 * The properties of an item as a PROPFIND answers them (RFC 4918 §15, RFC 4331 §3): live ones
 * read from the drive, dead ones as a client set them, written as one `DAV:response`.
 */

/** What a PROPFIND asks for. */
export type PropfindRequest =
  | { kind: 'allprop'; include: PropertyName[] }
  | { kind: 'propname' }
  | { kind: 'prop'; names: PropertyName[] };

/** What a response is built from. */
export interface ItemFacts {
  segments: string[];
  record: FileRecord | undefined;
  dead: DavProperty[];
  locks: DavLock[];
  /** The member's quota figures, for the quota properties of collections. */
  quota: { used: number; available: number } | undefined;
  lockSecondsLeft: (lock: DavLock) => number;
}

/** Live properties an `allprop` lists (the quota ones only when named, RFC 4331 §3). */
const allpropLive = [
  'resourcetype',
  'displayname',
  'getcontentlength',
  'getcontenttype',
  'getetag',
  'getlastmodified',
  'creationdate',
  'supportedlock',
  'lockdiscovery',
];
const quotaLive = ['quota-available-bytes', 'quota-used-bytes'];

/** Live properties that no PROPPATCH may change. */
export const protectedProperties = new Set([...allpropLive, ...quotaLive]);

/**
 * The entity tag of an item: the SHA-256 of a file's bytes (base64url, so an `If` header that
 * repeats it stays short: litmus's own buffer holds 200 bytes); a folder's id and time.
 */
export function etagOf(record: FileRecord | undefined): string {
  if (!record) {
    return '"root"';
  }
  if (record.kind === 'file' && record.sha256 !== null) {
    return `"${Buffer.from(record.sha256, 'hex').toString('base64url')}"`;
  }
  return `"${record.id}-${Date.parse(record.modifiedAt)}"`;
}

/** An active lock as `DAV:activelock`. */
export function activeLockXml(lock: DavLock, secondsLeft: number): string {
  return (
    `<D:activelock><D:locktype><D:write/></D:locktype>` +
    `<D:lockscope><D:${lock.scope}/></D:lockscope>` +
    `<D:depth>${lock.depth === '0' ? '0' : 'infinity'}</D:depth>` +
    (lock.ownerXml === '' ? '' : `<D:owner>${lock.ownerXml}</D:owner>`) +
    `<D:timeout>Second-${secondsLeft}</D:timeout>` +
    `<D:locktoken><D:href>${escapeXml(lock.token)}</D:href></D:locktoken>` +
    `<D:lockroot><D:href>${escapeXml(davHref(lock.segments, false))}</D:href></D:lockroot>` +
    `</D:activelock>`
  );
}

const supportedLockXml =
  '<D:lockentry><D:lockscope><D:exclusive/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>' +
  '<D:lockentry><D:lockscope><D:shared/></D:lockscope><D:locktype><D:write/></D:locktype></D:lockentry>';

/** The value of a live property of an item as XML; undefined when the item has none. */
function liveValue(local: string, facts: ItemFacts): string | undefined {
  const { record } = facts;
  const isFolder = record === undefined || record.kind === 'folder';
  switch (local) {
    case 'resourcetype':
      return isFolder ? '<D:collection/>' : '';
    case 'displayname':
      return escapeXml(record?.name ?? '');
    case 'getcontentlength':
      return isFolder ? undefined : String(record.size);
    case 'getcontenttype':
      return isFolder ? undefined : escapeXml(servingTypeOf(record.fileExtension).contentType);
    case 'getetag':
      return escapeXml(etagOf(record));
    case 'getlastmodified':
      return record ? new Date(record.modifiedAt).toUTCString() : undefined;
    case 'creationdate':
      return record ? new Date(record.createdAt).toISOString() : undefined;
    case 'supportedlock':
      return supportedLockXml;
    case 'lockdiscovery':
      return facts.locks.map((lock) => activeLockXml(lock, facts.lockSecondsLeft(lock))).join('');
    case 'quota-available-bytes':
      return isFolder && facts.quota ? String(facts.quota.available) : undefined;
    case 'quota-used-bytes':
      return isFolder && facts.quota ? String(facts.quota.used) : undefined;
    default:
      return undefined;
  }
}

function valueOf(name: PropertyName, facts: ItemFacts): string | undefined {
  if (name.ns === davNs) {
    const live = liveValue(name.local, facts);
    if (live !== undefined || protectedProperties.has(name.local)) {
      return live;
    }
  }
  return facts.dead.find((property) => property.ns === name.ns && property.name === name.local)
    ?.value;
}

function propstat(properties: string[], status: string): string {
  return properties.length === 0
    ? ''
    : `<D:propstat><D:prop>${properties.join('')}</D:prop><D:status>HTTP/1.1 ${status}</D:status></D:propstat>`;
}

/** One `DAV:response` of a PROPFIND. */
export function propfindResponse(request: PropfindRequest, facts: ItemFacts): string {
  const isFolder = facts.record === undefined || facts.record.kind === 'folder';
  const href = `<D:href>${escapeXml(davHref(facts.segments, isFolder))}</D:href>`;
  const found: string[] = [];
  const missing: string[] = [];
  const dead = facts.dead.map((property) => ({ ns: property.ns, local: property.name }));
  if (request.kind === 'propname') {
    const live = [...allpropLive, ...(isFolder ? quotaLive : [])].filter(
      (local) => liveValue(local, facts) !== undefined,
    );
    for (const name of [...live.map((local) => ({ ns: davNs, local })), ...dead]) {
      found.push(propertyXml(name, ''));
    }
  } else {
    const names =
      request.kind === 'prop'
        ? request.names
        : [...allpropLive.map((local) => ({ ns: davNs, local })), ...dead, ...request.include];
    const seen = new Set<string>();
    for (const name of names) {
      const key = `${name.ns}\n${name.local}`;
      if (seen.has(key)) {
        continue;
      }
      seen.add(key);
      const value = valueOf(name, facts);
      if (value !== undefined) {
        found.push(propertyXml(name, value));
      } else if (request.kind === 'prop') {
        missing.push(propertyXml(name, ''));
      }
    }
  }
  return `<D:response>${href}${propstat(found, '200 OK')}${propstat(missing, '404 Not Found')}</D:response>`;
}

/** Whether answering needs the items' dead properties. */
export function needsDead(request: PropfindRequest): boolean {
  return (
    request.kind !== 'prop' ||
    request.names.some((name) => name.ns !== davNs || !protectedProperties.has(name.local))
  );
}

/** Whether answering needs the member's quota. */
export function needsQuota(request: PropfindRequest): boolean {
  return (
    request.kind === 'propname' ||
    (request.kind === 'prop' &&
      request.names.some((name) => name.ns === davNs && quotaLive.includes(name.local))) ||
    (request.kind === 'allprop' &&
      request.include.some((name) => name.ns === davNs && quotaLive.includes(name.local)))
  );
}
