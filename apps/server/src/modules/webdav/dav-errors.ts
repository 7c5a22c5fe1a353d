import type { FastifyError, FastifyInstance } from 'fastify';
import { httpStatusOf } from '@nimbus/contracts';
import { toErrorBody } from '../../http/error-body';
import { toAppError } from '../../http/error-handler';
import { requestLocale } from '../../http/request-locale';
import { escapeXml } from './dav-xml';

/**
 * The preconditions of RFC 4918 §16 that WebDAV failures name; a client reads them from a
 * `DAV:error` body (Windows and litmus look for `propfind-finite-depth`).
 */
const davPreconditions = [
  'propfind-finite-depth',
  'lock-token-submitted',
  'no-conflicting-lock',
  'lock-token-matches-request-uri',
] as const;
export type DavPrecondition = (typeof davPreconditions)[number];

const preconditions = new Set<string>(davPreconditions);

/** Where the error object's fields sit inside a `DAV:error` body. */
const nimbusErrorNs = 'urn:nimbus:error';

/**
 * Answers a WebDAV failure that names an RFC 4918 precondition (`metadata.precondition`) with
 * the RFC's `DAV:error` body: the precondition's element, then the error object's fields
 * (docs/api.md#webdav). Any other failure goes on to the app's error handler.
 */
export function registerDavErrors(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    const precondition = appError.metadata['precondition'];
    if (precondition === undefined || !preconditions.has(precondition)) {
      throw error;
    }
    request.log.info({ reason: appError.reason, precondition }, 'request rejected');
    const body = toErrorBody(appError.reason, {
      locale: requestLocale(request),
      description: appError.description,
      metadata: appError.metadata,
    });
    const field = (name: string, value: string) => `<N:${name}>${escapeXml(value)}</N:${name}>`;
    return reply
      .code(appError.status ?? httpStatusOf(appError.reason))
      .header('cache-control', 'no-store')
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="utf-8"?>\n<D:error xmlns:D="DAV:" xmlns:N="${nimbusErrorNs}">` +
          `<D:${precondition}/>` +
          field('error', body.error) +
          field('error_code', String(body.error_code)) +
          field('error_description', body.error_description) +
          `</D:error>\n`,
      );
  });
}
