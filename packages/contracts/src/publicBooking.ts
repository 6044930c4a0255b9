import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { listQuerySchema } from './common/pagination.ts';
import { quoteQuerySchema, quoteSchema } from './quote.ts';

/**
 * The public booking API (issue 23, section 1): what a company's own web site programs against, authorised like
 * `location/public/list` with `Authorization: Basic <company id>:<client key>` and no user. Each call answers only the
 * key's company's active records.
 */

/** An airport the company's customers can book at. */
export const publicAirportSchema = z.object({
  id: z.number().int(),
  iata_code: z.string(),
  name: z.string(),
  /** ISO 3166 code of its country, so a site can name it in its reader's language. */
  country_iso_code: z.string(),
  /** Where its times are read: a booking's times are the airport's local times. */
  time_zone: z.string(),
});
export type PublicAirport = z.infer<typeof publicAirportSchema>;

export const publicAirportSortFields = ['iata_code', 'name'] as const;
/** GET /api/public/airport/list: paging (a site asks with page_size=1000), sort, search by code or name. */
export const publicAirportListQuerySchema = listQuerySchema(publicAirportSortFields);
export type PublicAirportListQuery = z.output<typeof publicAirportListQuerySchema>;

/** GET /api/public/quote: the price search's quote alone (never the route's price list). */
export const publicQuoteSchema = z.object({ quote: quoteSchema });
export type PublicQuote = z.infer<typeof publicQuoteSchema>;

export const publicBookingEndpoints = {
  /** The company's active airports. */
  airports: endpoint({
    method: 'GET',
    path: '/api/public/airport/list',
    access: { public: 'client-key' },
    query: publicAirportListQuerySchema,
    response: publicAirportSchema,
    shape: 'list',
  }),
  /** The quote of a stay with its explanation, from the same query as `location-price/admin/list`. */
  quote: endpoint({
    method: 'GET',
    path: '/api/public/quote',
    access: { public: 'client-key' },
    query: quoteQuerySchema,
    response: publicQuoteSchema,
  }),
} as const;
