import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccessService } from './access.service';
import { areaAccessibleSchema, areaCountryCodeSchema } from './access.schemas';

export interface AccessRoutesDeps {
  access: AccessService;
  /** The CDN header that carries the visitor's country, if any. */
  countryHeader: string | undefined;
}

/** The access host (`/access_controller/v1`) and the drive's country lookup. */
export function accessRoutes(deps: AccessRoutesDeps) {
  function decide(request: FastifyRequest) {
    const header = deps.countryHeader ? request.headers[deps.countryHeader] : undefined;
    return deps.access.decide(request.ip, typeof header === 'string' ? header : '');
  }

  return async (app: FastifyInstance) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    routes.get(
      '/access_controller/v1/area_accessible',
      {
        schema: {
          tags: ['access'],
          summary: 'Whether the caller may use the service from where they are',
          response: { 200: areaAccessibleSchema },
        },
      },
      async (request, reply) => {
        void reply.header('cache-control', 'no-store');
        return decide(request);
      },
    );
    routes.get(
      '/drive/v1/privilege/area_country_code',
      {
        schema: {
          tags: ['drive'],
          summary: "The country of the caller's address",
          response: { 200: areaCountryCodeSchema },
        },
      },
      async (request, reply) => {
        // The answer depends on the caller's address: no shared cache may keep it.
        void reply.header('cache-control', 'no-store');
        return { data: { countryCode: decide(request).country } };
      },
    );
  };
}
