import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error';
import type { Authenticator } from '../auth/authenticator';
import { requireActor } from '../auth/require-actor';

/**
 * The drive host's member calls. Each one needs credentials; the storage accounting behind
 * `about` arrives with the drive's file store.
 */
export function driveRoutes(deps: { authenticator: Authenticator }) {
  return async (app: FastifyInstance) => {
    app.decorateRequest('actor', null);
    app.withTypeProvider<ZodTypeProvider>().get(
      '/drive/v1/about',
      {
        preHandler: requireActor(deps.authenticator),
        schema: {
          tags: ['drive'],
          summary: "The member's storage quota and usage",
          security: [{ bearer: [] }, { session: [] }],
        },
      },
      async () => {
        throw new AppError('unimplemented', {
          description: 'Storage accounting is not available on this server yet',
        });
      },
    );
  };
}
