import { accessApi } from '@nimbus/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { AccessService } from './access.service';

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
    catalogueRoute(app, accessApi.areaAccessible, {}, async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return decide(request);
    });
    catalogueRoute(app, accessApi.areaCountryCode, {}, async (request, reply) => {
      // The answer depends on the caller's address: no shared cache may keep it.
      void reply.header('cache-control', 'no-store');
      return { data: { countryCode: decide(request).country } };
    });
  };
}
