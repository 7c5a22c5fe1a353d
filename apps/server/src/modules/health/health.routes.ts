import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/app-error';

const healthSchema = z.object({ status: z.literal('ok') });
const readinessSchema = z.object({
  status: z.literal('ready'),
  checks: z.record(z.string(), z.boolean()),
});

export interface HealthRoutesDeps {
  /** Named checks that must all pass before the node takes traffic. */
  readinessChecks: Record<string, () => Promise<boolean>>;
}

/** `/healthz`: the process is alive. `/readyz`: every dependency answers. */
export function healthRoutes(deps: HealthRoutesDeps) {
  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/healthz',
      { schema: { tags: ['operations'], summary: 'Liveness', response: { 200: healthSchema } } },
      async () => ({ status: 'ok' as const }),
    );
    routes.get(
      '/readyz',
      {
        schema: {
          tags: ['operations'],
          summary: 'Readiness: the database and the web app answer',
          response: { 200: readinessSchema },
        },
      },
      async (_request, reply) => {
        const entries = await Promise.all(
          Object.entries(deps.readinessChecks).map(
            async ([name, check]) => [name, await check().catch(() => false)] as const,
          ),
        );
        const failed = entries.filter(([, passed]) => !passed).map(([name]) => name);
        void reply.header('cache-control', 'no-store');
        if (failed.length > 0) {
          // The failure names the dependency, never its address or error text.
          throw new AppError('unavailable', { metadata: { failed: failed.join(',') } });
        }
        return { status: 'ready' as const, checks: Object.fromEntries(entries) };
      },
    );
  };
}
