import type { FastifyRequest } from 'fastify';

/**
 * Parses `application/x-www-form-urlencoded` bodies into a flat object, as OAuth client
 * libraries send token and authorization calls. A body that is a JSON object is read as JSON
 * (with Fastify's own parser): some clients of the original service send their JSON under this
 * content type.
 */
export function parseForm(
  request: FastifyRequest,
  body: string,
  done: (error: Error | null, body?: unknown) => void,
): void {
  const text = body.trim();
  if (text.startsWith('{') && text.endsWith('}')) {
    const parseJson = request.server.getDefaultJsonParser('error', 'error');
    let parsed: unknown;
    let failed = false;
    // Fastify's default parser answers through the callback, at once.
    void parseJson(request, text, (error, value) => {
      failed = error !== null;
      parsed = value;
    });
    if (!failed) {
      done(null, parsed);
      return;
    }
  }
  done(null, Object.fromEntries(new URLSearchParams(body)));
}
