import { AppError } from './app-error';
import type { GateCheck } from './request-gate';

/**
 * `x-client-id` names a registered client (docs/api.md#conventions): a request that sends one the
 * configuration does not register answers `unauthorized_client` before any route runs, the same
 * answer the user service gives a `client_id` it does not know. Requests without the header
 * (browsers fetching content links, plain HTTP tools) pass. A check of the request gate.
 */
export function clientGuard(clientIds: readonly string[]): GateCheck {
  const known = new Set(clientIds);
  return (request) => {
    const clientId = request.headers['x-client-id'];
    if (clientId === undefined || (typeof clientId === 'string' && known.has(clientId))) {
      return undefined;
    }
    return new AppError('unauthorized_client', {
      description: 'x-client-id is not a registered client',
    });
  };
}
