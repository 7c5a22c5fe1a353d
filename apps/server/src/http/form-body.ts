import type { FastifyRequest } from 'fastify';

/**
 * Parses `application/x-www-form-urlencoded` bodies into a flat object, as OAuth client
 * libraries send token and authorization calls.
 */
export function parseForm(
  _request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
): void {
  done(null, Object.fromEntries(new URLSearchParams(body)));
}
