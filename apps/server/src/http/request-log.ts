import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/** An answer that takes this long (milliseconds) is logged when it completes, whatever its status. */
export const slowRequestMs = 1000;

/**
 * Fastify's request log without its two lines per request at `info` ("incoming request" and
 * "request completed"): writing them cost more than answering a small call. A request that
 * failed on the server (an error, a 5xx) or took `slowMs` or longer is still logged when it
 * completes; the error handler logs every refusal with its reason, as before.
 */
export class RequestLog extends LogController {
  constructor(private readonly slowMs = slowRequestMs) {
    super();
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ): void {
    if (error || reply.statusCode >= 500 || reply.elapsedTime >= this.slowMs) {
      super.requestCompleted(error, request, reply, metadata);
    }
  }
}
