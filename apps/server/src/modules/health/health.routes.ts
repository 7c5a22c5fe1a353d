import { healthApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../http/app-error';
import { catalogueRoute } from '../../http/catalogue-route';

export interface HealthRoutesDeps {
  /** Named checks that must all pass before the node takes traffic. */
  readinessChecks: Record<string, () => Promise<boolean>>;
}

/** Probes are asked often by the same load balancer and never limited. */
const probe = { config: { rateLimit: false as const } };

/** `/healthz`: the process is alive. `/readyz`: every dependency answers. */
export function healthRoutes(deps: HealthRoutesDeps) {
  return async (app: FastifyInstance) => {
    catalogueRoute(app, healthApi.liveness, probe, async () => ({ status: 'ok' as const }));
    catalogueRoute(app, healthApi.readiness, probe, async (_request, reply) => {
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
    });
  };
}
