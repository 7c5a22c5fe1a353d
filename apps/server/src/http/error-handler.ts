import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { httpStatusOf, type ErrorReason, type Locale } from '@nimbus/contracts';
import { AppError, isAppError } from './app-error';
import { toErrorBody } from './error-body';
import { requestLocale } from './request-locale';

const maxDescriptionLength = 300;

/** Fastify's own client errors, by HTTP status, mapped to the reasons of the catalogue. */
const reasonByStatus: Readonly<Record<number, ErrorReason>> = {
  400: 'invalid_argument',
  401: 'unauthenticated',
  403: 'permission_denied',
  404: 'not_found',
  405: 'invalid_argument',
  406: 'invalid_argument',
  408: 'deadline_exceeded',
  409: 'aborted',
  413: 'payload_too_large',
  414: 'invalid_argument',
  415: 'invalid_argument',
  429: 'too_many_requests',
  431: 'invalid_argument',
};

/**
 * The multipart parser's (busboy's) own failures on a body that is not the form it claims to be:
 * no boundary, a form cut off, a part header it cannot read. They are the caller's fault.
 */
const malformedFormMessages =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data)$/;

function truncate(text: string): string {
  return text.length > maxDescriptionLength ? `${text.slice(0, maxDescriptionLength - 1)}…` : text;
}

/** Describes schema failures by field, without echoing the values that failed. */
function describeValidation(error: FastifyError): string {
  const issues = (error.validation ?? []).slice(0, 5).map((issue) => {
    const where = issue.instancePath
      ? issue.instancePath.replace(/^\//, '').replaceAll('/', '.')
      : '';
    const context = error.validationContext ?? 'request';
    return `${context}${where ? `.${where}` : ''}: ${issue.message ?? 'is invalid'}`;
  });
  return truncate(issues.join('; ') || 'The request is not valid');
}

/** Turns any thrown value into an AppError the client may see. */
export function toAppError(error: unknown): AppError {
  if (isAppError(error)) {
    return error;
  }
  const fastifyError = error as Partial<FastifyError> | undefined;
  if (fastifyError && hasZodFastifySchemaValidationErrors(fastifyError)) {
    return new AppError('invalid_argument', { description: describeValidation(fastifyError) });
  }
  if (error instanceof Error && malformedFormMessages.test(error.message)) {
    return new AppError('invalid_argument', {
      description: 'The body is not a well-formed multipart/form-data form',
    });
  }
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const reason = reasonByStatus[status] ?? 'invalid_argument';
    const message = typeof fastifyError?.message === 'string' ? fastifyError.message : '';
    return new AppError(reason, { description: message ? truncate(message) : undefined });
  }
  return new AppError('internal', { cause: error });
}

/** Writes an AppError as the error object of docs/api.md#errors. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  error: AppError,
): FastifyReply {
  const status = error.status ?? httpStatusOf(error.reason);
  const isServerFault = status >= 500;
  const metadata = isServerFault ? { ...error.metadata, request_id: request.id } : error.metadata;
  if (error.retryAfterSeconds !== undefined) {
    void reply.header('retry-after', String(error.retryAfterSeconds));
  }
  const locale = requestLocale(request);
  const bodies = isServerFault ? undefined : sharedBodies.get(error);
  const body =
    bodies?.get(locale) ??
    toErrorBody(error.reason, {
      locale,
      // A server fault never tells what broke inside: no stack, no query, no path.
      description: isServerFault ? undefined : error.description,
      metadata,
    });
  if (bodies !== undefined && typeof body !== 'string') {
    // What Fastify writes for a reply without a response schema.
    bodies.set(locale, JSON.stringify(body));
  }
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(body);
}

/** The answers of shared errors, written once per language. */
const sharedBodies = new WeakMap<AppError, Map<Locale, string>>();

/**
 * Marks an error that every request of a reply without a response schema shares (it holds nothing
 * of the request, like the unknown path's): its answer is written once per language, not built
 * and serialised on every request.
 */
export function sharedError(error: AppError): AppError {
  sharedBodies.set(error, new Map());
  return error;
}

/**
 * Fastify's own failures before a route is found (`frameworkErrors`): a path that is not valid
 * percent-encoded UTF-8, a path parameter past the router's length. They answer with the error
 * object too, without echoing the path.
 */
export function sendFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const described: Readonly<Record<string, string>> = {
    FST_ERR_BAD_URL: 'The path is not valid percent-encoded UTF-8',
    FST_ERR_MAX_PARAM_LENGTH: 'A path parameter is too long',
  };
  const description = error.code === undefined ? undefined : described[error.code];
  const appError =
    description === undefined
      ? toAppError(error)
      : new AppError('invalid_argument', { description });
  request.log.info({ reason: appError.reason, code: error.code }, 'request rejected');
  void sendError(request, reply, appError);
}

/** The single error sink of the API: every failure leaves through here. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const appError = toAppError(error);
    if (httpStatusOf(appError.reason) >= 500) {
      request.log.error({ err: error }, 'request failed');
    } else {
      request.log.info({ reason: appError.reason }, 'request rejected');
    }
    return sendError(request, reply, appError);
  });
}
