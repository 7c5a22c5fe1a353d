import { AppError } from '../../http/app-error';

/** The registered clients (`client_id`) from configuration. */
export function createClientRegistry(clientIds: readonly string[]) {
  const known = new Set(clientIds);
  return {
    /** Throws `unauthorized_client` for a client id that is not registered. */
    assertKnown(clientId: string): void {
      if (!known.has(clientId)) {
        throw new AppError('unauthorized_client', {
          description: 'This client_id is not registered',
        });
      }
    },
  };
}

export type ClientRegistry = ReturnType<typeof createClientRegistry>;
