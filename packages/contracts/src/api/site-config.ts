import { z } from 'zod';
import { defineEndpoint } from './endpoint';

/** The config groups of the config host (docs/product.md#calls). */
export const configScopes = [
  'basic',
  'resources',
  'external_products',
  'activity_operation',
  'debug_options',
] as const;

export type ConfigScope = (typeof configScopes)[number];

export const configScopeParamsSchema = z.object({ scope: z.enum(configScopes) });

export const configRequestSchema = z
  .object({
    client: z.string().min(1).max(32).describe('The calling client, `web` for the site'),
    data: z
      .record(z.string().max(64), z.union([z.string().max(256), z.number(), z.boolean()]))
      .refine((data) => Object.keys(data).length <= 32, 'at most 32 entries')
      .default({})
      .describe('What the client tells about itself: language_system, language_app, uuid, userid'),
  })
  .meta({ id: 'ConfigRequest' });

export const configValuesSchema = z
  .object({ values: z.record(z.string(), z.record(z.string(), z.unknown())) })
  .meta({ id: 'ConfigValues' });

/** The config host (docs/product.md#calls): the site's settings of one group. */
export const siteConfigApi = {
  values: defineEndpoint({
    method: 'POST',
    path: '/config/v1/:scope',
    summary: 'Site configuration values of one group',
    tags: ['config'],
    auth: 'visitor',
    params: configScopeParamsSchema,
    body: configRequestSchema,
    answer: configValuesSchema,
  }),
} as const;
