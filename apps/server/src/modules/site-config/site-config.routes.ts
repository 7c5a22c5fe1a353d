import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  configRequestSchema,
  configScopeParamsSchema,
  configValuesSchema,
} from './site-config.schemas';
import type { SiteConfigService } from './site-config.service';

/** The config host: `POST /config/v1/{basic|resources|external_products|activity_operation|debug_options}`. */
export function siteConfigRoutes(deps: { siteConfig: SiteConfigService }) {
  return async (app: FastifyInstance) => {
    app.withTypeProvider<ZodTypeProvider>().post(
      '/config/v1/:scope',
      {
        schema: {
          tags: ['config'],
          summary: 'Site configuration values of one group',
          params: configScopeParamsSchema,
          body: configRequestSchema,
          response: { 200: configValuesSchema },
        },
      },
      async (request) => ({ values: await deps.siteConfig.values(request.params.scope) }),
    );
  };
}
