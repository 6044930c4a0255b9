import { z } from 'zod';
import { bandTypes } from './common/bandTypes.ts';
import { bookingStatuses } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { requestContextQuerySchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

/**
 * The global search (issue 21, section 3): one box in the header finds a booking by its reference (its start), the
 * car's registration (spaces and case ignored), the customer's name (anywhere in it) or phone (its digits), a driver
 * by name or phone, an agency by name. Each kind is searched only for a caller whose role may view it; each answers a
 * few records, the newest bookings first.
 */

/** The kinds of record the search finds, in the order it answers them, and the permission each needs. */
export const searchKinds = ['bookings', 'drivers', 'agencies'] as const;
export type SearchKind = (typeof searchKinds)[number];
export const searchKindPermissions = {
  bookings: 'bookings.view',
  drivers: 'drivers.view',
  agencies: 'agencies.view',
} as const satisfies Record<SearchKind, string>;

/** The fewest characters a search needs (fewer would match most of a company's records). */
export const SEARCH_MIN_LENGTH = 2;
/** How many records of each kind an answer holds at most. */
export const SEARCH_LIMIT = 5;

export const searchQuerySchema = requestContextQuerySchema.extend({
  q: z.string({ error: V.required }).trim().min(SEARCH_MIN_LENGTH, { error: V.min2 }).max(100, { error: V.max100 }),
});
export type SearchQuery = z.output<typeof searchQuerySchema>;

export const bookingHitSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  vehicle_reg: z.string(),
  customer_name: z.string(),
  status: z.enum(bookingStatuses),
  type: z.enum(bandTypes),
  /** The stay's first and last days at the airport (YYYY-MM-DD). */
  start_day: z.string(),
  end_day: z.string(),
});
export type BookingHit = z.infer<typeof bookingHitSchema>;

export const driverHitSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
});
export type DriverHit = z.infer<typeof driverHitSchema>;

export const agencyHitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  status: z.number().int(),
});
export type AgencyHit = z.infer<typeof agencyHitSchema>;

export const searchResultSchema = z.object({
  /** The kinds searched: those the caller's role may view. */
  searched: z.array(z.enum(searchKinds)),
  bookings: z.array(bookingHitSchema),
  drivers: z.array(driverHitSchema),
  agencies: z.array(agencyHitSchema),
  /** The kinds with more matches than the answer holds. */
  more: z.array(z.enum(searchKinds)),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchEndpoints = {
  /** Every signed-in user of a company may ask; what is searched follows their role (`searched`). */
  search: endpoint({
    method: 'GET',
    path: '/api/search',
    access: { permission: 'session' },
    query: searchQuerySchema,
    response: searchResultSchema,
  }),
};
