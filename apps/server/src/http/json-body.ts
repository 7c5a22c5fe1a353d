import type { FastifyInstance } from 'fastify';

/**
 * JSON bodies as Fastify reads them (prototype poisoning refused), except that an empty body is
 * no body at all: clients send `Content-Type: application/json` on a DELETE or POST that carries
 * nothing, and that is legal on every method (docs/api.md#conventions).
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
}
