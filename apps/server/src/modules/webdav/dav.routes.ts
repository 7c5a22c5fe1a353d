import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import { headerOf } from '../../http/request-headers';
import { sendStoredFile } from '../content/content-send';
import { contentSecurityHeaders } from '../content/content-serving';
import type { ContentService } from '../content/content.service';
import type { DavActor, DavAuthenticator } from './dav-auth';
import { registerDavErrors } from './dav-errors';
import { createDavLocking } from './dav-locking';
import type { DavLocks } from './dav-locks';
import { davPrefix, davSegments } from './dav-path';
import { etagOf } from './dav-multistatus';
import { handlePropfind, handleProppatch } from './dav-properties';
import { handleLock, handleUnlock } from './dav-lock-calls';
import { isCollection, type DavService } from './dav.service';
import { xmlBodyOf } from './dav-body';

export interface DavRoutesDeps {
  dav: DavService;
  locks: DavLocks;
  content: Pick<ContentService, 'openFile' | 'checkTraffic' | 'noteOpened' | 'read' | 'metered'>;
  authenticator: DavAuthenticator;
}

/** The methods of RFC 4918 that Fastify does not know by itself. */
const davMethods = ['PROPFIND', 'PROPPATCH', 'MKCOL', 'COPY', 'MOVE', 'LOCK', 'UNLOCK'] as const;
const methods = ['OPTIONS', 'GET', 'HEAD', 'PUT', 'DELETE', ...davMethods];
const writeMethods = new Set([
  'PUT',
  'DELETE',
  'PROPPATCH',
  'MKCOL',
  'COPY',
  'MOVE',
  'LOCK',
  'UNLOCK',
]);

declare module 'fastify' {
  interface FastifyRequest {
    /** The member a WebDAV request acts for. */
    davActor: DavActor | null;
  }
}

/** Lets the server take WebDAV's methods (call once, on the root instance). */
export function addDavMethods(app: FastifyInstance): void {
  for (const method of davMethods) {
    if (!app.supportedMethods.includes(method)) {
      app.addHttpMethod(method, { hasBody: true });
    }
  }
}

/** The client's modification time of a PUT (`X-OC-Mtime`, seconds since the epoch). */
function modifiedAtOf(request: FastifyRequest): string | undefined {
  const value = headerOf(request, 'x-oc-mtime');
  if (value === undefined || !/^\d{1,12}(\.\d{1,9})?$/.test(value.trim())) {
    return undefined;
  }
  return new Date(Math.floor(Number(value) * 1000)).toISOString();
}

/**
 * WebDAV at `/dav/` (docs/api.md#webdav): RFC 4918 class 1 and 2 and RFC 4331's quota over the
 * member's drive. Every call authenticates (HTTP Basic with an app password, or a Bearer
 * token) except OPTIONS, which Windows asks before it sends credentials; a read-only app
 * password may only read. Failures answer the error object, or the RFC's XML where a
 * precondition has an element of its own.
 */
export function davRoutes(deps: DavRoutesDeps) {
  const { dav, locks, content } = deps;
  const locking = createDavLocking({ dav, locks });

  return async (app: FastifyInstance) => {
    app.decorateRequest('davActor', null);
    registerDavErrors(app);
    // Bodies are read by the calls themselves: a PUT streams its bytes, the others read XML.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    app.addHook('onRequest', (request, reply, done) => {
      void reply.header('cache-control', 'no-store');
      if (request.method === 'OPTIONS') {
        done();
        return;
      }
      deps.authenticator.authenticate(request).then(
        (actor) => {
          request.davActor = actor;
          if (!actor) {
            void reply.header('www-authenticate', 'Basic realm="Nimbus", charset="UTF-8"');
            done(new AppError('unauthenticated'));
          } else if (!actor.canWrite && writeMethods.has(request.method)) {
            done(
              new AppError('permission_denied', {
                description: 'This app password may only read',
              }),
            );
          } else {
            done();
          }
        },
        (error: unknown) => {
          void reply.header('www-authenticate', 'Basic realm="Nimbus", charset="UTF-8"');
          done(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });

    async function handle(request: FastifyRequest, reply: FastifyReply) {
      const segments = davSegments(request.raw.url ?? request.url);
      if (request.method === 'OPTIONS') {
        return reply
          .code(200)
          .header('dav', '1, 2')
          .header('ms-author-via', 'DAV')
          .header('allow', methods.join(', '))
          .header('accept-ranges', 'bytes')
          .header('content-length', '0')
          .send();
      }
      const actor = request.davActor as DavActor;
      const { userId } = actor;
      if (writeMethods.has(request.method)) {
        await refuseInView(userId, segments);
      }
      switch (request.method) {
        case 'GET':
        case 'HEAD':
          return get(request, reply, userId, segments);
        case 'PUT':
          return put(request, reply, userId, segments);
        case 'MKCOL': {
          if ((await xmlBodyOf(request)) !== '') {
            throw new AppError('invalid_argument', {
              description: 'MKCOL takes no body',
              status: 415,
            });
          }
          await locking.assertWritable(request, userId, segments, { membership: true });
          await dav.makeFolder(userId, segments);
          return reply.code(201).header('content-length', '0').send();
        }
        case 'DELETE': {
          const item = await found(userId, segments);
          await locking.assertWritable(request, userId, segments, {
            membership: true,
            deep: true,
            item,
          });
          await dav.trash(userId, item);
          await locks.releaseWithin(userId, locking.keyOf(segments));
          return reply.code(204).send();
        }
        case 'COPY':
        case 'MOVE':
          return transfer(request, reply, userId, segments);
        case 'PROPFIND':
          return handlePropfind({ dav, locks }, request, reply, userId, segments);
        case 'PROPPATCH': {
          const item = await found(userId, segments);
          await locking.assertWritable(request, userId, segments, { item });
          return handleProppatch({ dav }, request, reply, userId, item);
        }
        case 'LOCK':
          return handleLock({ dav, locks, locking }, request, reply, userId, segments);
        case 'UNLOCK':
          return handleUnlock({ dav, locks }, request, reply, userId, segments);
        default:
          throw new AppError('unimplemented', { status: 405 });
      }
    }

    /** The trash and the share links are read-only here: changes are made in the drive. */
    async function refuseInView(userId: string, segments: string[]) {
      if (await dav.areaOf(userId, segments)) {
        throw new AppError('permission_denied', {
          description: 'The trash and the share links are read-only over WebDAV',
        });
      }
    }

    async function found(userId: string, segments: string[]) {
      const item = await dav.resolve(userId, segments);
      if (!item) {
        throw new AppError('file_not_found');
      }
      return item;
    }

    async function get(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      segments: string[],
    ) {
      const item = await found(userId, segments);
      if (item.record && item.record.trashed !== 0) {
        // As in the drive: a file in the trash is restored before it is opened.
        throw new AppError('file_in_recycle_bin');
      }
      if (!item.record || isCollection(item)) {
        throw new AppError('failed_precondition', {
          description: 'A folder has no content to read; list it with PROPFIND',
          status: 405,
        });
      }
      const file = await content.openFile({
        p: 'file',
        u: userId,
        f: item.record.id,
        t: 1,
        e: Math.floor(Date.now() / 1000) + 60,
      });
      const meteredFor = request.method === 'HEAD' ? undefined : userId;
      if (meteredFor !== undefined) {
        await content.checkTraffic(meteredFor);
      }
      void reply.headers(contentSecurityHeaders);
      return sendStoredFile(
        request,
        reply,
        content as ContentService,
        {
          ...file,
          validators: {
            etag: etagOf(item.record),
            lastModified: Math.floor(Date.parse(item.record.modifiedAt) / 1000),
          },
        },
        { inline: false, meteredFor, cacheControl: 'private, no-cache' },
      );
    }

    async function put(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      segments: string[],
    ) {
      if (request.headers['content-range'] !== undefined) {
        // RFC 9110 §14.5: a partial PUT this server does not apply is refused, never stored whole.
        throw new AppError('invalid_argument', {
          description: 'A PUT writes a whole file; Content-Range is not supported',
        });
      }
      // The folder once, then the name in it (dav.put is given the folder, not found again).
      const parent =
        segments.length === 0 ? undefined : await dav.resolve(userId, segments.slice(0, -1));
      const existing =
        parent === undefined || parent.area !== undefined
          ? await dav.resolve(userId, segments)
          : await dav.childOf(userId, parent, segments.at(-1) as string);
      if (existing && isCollection(existing)) {
        throw new AppError('failed_precondition', {
          description: 'A folder has this name',
          status: 405,
        });
      }
      await locking.assertWritable(request, userId, segments, {
        membership: existing === undefined,
        ...(existing ? { item: existing } : {}),
      });
      const declared = headerOf(request, 'content-length');
      const modifiedAt = modifiedAtOf(request);
      const { created, file } = await dav.put(userId, segments, request.raw, {
        contentLength: declared === undefined ? undefined : Number(declared),
        modifiedAt,
        parent,
      });
      if (file) {
        void reply.header('etag', etagOf(file));
      }
      if (modifiedAt !== undefined) {
        void reply.header('x-oc-mtime', 'accepted');
      }
      return reply
        .code(created ? 201 : 204)
        .header('content-length', '0')
        .send();
    }

    async function transfer(
      request: FastifyRequest,
      reply: FastifyReply,
      userId: string,
      segments: string[],
    ) {
      const move = request.method === 'MOVE';
      const header = headerOf(request, 'destination');
      if (header === undefined) {
        throw new AppError('invalid_argument', { description: 'Destination is required' });
      }
      const destination = davSegments(header);
      await refuseInView(userId, destination);
      const depth = (headerOf(request, 'depth') ?? 'infinity').toLowerCase();
      if (depth !== 'infinity' && (move || depth !== '0')) {
        throw new AppError('invalid_argument', {
          description: move ? 'MOVE has Depth: infinity' : 'COPY has Depth: 0 or infinity',
        });
      }
      const overwrite = (headerOf(request, 'overwrite') ?? 'T').toUpperCase();
      if (overwrite !== 'T' && overwrite !== 'F') {
        throw new AppError('invalid_argument', { description: 'Overwrite is T or F' });
      }
      const item = await found(userId, segments);
      if (locking.keyOf(segments) === locking.keyOf(destination) && !move) {
        throw new AppError('permission_denied', {
          description: 'The source and the destination are the same',
        });
      }
      if (move) {
        await locking.assertWritable(request, userId, segments, {
          membership: true,
          deep: true,
          item,
        });
      }
      const target = await dav.resolve(userId, destination);
      await locking.assertWritable(request, userId, destination, {
        membership: true,
        deep: true,
        ...(target ? { item: target } : {}),
      });
      const created = await dav.transfer(userId, item, destination, {
        move,
        overwrite: overwrite === 'T',
        shallow: depth === '0',
      });
      if (move) {
        await locks.releaseWithin(userId, locking.keyOf(segments));
      }
      return reply
        .code(created ? 201 : 204)
        .header('content-length', '0')
        .send();
    }

    for (const url of [davPrefix, `${davPrefix}/*`]) {
      app.route({ method: methods, url, schema: { hide: true }, handler: handle });
    }
  };
}
