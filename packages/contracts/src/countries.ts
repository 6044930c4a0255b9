import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
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

export const countryEndpoints = {
  /** Spec: `GET country/?page_size=1000` (the trailing slash still matches; the path is declared without it). */
  list: endpoint({
    method: 'GET',
    path: '/api/country',
    access: { permission: 'countries.view' },
    query: countryListQuerySchema,
    response: countrySchema,
    shape: 'list',
  }),
} as const;
