import { z } from 'zod';
import { isCalendarDate } from './common/dates.ts';
import { financeFigure } from './common/finance.ts';
import { optionalText, priceSchema } from './common/names.ts';
import { listQuerySchema, recordIdParamSchema, recordIdSchema, zonedContextQuerySchema } from './common/pagination.ts';
import { tripSortFields } from './common/sortFields.ts';
import { type TripStatus, tripScheduleChangeReasons, tripStatuses, tripTransitions, tripTypes } from './common/tripStates.ts';
import { V } from './common/validation.ts';
import { carRequestSchema } from './publicBooking.ts';

export * from './common/tripStates.ts';
export { tripSortFields };

/**
 * Trips (issue 8, section 3; spec 7 `trips/...`): a driver's job on a booking's car. Each end is a location
 * or a yard, never both. Instants are UTC ISO 8601; days are calendar days in the request's `time_zone` (else
 * the company's). `driver_fee` is integer minor units of the company's currency. A driver signed in reaches
 * only the trips assigned to them (another driver's are a 404, as another company's are).
 */

const isoInstant = z.iso.datetime({ offset: true, error: V.invalidValue });
const day = z.string().refine(isCalendarDate, { error: V.date });

/**
 * The warning of the dispatch screen: a move of the trip's time by itself (a late or early flight, a changed
 * booking) took its driver off because they were no longer free then, and nobody has been assigned since.
 */
export const tripDriverTakenOffSchema = z.object({
  driver_id: z.number().int(),
  /** Kept for a driver removed since (history). */
  driver_name: z.string().nullable(),
  reason: z.enum(tripScheduleChangeReasons),
  /** The trip's time before and after that move (it may have moved again since: see `scheduled_at`). */
  from_at: z.string(),
  to_at: z.string(),
  changed_at: z.string(),
});
export type TripDriverTakenOff = z.infer<typeof tripDriverTakenOffSchema>;

/** A trip as the list answers it, with the names a dispatch screen shows beside the ids. */
export const tripSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  type: z.enum(tripTypes),
  status: z.enum(tripStatuses),
  scheduled_at: z.string(),
  booking_id: z.number().int().nullable(),
  booking_reference: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string().nullable(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  /** The booking's outbound flight for an `in` trip, its return flight otherwise. */
  flight: z.string().nullable(),
  from_location_id: z.number().int().nullable(),
  from_yard_id: z.number().int().nullable(),
  /** The location's or the yard's name. */
  from_name: z.string(),
  to_location_id: z.number().int().nullable(),
  to_yard_id: z.number().int().nullable(),
  to_name: z.string(),
  driver_id: z.number().int().nullable(),
  driver_name: z.string().nullable(),
  /** A partner company that runs the trip instead of a driver (never both); it sees the trip in its partner list. */
  partner_company_id: z.number().int().nullable(),
  partner_company_name: z.string().nullable(),
  driver_fee: financeFigure(z.number().int()),
  notes: z.string().nullable(),
  /** The payout that paid it: a paid trip can no longer be changed or deleted. */
  payout_id: z.number().int().nullable(),
  /**
   * Set while the trip waits for a driver because a move of its time took its driver off (the latest such move,
   * while the trip is `scheduled` and nobody has been assigned since); null otherwise.
   */
  driver_taken_off: tripDriverTakenOffSchema.nullable(),
  /** On a trip taking a car back to the terminal: the customer's "bring my car" of the trip's booking, or null. */
  car_request: carRequestSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Trip = z.infer<typeof tripSchema>;

/** One line of a trip's status history (an admin's correction carries its reason as the note). */
export const tripStatusHistorySchema = z.object({
  id: z.number().int(),
  from_status: z.enum(tripStatuses).nullable(),
  to_status: z.enum(tripStatuses),
  note: z.string().nullable(),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
});
export type TripStatusHistoryEntry = z.infer<typeof tripStatusHistorySchema>;

/** Where a booking's car was, when, and who moved it there (`trips/movement`). */
export const tripMovementSchema = z.object({
  id: z.number().int(),
  trip_id: z.number().int(),
  trip_type: z.enum(tripTypes),
  booking_id: z.number().int().nullable(),
  location_id: z.number().int().nullable(),
  yard_id: z.number().int().nullable(),
  place_name: z.string(),
  moved_at: z.string(),
  moved_by: z.number().int().nullable(),
  moved_by_name: z.string().nullable(),
});
export type TripMovement = z.infer<typeof tripMovementSchema>;

/** A time the trip moved by itself: its booking's times changed (`booking_changed`), or its return flight. */
export const tripScheduleChangeSchema = z.object({
  id: z.number().int(),
  from_at: z.string(),
  to_at: z.string(),
  reason: z.enum(tripScheduleChangeReasons),
  /** The driver taken off because they were no longer free at the new time, and their name. */
  unassigned_driver_id: z.number().int().nullable(),
  unassigned_driver_name: z.string().nullable(),
  /** Who made the change that moved it (null: the flight provider's news). */
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
});
export type TripScheduleChange = z.infer<typeof tripScheduleChangeSchema>;

/** A trip as get, add, update and the status calls answer it: the list's fields and its history. */
export const tripDetailSchema = tripSchema.extend({
  status_history: z.array(tripStatusHistorySchema),
  movements: z.array(tripMovementSchema),
  schedule_changes: z.array(tripScheduleChangeSchema),
});
export type TripDetail = z.infer<typeof tripDetailSchema>;

type Ends = Partial<Record<'from_location_id' | 'from_yard_id' | 'to_location_id' | 'to_yard_id', number | null>>;

/** Each end of a new trip is a location or a yard: neither is a 400 on the location, both one on the yard. */
function requireOneOf(body: Ends, location: keyof Ends, yard: keyof Ends, context: z.RefinementCtx) {
  const hasLocation = body[location] != null;
  const hasYard = body[yard] != null;
  if (!hasLocation && !hasYard) context.addIssue({ code: 'custom', message: V.required, path: [location] });
  if (hasLocation && hasYard) context.addIssue({ code: 'custom', message: V.invalidValue, path: [yard] });
}

/** An update that names both places of one end is refused (one of them, and the other is cleared). */
function refuseBoth(body: Ends, location: keyof Ends, yard: keyof Ends, context: z.RefinementCtx) {
  if (body[location] != null && body[yard] != null) context.addIssue({ code: 'custom', message: V.invalidValue, path: [yard] });
}

const place = recordIdSchema.nullable();

/** One runner: a driver of the company or a partner company, not both in one body. */
function refuseDriverAndPartner(body: { driver_id?: number | null; partner_company_id?: number | null }, context: z.RefinementCtx) {
  if (body.driver_id != null && body.partner_company_id != null)
    context.addIssue({ code: 'custom', message: V.driverOrPartner, path: ['partner_company_id'] });
}

/**
 * POST /api/trips/add. A `driver_id` assigns the trip at once (status `assigned`; the driver must be eligible
 * on its day and free); `driver_fee` defaults to the company's trip fee.
 */
export const tripCreateSchema = z
  .strictObject({
    type: z.enum(tripTypes, { error: V.invalidValue }),
    booking_id: recordIdSchema.nullable().default(null),
    from_location_id: place.default(null),
    from_yard_id: place.default(null),
    to_location_id: place.default(null),
    to_yard_id: place.default(null),
    scheduled_at: isoInstant,
    driver_id: recordIdSchema.nullable().default(null),
    partner_company_id: recordIdSchema.nullable().default(null),
    driver_fee: priceSchema.optional(),
    notes: optionalText(500).default(null),
  })
  .superRefine((body, context) => {
    refuseDriverAndPartner(body, context);
    requireOneOf(body, 'from_location_id', 'from_yard_id', context);
    requireOneOf(body, 'to_location_id', 'to_yard_id', context);
  });
export type TripCreateInput = z.input<typeof tripCreateSchema>;
export type TripCreate = z.output<typeof tripCreateSchema>;

/**
 * PATCH /api/trips/update/{id}: any subset. Naming one place of an end clears the other (`from_yard_id: 3`
 * moves the start from its location to that yard). `driver_id` assigns (`scheduled` becomes `assigned`) and
 * `driver_id: null` takes the driver off (`assigned` becomes `scheduled` again). The status has its own calls.
 */
export const tripUpdateSchema = z
  .strictObject({
    type: z.enum(tripTypes, { error: V.invalidValue }).optional(),
    booking_id: recordIdSchema.nullable().optional(),
    from_location_id: place.optional(),
    from_yard_id: place.optional(),
    to_location_id: place.optional(),
    to_yard_id: place.optional(),
    scheduled_at: isoInstant.optional(),
    driver_id: recordIdSchema.nullable().optional(),
    partner_company_id: recordIdSchema.nullable().optional(),
    driver_fee: priceSchema.optional(),
    notes: optionalText(500).optional(),
  })
  .superRefine((body, context) => {
    refuseDriverAndPartner(body, context);
    if (Object.keys(body).length === 0) context.addIssue({ code: 'custom', message: V.required, path: [] });
    refuseBoth(body, 'from_location_id', 'from_yard_id', context);
    refuseBoth(body, 'to_location_id', 'to_yard_id', context);
  });
export type TripUpdateInput = z.input<typeof tripUpdateSchema>;
export type TripUpdate = z.output<typeof tripUpdateSchema>;

const yesNo = z.enum(['0', '1', 'true', 'false'], { error: V.invalidValue }).transform((value) => value === '1' || value === 'true');

/**
 * GET /api/trips/list: a day (`date`) or a range of days (`from`/`to`, both counted) of `scheduled_at` in the
 * request's `time_zone` (else the company's), filters, paging, sort (default `scheduled_at`, earliest first).
 */
export const tripListQuerySchema = listQuerySchema(tripSortFields)
  .extend({
    time_zone: zonedContextQuerySchema.shape.time_zone,
    date: day.optional(),
    from: day.optional(),
    to: day.optional(),
    driver_id: recordIdParamSchema.optional(),
    status: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.enum(tripStatuses, { error: V.invalidValue })))
      .optional(),
    type: z.enum(tripTypes, { error: V.invalidValue }).optional(),
    booking_id: recordIdParamSchema.optional(),
    /** `1`: only trips without a driver. */
    unassigned: yesNo.optional(),
  })
  .refine((query) => query.date === undefined || (query.from === undefined && query.to === undefined), {
    error: V.invalidValue,
    path: ['date'],
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { error: V.dateOrder, path: ['to'] });
export type TripListQuery = z.output<typeof tripListQuerySchema>;

/** PATCH /api/trips/status/update/{id}: the driver (start, complete) or an admin (along `tripTransitions`). */
export const tripStatusUpdateSchema = z.strictObject({
  status: z.enum(tripStatuses, { error: V.invalidValue }),
  note: optionalText(500).default(null),
  /** When it happened, for an action a phone kept while offline and sends later; now when absent, never in the future. */
  at: isoInstant.optional(),
});
export type TripStatusUpdate = z.output<typeof tripStatusUpdateSchema>;

/** PATCH /api/trips/status/update/admin/{id}: any status, backwards too, always with the reason why. */
export const tripAdminStatusUpdateSchema = z.strictObject({
  status: z.enum(tripStatuses, { error: V.invalidValue }),
  reason: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(500, { error: V.tooLong }),
});
export type TripAdminStatusUpdate = z.output<typeof tripAdminStatusUpdateSchema>;

/** GET /api/trips/status/list: each status in the caller's language, with where it may go next. */
export const tripStatusOptionSchema = z.object({
  value: z.enum(tripStatuses),
  label: z.string(),
  next: z.array(z.enum(tripStatuses)),
  /** The moves of `next` a driver may make on their own trip (the others are an admin's). */
  driver_next: z.array(z.enum(tripStatuses)),
});
export type TripStatusOption = z.infer<typeof tripStatusOptionSchema>;

/** The statuses a driver may move their own trip to (start it, finish it); the rest is the office's. */
export const driverTripMoves = ['started', 'completed'] as const satisfies readonly TripStatus[];

export function canMoveTrip(from: TripStatus, to: TripStatus): boolean {
  return tripTransitions[from].includes(to);
}

/** POST /api/trips/movement: where the trip's car is now (a location or a yard), and since when (default now). */
export const tripMovementCreateSchema = z
  .strictObject({
    trip_id: recordIdSchema,
    location_id: place.default(null),
    yard_id: place.default(null),
    moved_at: isoInstant.optional(),
  })
  .superRefine((body, context) => {
    if (body.location_id == null && body.yard_id == null) context.addIssue({ code: 'custom', message: V.required, path: ['location_id'] });
    if (body.location_id != null && body.yard_id != null) context.addIssue({ code: 'custom', message: V.invalidValue, path: ['yard_id'] });
  });
export type TripMovementCreateInput = z.input<typeof tripMovementCreateSchema>;
export type TripMovementCreate = z.output<typeof tripMovementCreateSchema>;

/** GET /api/trips/movement/list?booking_id= (a booking's path, every trip of it) or ?trip_id=. */
export const tripMovementListQuerySchema = zonedContextQuerySchema
  .extend({ booking_id: recordIdParamSchema.optional(), trip_id: recordIdParamSchema.optional() })
  .refine((query) => query.booking_id !== undefined || query.trip_id !== undefined, { error: V.required, path: ['booking_id'] });
export type TripMovementListQuery = z.output<typeof tripMovementListQuerySchema>;

export const tripStatisticsSegments = ['day', 'week', 'month'] as const;
export type TripStatisticsSegment = (typeof tripStatisticsSegments)[number];

/** GET /api/trips/statistics-by-calender?segment=day|week|month[&from&to&driver_id&type]. */
export const tripStatisticsQuerySchema = zonedContextQuerySchema
  .extend({
    segment: z.enum(tripStatisticsSegments, { error: V.invalidValue }),
    from: day.optional(),
    to: day.optional(),
    driver_id: recordIdParamSchema.optional(),
    type: z.enum(tripTypes, { error: V.invalidValue }).optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { error: V.dateOrder, path: ['to'] });
export type TripStatisticsQuery = z.output<typeof tripStatisticsQuerySchema>;

export const tripCountsByStatusSchema = z.object(
  Object.fromEntries(tripStatuses.map((status) => [status, z.number().int()])) as Record<TripStatus, z.ZodNumber>,
);

export const tripStatisticsPeriodSchema = z.object({
  /** The first day of the period (weeks start on Monday). */
  period_start: z.string(),
  total: z.number().int(),
  by_status: tripCountsByStatusSchema,
});
export type TripStatisticsPeriod = z.infer<typeof tripStatisticsPeriodSchema>;

export const tripStatisticsSchema = z.object({
  segment: z.enum(tripStatisticsSegments),
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  periods: z.array(tripStatisticsPeriodSchema),
});
export type TripStatistics = z.infer<typeof tripStatisticsSchema>;

/**
 * A trip as the partner company that runs it sees it (GET /api/trips/partner/list): what the job needs (when,
 * where, whose car, the customer to meet) and whose trip it is; nothing of the owner's money or crew.
 */
export const partnerTripSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  company_name: z.string(),
  type: z.enum(tripTypes),
  status: z.enum(tripStatuses),
  scheduled_at: z.string(),
  booking_reference: z.string().nullable(),
  customer_name: z.string().nullable(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string().nullable(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  flight: z.string().nullable(),
  from_name: z.string(),
  to_name: z.string(),
  notes: z.string().nullable(),
});
export type PartnerTrip = z.infer<typeof partnerTripSchema>;

/** A day (`date`, default today) of `scheduled_at` in the request's `time_zone` (else the partner's own company's). */
export const partnerTripListQuerySchema = zonedContextQuerySchema.extend({ date: day.optional() });
export type PartnerTripListQuery = z.output<typeof partnerTripListQuerySchema>;
