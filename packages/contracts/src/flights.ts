import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { idParamsSchema, listQuerySchema } from './common/pagination.ts';
import { flightStatuses, tripStatuses } from './common/tripStates.ts';
import { V } from './common/validation.ts';

export type { FlightStatus } from './common/tripStates.ts';
export { flightStatuses };

/**
 * Flight tracking (issue 8, section 4; `GET /api/flight-tracking/list`): the return flight of each upcoming
 * booking, with its scheduled arrival (the booking's `arrival_at`), the latest estimate and status from the
 * manual provider (an operator) or an HTTP provider, and the booking's out-trip that follows it.
 */
export const flightSchema = z.object({
  booking_id: z.number().int(),
  booking_reference: z.string(),
  customer_name: z.string(),
  vehicle_reg: z.string(),
  flight_number: z.string(),
  scheduled_arrival: z.string(),
  estimated_arrival: z.string().nullable(),
  status: z.enum(flightStatuses),
  /** Minutes later than scheduled (negative: early); null without an estimate. */
  delay_minutes: z.number().int().nullable(),
  /** When the latest news came, and from where (`manual`, or the HTTP provider's name); null before any. */
  updated_at: z.string().nullable(),
  source: z.string().nullable(),
  out_trip: z
    .object({
      id: z.number().int(),
      scheduled_at: z.string(),
      status: z.enum(tripStatuses),
      driver_id: z.number().int().nullable(),
      driver_name: z.string().nullable(),
    })
    .nullable(),
});
export type Flight = z.infer<typeof flightSchema>;

export const flightSortFields = ['scheduled_arrival', 'estimated_arrival', 'flight_number'] as const;

export const flightListQuerySchema = listQuerySchema(flightSortFields).extend({
  status: z.enum(flightStatuses).optional(),
  /** How many days ahead to look (from now; flights landed in the last 6 hours stay listed). */
  days: z.coerce.number().int().min(1).max(31).default(7),
});
export type FlightListQuery = z.output<typeof flightListQuerySchema>;

const isoInstant = z.iso.datetime({ offset: true, error: V.invalidValue });

/**
 * The manual provider: an operator types the estimated arrival (or clears it) and may say the flight landed or
 * was cancelled. Without a status, it is `delayed` when the estimate is later than scheduled, else `scheduled`.
 */
export const flightUpdateSchema = z.strictObject({
  estimated_arrival: isoInstant.nullable(),
  status: z.enum(flightStatuses).optional(),
});
export type FlightUpdateBody = z.output<typeof flightUpdateSchema>;

/** Issue 8, section 4: the return flights of upcoming bookings, and the manual provider's update. */
export const flightEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/flight-tracking/list',
    access: { permission: 'flights.view' },
    query: flightListQuerySchema,
    response: flightSchema,
    shape: 'list',
  }),
  /** For a booking `id`: the manual provider's news. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/flight-tracking/update/:id',
    access: { permission: 'flights.update' },
    params: idParamsSchema,
    body: flightUpdateSchema,
    response: flightSchema,
  }),
} as const;
