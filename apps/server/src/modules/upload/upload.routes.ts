import fastifyMultipart from '@fastify/multipart';
import { uploadApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';
import type { Authenticator } from '../auth/authenticator';
import { actorOf, requireActor } from '../auth/require-actor';
import { catalogueRoute } from '../../http/catalogue-route';
import { originOf, toUploadAnswer } from './upload.dto';
import {
  checksumAlgorithms,
  type UploadChecksum,
  type UploadService,
  type UploadStatus,
} from './upload.service';

export interface UploadRoutesDeps {
  authenticator: Authenticator;
  uploads: UploadService;
  /**
   * The largest upload any plan allows (tus `Tus-Max-Size`): the largest plan storage in force,
   * the console's plan limits over configuration's.
   */
  maxUploadBytes: () => Promise<number>;
}

const tusVersion = '1.0.0';
const tusContentType = 'application/offset+octet-stream';
/**
 * The tus extensions this server implements. Not `creation`: the resource is created by
 * `POST /drive/v1/files`, which also names the file and checks the quota.
 */
export const tusExtensions = ['termination', 'expiration', 'checksum'] as const;
const uploadsPrefix = '/drive/v1/uploads';

/** The headers of tus's server information (`OPTIONS`, and the CORS preflight of the same paths). */
function tusInformation(reply: FastifyReply, maxUploadBytes: number): FastifyReply {
  return reply.headers({
    'tus-version': tusVersion,
    'tus-extension': tusExtensions.join(','),
    'tus-max-size': String(maxUploadBytes),
    'tus-checksum-algorithm': checksumAlgorithms.join(','),
  });
}

function headerOf(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** A non-negative decimal header (`Upload-Offset`, `Content-Length`), or `invalid_argument`. */
function decimalHeader(
  request: FastifyRequest,
  name: string,
  required: boolean,
): number | undefined {
  const value = headerOf(request, name);
  if (value === undefined) {
    if (required) {
      throw new AppError('invalid_argument', { description: `${name} is required` });
    }
    return undefined;
  }
  if (!/^\d{1,16}$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new AppError('invalid_argument', {
      description: `${name} is a non-negative decimal number`,
    });
  }
  return Number(value);
}

/** tus checksum extension: `Upload-Checksum: <algorithm> <base64 digest>`. */
function checksumOf(request: FastifyRequest): UploadChecksum | undefined {
  const value = headerOf(request, 'upload-checksum');
  if (value === undefined) {
    return undefined;
  }
  const [algorithm, encoded, ...rest] = value.trim().split(/\s+/);
  if (rest.length > 0 || encoded === undefined || !/^[A-Za-z0-9+/]+={0,2}$/.test(encoded)) {
    throw new AppError('invalid_argument', {
      description: 'Upload-Checksum is "<algorithm> <base64 digest>"',
    });
  }
  if (!(checksumAlgorithms as readonly string[]).includes(algorithm ?? '')) {
    throw new AppError('invalid_argument', {
      description: `Upload-Checksum algorithms: ${checksumAlgorithms.join(', ')}`,
    });
  }
  return {
    algorithm: algorithm as UploadChecksum['algorithm'],
    digest: Buffer.from(encoded, 'base64'),
  };
}

function tusHeaders(reply: FastifyReply, status: UploadStatus): FastifyReply {
  return reply.headers({
    'upload-offset': String(status.received),
    'upload-length': String(status.size),
    'upload-expires': new Date(status.expiresAt).toUTCString(),
  });
}

/**
 * The upload host's paths: the tus 1.0 resource of each upload (`HEAD`/`PATCH`/`DELETE` on
 * `/drive/v1/uploads/{id}`; core, termination, expiration and checksum; the resource is created
 * by `POST /drive/v1/files`; `OPTIONS` tells the server's tus facts without credentials), the form upload, and `:prove` of instant upload. Every failure is
 * the error object of docs/api.md#errors, with the status tus fixes where it fixes one.
 */
export function uploadRoutes(deps: UploadRoutesDeps) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    const authenticate = requireActor(deps.authenticator);
    const { uploads } = deps;

    // A PATCH body is the upload's bytes: left unread here and streamed by the handler.
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));
    await app.register(fastifyMultipart, {
      limits: {
        files: 1,
        fields: 16,
        parts: 17,
        fieldSize: 1024,
        fileSize: Number.MAX_SAFE_INTEGER,
      },
    });

    app.addHook('onSend', async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const path = request.url.split('?')[0] ?? '';
      if (path === uploadsPrefix || path.startsWith(`${uploadsPrefix}/`)) {
        void reply.header('tus-resumable', tusVersion);
        if (request.method === 'OPTIONS') {
          // Also on a CORS preflight, which the CORS hook answers before the route runs.
          tusInformation(reply, await deps.maxUploadBytes());
        }
      }
    });

    // tus 1.0 server information: no credentials, no Tus-Resumable needed, nothing looked up.
    const describeServer = async (_request: FastifyRequest, reply: FastifyReply) =>
      tusInformation(reply, await deps.maxUploadBytes())
        .code(204)
        .send();
    catalogueRoute(app, uploadApi.tusServer, {}, describeServer);
    catalogueRoute(app, uploadApi.tusUploadServer, {}, describeServer);

    /** tus 1.0 calls name the protocol version; the credential is checked before (onRequest). */
    const requireTusVersion = async (request: FastifyRequest, reply: FastifyReply) => {
      if (headerOf(request, 'tus-resumable') !== tusVersion) {
        void reply.header('tus-version', tusVersion);
        throw new AppError('failed_precondition', {
          description: `Tus-Resumable ${tusVersion} is required`,
          status: 412,
        });
      }
    };

    catalogueRoute(
      app,
      uploadApi.tusOffset,
      { onRequest: authenticate, preHandler: requireTusVersion },
      async (request, reply) => {
        const status = await uploads.head(actorOf(request).userId, request.params.id);
        return tusHeaders(reply, status).code(200).send();
      },
    );

    catalogueRoute(
      app,
      uploadApi.tusAppend,
      { onRequest: authenticate, preHandler: requireTusVersion },
      async (request, reply) => {
        const contentType = (headerOf(request, 'content-type') ?? '')
          .split(';')[0]
          ?.trim()
          .toLowerCase();
        if (contentType !== tusContentType) {
          throw new AppError('invalid_argument', {
            description: `Content-Type must be ${tusContentType}`,
            status: 415,
          });
        }
        const offset = decimalHeader(request, 'upload-offset', true) ?? 0;
        const contentLength = decimalHeader(request, 'content-length', false);
        const checksum = checksumOf(request);
        const status = await uploads.receive(actorOf(request).userId, request.params.id, {
          offset,
          source: request.raw,
          ...(checksum ? { checksum } : {}),
          ...(contentLength === undefined ? {} : { contentLength }),
        });
        return tusHeaders(reply, status).code(204).send();
      },
    );

    catalogueRoute(
      app,
      uploadApi.tusTerminate,
      { onRequest: authenticate, preHandler: requireTusVersion },
      async (request, reply) => {
        await uploads.terminate(actorOf(request).userId, request.params.id);
        return reply.code(204).send();
      },
    );

    catalogueRoute(app, uploadApi.form, { onRequest: authenticate }, async (request) => {
      const userId = actorOf(request).userId;
      const part = await request.file();
      if (!part || part.fieldname !== 'file') {
        throw new AppError('invalid_argument', {
          description: 'The form carries the bytes in the field `file`',
        });
      }
      const status = await uploads.receive(userId, request.params.id, {
        offset: 0,
        source: part.file,
        restart: true,
      });
      if (part.file.truncated) {
        throw new AppError('payload_too_large');
      }
      if (!status.file && status.received === status.size) {
        // Deleted by its owner while the bytes came in.
        throw new AppError('file_not_found');
      }
      if (!status.file) {
        throw new AppError('invalid_argument', {
          description: `The form carried ${status.received} of the ${status.size} bytes announced`,
        });
      }
      return toUploadAnswer({
        origin: originOf(request),
        uploadType: 'form',
        file: status.file,
        upload: undefined,
      });
    });

    catalogueRoute(app, uploadApi.prove, { onRequest: authenticate }, async (request) => {
      const result = await uploads.prove(
        actorOf(request).userId,
        request.params.id,
        request.body.ranges,
      );
      return toUploadAnswer({
        origin: originOf(request),
        uploadType: result.upload?.uploadType ?? 'resumable',
        file: result.file,
        upload: result.upload,
      });
    });
  };
}
