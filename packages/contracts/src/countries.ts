import { z } from 'zod';
import { listQuerySchema } from './common/pagination.ts';

export const countrySchema = z.object({
  id: z.number().int(),
  iso_code: z.string(),
  name: z.string(),
  dialling_code: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

/** GET /api/country/ query; the web app asks with page_size=1000 (spec section 9). */
export const countryListQuerySchema = listQuerySchema(['name', 'iso_code'] as const);
export type CountryListQuery = z.output<typeof countryListQuerySchema>;
