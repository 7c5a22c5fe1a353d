import { siteConfigApi } from '@nimbus/contracts';
import type { FastifyInstance } from 'fastify';
import { catalogueRoute } from '../../http/catalogue-route';
import type { SiteConfigService } from './site-config.service';

/** The config host: `POST /config/v1/{basic|resources|external_products|activity_operation|debug_options}`. */
export function siteConfigRoutes(deps: { siteConfig: SiteConfigService }) {
  return async (app: FastifyInstance) => {
    catalogueRoute(app, siteConfigApi.values, {}, async (request) => ({
      values: await deps.siteConfig.values(request.params.scope),
    }));
  };
}
