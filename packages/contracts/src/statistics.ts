import { z } from 'zod';
import { bandTypes } from './common/bandTypes.ts';
import { bookingStatuses } from './common/bookingStates.ts';
import { calendarDateSchema } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { financeFigure } from './common/finance.ts';
import { recordIdParamSchema } from './common/pagination.ts';
import { isKnownTimeZone } from './common/timeZones.ts';
import { V } from './common/validation.ts';
import { carRequestSchema } from './publicBooking.ts';

/**
 * The daily board and statistics (issue 7, section 2). Every day is a calendar day in the request's
 * `time_zone` (an IANA name), else the company's time zone: a booking at 23:30 UTC on the 1st is on the 2nd
 * in Asia/Colombo. Money is integer minor units of the company's currency. Cancelled bookings never count.
 */

const calendarDate = calendarDateSchema();

/** The request's context with a time zone that must name a real zone (an unknown one is a 400 on `time_zone`). */
const statisticsContextSchema = z.object({
  time_zone: z.string().refine(isKnownTimeZone, { error: V.timeZone }).optional(),
  company_id: recordIdParamSchema.optional(),
});

export const boardDirections = ['in', 'out'] as const;
export type BoardDirection = (typeof boardDirections)[number];

/** `GET /api/booking/statistics/in-out/list?type=in|out&date=YYYY-MM-DD`. */
export const inOutQuerySchema = statisticsContextSchema.extend({
  type: z.enum(boardDirections, { error: V.invalidValue }),
  date: calendarDate,
});
export type InOutQuery = z.output<typeof inOutQuerySchema>;

/** One car on the day's board: coming in (its departure) or going out (its return). */
export const boardBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(bookingStatuses),
  type: z.enum(bandTypes),
  customer_name: z.string(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  /** UTC ISO time: `departure_at` for in, `arrival_at` for out. */
  time: z.string(),
  /** The outbound flight for in, the return flight for out. */
  flight: z.string().nullable(),
  departure_id: z.number().int(),
  departure_name: z.string(),
  arrival_id: z.number().int(),
  arrival_name: z.string(),
  car_park_id: z.number().int().nullable(),
  car_park_name: z.string().nullable(),
  passengers: z.number().int(),
  /** The customer's "bring my car" of that day (the OUT list), or null. */
  car_request: carRequestSchema.nullable(),
});
export type BoardBooking = z.infer<typeof boardBookingSchema>;

/**
 * A 15-minute slot's load at a place with a limit (issue 24, section 2): on the IN board its customers coming in
 * (departures), on the OUT board those coming back (arrivals); cancelled and no-shows do not count, as for the limit.
 */
export const boardSlotSchema = z.object({
  location_id: z.number().int(),
  location_name: z.string(),
  /** The slot's first instant (UTC ISO); it lasts 15 minutes. */
  start: z.string(),
  booked: z.number().int(),
  limit: z.number().int(),
});
export type BoardSlot = z.infer<typeof boardSlotSchema>;

export const inOutBoardSchema = z.object({
  type: z.enum(boardDirections),
  date: z.string(),
  time_zone: z.string(),
  bookings: z.array(boardBookingSchema),
  /** The day's slots that hold a booking at places with a limit, in time order. */
  slots: z.array(boardSlotSchema),
});
export type InOutBoard = z.infer<typeof inOutBoardSchema>;

export const statisticsSegments = ['day', 'week', 'month', 'year'] as const;
export type StatisticsSegment = (typeof statisticsSegments)[number];

/** The most periods one call answers (a day segment over more than a year is refused on `to`). */
export const MAX_STATISTICS_PERIODS = 400;

/** `GET /api/booking/statistics-by-segment?segment=day|week|month|year[&from&to]`. */
export const segmentQuerySchema = statisticsContextSchema
  .extend({
    segment: z.enum(statisticsSegments, { error: V.invalidValue }),
    from: calendarDate.optional(),
    to: calendarDate.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: V.dateOrder,
    path: ['to'],
  });
export type SegmentQuery = z.output<typeof segmentQuerySchema>;

export const segmentPeriodSchema = z.object({
  /** The first day of the period (weeks start on Monday). */
  period_start: z.string(),
  bookings: z.number().int(),
  revenue: financeFigure(z.number().int()),
});
export type SegmentPeriod = z.infer<typeof segmentPeriodSchema>;

export const segmentStatisticsSchema = z.object({
  segment: z.enum(statisticsSegments),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  periods: z.array(segmentPeriodSchema),
});
export type SegmentStatistics = z.infer<typeof segmentStatisticsSchema>;

/** `GET /api/booking/statistics/list`: the dashboard's headline figures. */
export const headlineQuerySchema = statisticsContextSchema;

export const carParkLoadSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  /** Stays holding today (not cancelled or no-show). */
  booked_today: z.number().int(),
  /** Cars checked in or parked now. */
  on_site_now: z.number().int(),
});
export type CarParkLoad = z.infer<typeof carParkLoadSchema>;

export const headlineStatisticsSchema = z.object({
  date: z.string(),
  time_zone: z.string(),
  today_in: z.number().int(),
  today_out: z.number().int(),
  on_site_now: z.number().int(),
  month_bookings: z.number().int(),
  month_revenue: financeFigure(z.number().int()),
  currency: z.string(),
  car_parks: z.array(carParkLoadSchema),
});
export type HeadlineStatistics = z.infer<typeof headlineStatisticsSchema>;

export const MAX_OCCUPANCY_DAYS = 366;

/** `GET /api/booking/statistics/occupancy/list?from=YYYY-MM-DD&days=60[&car_park_id]`. */
export const occupancyQuerySchema = statisticsContextSchema.extend({
  from: calendarDate.optional(),
  days: z.coerce
    .number({ error: V.invalidType })
    .int({ error: V.positiveInteger })
    .min(1, { error: V.positiveInteger })
    .max(MAX_OCCUPANCY_DAYS, { error: V.tooLong })
    .default(60),
  car_park_id: recordIdParamSchema.optional(),
});
export type OccupancyQuery = z.output<typeof occupancyQuerySchema>;

export const occupancyDaySchema = z.object({
  date: z.string(),
  booked: z.number().int(),
  full: z.boolean(),
});

export const carParkOccupancySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  capacity: z.number().int(),
  days: z.array(occupancyDaySchema),
});
export type CarParkOccupancy = z.infer<typeof carParkOccupancySchema>;

export const occupancySchema = z.object({
  from: z.string(),
  days: z.number().int(),
  car_parks: z.array(carParkOccupancySchema),
});
export type Occupancy = z.infer<typeof occupancySchema>;

/** The daily board and statistics (spec 7 `booking/statistics/*`). */
export const statisticsEndpoints = {
  board: endpoint({
    method: 'GET',
    path: '/api/booking/statistics/in-out/list',
    access: { permission: 'statistics.view' },
    query: inOutQuerySchema,
    response: inOutBoardSchema,
  }),
  bySegment: endpoint({
    method: 'GET',
    path: '/api/booking/statistics-by-segment',
    access: { permission: 'statistics.view' },
    query: segmentQuerySchema,
    response: segmentStatisticsSchema,
  }),
  headline: endpoint({
    method: 'GET',
    path: '/api/booking/statistics/list',
    access: { permission: 'statistics.view' },
    query: headlineQuerySchema,
    response: headlineStatisticsSchema,
  }),
  occupancy: endpoint({
    method: 'GET',
    path: '/api/booking/statistics/occupancy/list',
    access: { permission: 'statistics.view' },
    query: occupancyQuerySchema,
    response: occupancySchema,
  }),
} as const;
