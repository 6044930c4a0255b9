import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { recordIdParamSchema, zonedContextQuerySchema } from './common/pagination.ts';
import { flightStatuses, tripStatuses, tripTypes } from './common/tripStates.ts';
import { V } from './common/validation.ts';

/**
 * A driver's day on their phone (issue 22, section 3): their trips of one calendar day, in time order, with all a driver
 * needs at the kerb in one answer, so the phone can keep it for when the signal goes: the customer to call, the flight
 * and its latest news, where to go (with the address and coordinates for a map link), the car and where it stands on
 * site and where its key hangs.
 */

/** One end of a trip: a location (terminal, car park) or a yard, with what a map needs. */
export const myDayPlaceSchema = z.object({
  kind: z.enum(['location', 'yard']),
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type MyDayPlace = z.infer<typeof myDayPlaceSchema>;

export const myDayTripSchema = z.object({
  id: z.number().int(),
  type: z.enum(tripTypes),
  status: z.enum(tripStatuses),
  scheduled_at: z.string(),
  booking_id: z.number().int().nullable(),
  booking_reference: z.string().nullable(),
  booking_status: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  passengers: z.number().int().nullable(),
  vehicle_reg: z.string().nullable(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  /** The outbound flight for an `in` trip, the return flight otherwise. */
  flight: z.string().nullable(),
  /** The return flight's latest news (flight tracking), for an `out` trip. */
  flight_status: z.enum(flightStatuses).nullable(),
  flight_estimated_arrival: z.string().nullable(),
  from: myDayPlaceSchema.nullable(),
  to: myDayPlaceSchema.nullable(),
  /** Where the car stands on site now, and its key (none before check-in). */
  car_position_name: z.string().nullable(),
  car_place_name: z.string().nullable(),
  car_key_location: z.string().nullable(),
  notes: z.string().nullable(),
});
export type MyDayTrip = z.infer<typeof myDayTripSchema>;

export const myDaySchema = z.object({
  /** The calendar day, in `time_zone` (the request's, else the company's). */
  date: z.string(),
  time_zone: z.string(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  trips: z.array(myDayTripSchema),
  /** When the answer was made: the phone shows how old its copy is. */
  generated_at: z.string(),
});
export type MyDay = z.infer<typeof myDaySchema>;

/** GET /api/trips/my-day: a driver's own day (`driver_id` is for the office, which names whose day it reads). */
export const myDayQuerySchema = zonedContextQuerySchema.extend({
  date: z.iso.date({ error: V.date }).optional(),
  driver_id: recordIdParamSchema.optional(),
});
export type MyDayQuery = z.output<typeof myDayQuerySchema>;

export const myDayEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/trips/my-day',
    access: { permission: 'trips.view' },
    query: myDayQuerySchema,
    response: myDaySchema,
  }),
} as const;
