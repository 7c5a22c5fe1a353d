import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const areaAccessibleSchema = z
  .object({
    accessible: z.boolean().describe('False when the caller is in a blocked range or country'),
    country: z.string().describe('ISO alpha-2 country of the caller, empty when unknown'),
  })
  .meta({ id: 'AreaAccessible' });
export type AreaAccessible = z.infer<typeof areaAccessibleSchema>;

export const areaCountryCodeSchema = z
  .object({ data: z.object({ countryCode: z.string() }) })
  .meta({ id: 'AreaCountryCode' });

/** The access host (`/access_controller/v1`) and the drive's country lookup. */
export const accessApi = {
  areaAccessible: defineEndpoint({
    method: 'GET',
    path: '/access_controller/v1/area_accessible',
    summary: 'Whether the caller may use the service from where they are',
    tags: ['access'],
    auth: 'visitor',
    answer: areaAccessibleSchema,
  }),
  areaCountryCode: defineEndpoint({
    method: 'GET',
    path: '/drive/v1/privilege/area_country_code',
    summary: "The country of the caller's address",
    tags: ['drive'],
    auth: 'visitor',
    answer: areaCountryCodeSchema,
  }),
} as const;
