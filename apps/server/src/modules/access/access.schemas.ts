import { z } from 'zod';

export const areaAccessibleSchema = z
  .object({
    accessible: z.boolean().describe('False when the caller is in a blocked range or country'),
    country: z.string().describe('ISO alpha-2 country of the caller, empty when unknown'),
  })
  .meta({ id: 'AreaAccessible' });

export const areaCountryCodeSchema = z
  .object({ data: z.object({ countryCode: z.string() }) })
  .meta({ id: 'AreaCountryCode' });
