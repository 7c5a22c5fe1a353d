import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/**
 * `x-client-id` names a registered client (docs/api.md#conventions): a request that sends one the
 * configuration does not register answers `unauthorized_client` before any route runs, the same
 * answer the user service gives a `client_id` it does not know. Requests without the header
 * (browsers fetching content links, plain HTTP tools) pass.
 */
export function registerClientGuard(app: FastifyInstance, clientIds: readonly string[]): void {
  const known = new Set(clientIds);
  // A plain hook, not an async one: it runs on every request and never waits.
  app.addHook('onRequest', (request, _reply, done) => {
    const clientId = request.headers['x-client-id'];
    if (clientId === undefined || (typeof clientId === 'string' && known.has(clientId))) {
      done();
      return;
    }
    done(
      new AppError('unauthorized_client', {
        description: 'x-client-id is not a registered client',
      }),
    );
  });
}
