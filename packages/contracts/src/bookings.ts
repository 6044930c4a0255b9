import { z } from 'zod';
import { type BandType, bandTypes } from './common/bandTypes.ts';
import { type BookingChannel, type BookingStatus, bookingChannels, bookingStatuses } from './common/bookingStates.ts';
import { financeFigure } from './common/finance.ts';
import { languages } from './common/languages.ts';
import { optionalText } from './common/names.ts';
import { listQuerySchema, recordIdParamSchema, recordIdSchema } from './common/pagination.ts';
import { bookingSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';
import { VOUCHER_CODE_PATTERN } from './vouchers.ts';

export * from './common/bookingStates.ts';
export { bookingSortFields };

/**
 * Bookings (issue 7, spec 7 `booking/...`, DOMAIN.md "Bookings"). Money is integer minor units of the
 * company's currency; instants are UTC ISO 8601; `start_day`/`end_day` are calendar days at the airport.
 * `status`, the prices, `reference` and `company_id` are never in an add or update body (strict schemas).
 */

const isoInstant = z.iso.datetime({ offset: true, error: V.invalidValue });
/** A flight number as airlines print it: `BA 2490` is kept as `BA2490`. */
const flightNumber = z
  .string()
  .trim()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{2,3}\d{1,4}[A-Z]?$/, { error: V.flightNumber }))
  .nullable();
/** A registration plate: upper case, inner spaces kept (as printed), 2 to 15 characters. */
const vehicleReg = z
  .string({ error: V.required })
  .trim()
  .transform((value) => value.replace(/\s+/g, ' ').toUpperCase())
  .pipe(z.string().min(2, { error: V.tooShort }).max(15, { error: V.tooLong }));
const customerPhone = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: V.wrongPhone })
  .nullable();
const customerEmail = z
  .string()
  .trim()
  .max(254, { error: V.tooLong })
  .pipe(z.email({ error: V.wrongEmail }))
  .nullable();

/** A booking as every call answers it, with the names a list or a board shows beside the ids. */
export const bookingSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  reference: z.string(),
  type: z.enum(bandTypes),
  channel: z.enum(bookingChannels),
  status: z.enum(bookingStatuses),
  language: z.enum(languages),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  airport_id: z.number().int(),
  airport_iata_code: z.string(),
  airport_name: z.string(),
  airport_time_zone: z.string(),
  departure_id: z.number().int(),
  departure_name: z.string(),
  arrival_id: z.number().int(),
  arrival_name: z.string(),
  car_park_id: z.number().int().nullable(),
  car_park_name: z.string().nullable(),
  departure_at: z.string(),
  arrival_at: z.string(),
  start_day: z.string(),
  end_day: z.string(),
  outbound_flight: z.string().nullable(),
  return_flight: z.string().nullable(),
  passengers: z.number().int(),
  shuttle_out_at: z.string().nullable(),
  shuttle_back_at: z.string().nullable(),
  package_id: z.number().int().nullable(),
  package_name: z.string().nullable(),
  voucher_code: z.string().nullable(),
  agency_id: z.number().int().nullable(),
  /** The agency that sold it, and its commission percent then (kept when the agency's rate changes). */
  agency_name: z.string().nullable(),
  agency_commission_percent: financeFigure(z.number()),
  notes: z.string().nullable(),
  // The money figures are null for a role without finance.view (common/finance.ts).
  base_price: financeFigure(z.number().int()),
  package_price: financeFigure(z.number().int()),
  services_price: financeFigure(z.number().int()),
  discount: financeFigure(z.number().int()),
  total: financeFigure(z.number().int()),
  currency: z.string(),
  /** Sum of the payments not deleted (refunds are negative), and what is still owed (never negative). */
  paid: financeFigure(z.number().int()),
  outstanding: financeFigure(z.number().int()),
  /** What was paid beyond the total (a deposit/credit, or a total lowered after payment); 0 when `outstanding` > 0. */
  credit: financeFigure(z.number().int()),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

/** Each booking field's rule, shared by the back-office's add and update and the public booking API's add. */
export const bookingFields = {
  customer_name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.max100 }),
  customer_email: customerEmail,
  customer_phone: customerPhone,
  vehicle_reg: vehicleReg,
  vehicle_make: optionalText(50),
  vehicle_model: optionalText(50),
  vehicle_colour: optionalText(50),
  airport_id: recordIdSchema,
  departure_id: recordIdSchema,
  arrival_id: recordIdSchema,
  departure_at: isoInstant,
  arrival_at: isoInstant,
  outbound_flight: flightNumber,
  return_flight: flightNumber,
  passengers: z
    .number({ error: V.required })
    .int({ error: V.positiveInteger })
    .min(1, { error: V.positiveInteger })
    .max(60, { error: V.tooLong }),
  package_id: recordIdSchema.nullable(),
  service_ids: z.array(recordIdSchema).max(50, { error: V.tooManyItems }),
  voucher_code: z.string().trim().regex(VOUCHER_CODE_PATTERN, { error: V.voucherCode }).nullable(),
  agency_id: recordIdSchema.nullable(),
  channel: z.enum(bookingChannels, { error: V.invalidValue }),
  notes: optionalText(2000),
  language: z.enum(languages, { error: V.invalidValue }),
  /** What is sold when no package says it (a package's own type wins): parking by default. */
  type: z.enum(bandTypes, { error: V.invalidValue }),
  shuttle_out_at: isoInstant.nullable(),
  shuttle_back_at: isoInstant.nullable(),
};

interface StayTimes {
  departure_at?: string | undefined;
  arrival_at?: string | undefined;
}
/** The car comes back after it leaves (checked when both are known; the service checks the merged row). */
export const stayInOrder = (body: StayTimes) =>
  body.departure_at === undefined || body.arrival_at === undefined || Date.parse(body.departure_at) < Date.parse(body.arrival_at);

/** POST /api/booking/add: priced by the quote when it is made; the form's schema too. */
export const bookingCreateSchema = z
  .strictObject({
    customer_name: bookingFields.customer_name,
    customer_email: bookingFields.customer_email.default(null),
    customer_phone: bookingFields.customer_phone.default(null),
    vehicle_reg: bookingFields.vehicle_reg,
    vehicle_make: bookingFields.vehicle_make.default(null),
    vehicle_model: bookingFields.vehicle_model.default(null),
    vehicle_colour: bookingFields.vehicle_colour.default(null),
    airport_id: bookingFields.airport_id,
    departure_id: bookingFields.departure_id,
    arrival_id: bookingFields.arrival_id,
    departure_at: bookingFields.departure_at,
    arrival_at: bookingFields.arrival_at,
    outbound_flight: bookingFields.outbound_flight.default(null),
    return_flight: bookingFields.return_flight.default(null),
    passengers: bookingFields.passengers.default(1),
    package_id: bookingFields.package_id.default(null),
    service_ids: bookingFields.service_ids.default([]),
    voucher_code: bookingFields.voucher_code.default(null),
    agency_id: bookingFields.agency_id.default(null),
    channel: bookingFields.channel,
    notes: bookingFields.notes.default(null),
    language: bookingFields.language.optional(),
    type: bookingFields.type.default('parking'),
    shuttle_out_at: bookingFields.shuttle_out_at.default(null),
    shuttle_back_at: bookingFields.shuttle_back_at.default(null),
  })
  .refine((body) => body.customer_email !== null || body.customer_phone !== null, { path: ['customer_email'], error: V.contactNeeded })
  .refine(stayInOrder, { path: ['arrival_at'], error: V.dateOrder });
export type BookingCreateInput = z.input<typeof bookingCreateSchema>;
export type BookingCreate = z.output<typeof bookingCreateSchema>;

/**
 * PATCH /api/booking/update/{id}: any subset. A change of route, times, package, type or voucher re-prices the
 * booking on purpose (the answer's `repriced` says from what to what); other fields keep the price.
 */
export const bookingUpdateSchema = z
  .strictObject({
    customer_name: bookingFields.customer_name.optional(),
    customer_email: bookingFields.customer_email.optional(),
    customer_phone: bookingFields.customer_phone.optional(),
    vehicle_reg: bookingFields.vehicle_reg.optional(),
    vehicle_make: bookingFields.vehicle_make.optional(),
    vehicle_model: bookingFields.vehicle_model.optional(),
    vehicle_colour: bookingFields.vehicle_colour.optional(),
    departure_id: bookingFields.departure_id.optional(),
    arrival_id: bookingFields.arrival_id.optional(),
    departure_at: bookingFields.departure_at.optional(),
    arrival_at: bookingFields.arrival_at.optional(),
    outbound_flight: bookingFields.outbound_flight.optional(),
    return_flight: bookingFields.return_flight.optional(),
    passengers: bookingFields.passengers.optional(),
    package_id: bookingFields.package_id.optional(),
    voucher_code: bookingFields.voucher_code.optional(),
    agency_id: bookingFields.agency_id.optional(),
    channel: bookingFields.channel.optional(),
    notes: bookingFields.notes.optional(),
    language: bookingFields.language.optional(),
    type: bookingFields.type.optional(),
    shuttle_out_at: bookingFields.shuttle_out_at.optional(),
    shuttle_back_at: bookingFields.shuttle_back_at.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine(stayInOrder, { path: ['arrival_at'], error: V.dateOrder });
export type BookingUpdateInput = z.input<typeof bookingUpdateSchema>;
export type BookingUpdate = z.output<typeof bookingUpdateSchema>;

/**
 * Park and ride: the car is left at a car park and a shuttle takes the passengers to the terminal and back.
 * `POST /api/park-ride/booking/add` names the car park (`car_park_id`, a location with spaces: the stay's
 * route is car park to car park, priced with park_and_ride bands) and both shuttles: out at or after
 * `departure_at` (the car arrives), back at or before `arrival_at` (the car is collected), out before back.
 */
export const parkRideCreateSchema = z
  .strictObject({
    customer_name: bookingFields.customer_name,
    customer_email: bookingFields.customer_email.default(null),
    customer_phone: bookingFields.customer_phone.default(null),
    vehicle_reg: bookingFields.vehicle_reg,
    vehicle_make: bookingFields.vehicle_make.default(null),
    vehicle_model: bookingFields.vehicle_model.default(null),
    vehicle_colour: bookingFields.vehicle_colour.default(null),
    airport_id: bookingFields.airport_id,
    car_park_id: recordIdSchema,
    departure_at: bookingFields.departure_at,
    arrival_at: bookingFields.arrival_at,
    shuttle_out_at: isoInstant,
    shuttle_back_at: isoInstant,
    outbound_flight: bookingFields.outbound_flight.default(null),
    return_flight: bookingFields.return_flight.default(null),
    passengers: bookingFields.passengers.default(1),
    service_ids: bookingFields.service_ids.default([]),
    voucher_code: bookingFields.voucher_code.default(null),
    agency_id: bookingFields.agency_id.default(null),
    channel: bookingFields.channel,
    notes: bookingFields.notes.default(null),
    language: bookingFields.language.optional(),
  })
  .refine((body) => body.customer_email !== null || body.customer_phone !== null, { path: ['customer_email'], error: V.contactNeeded })
  .refine(stayInOrder, { path: ['arrival_at'], error: V.dateOrder })
  .refine((body) => Date.parse(body.shuttle_out_at) >= Date.parse(body.departure_at), { path: ['shuttle_out_at'], error: V.dateOrder })
  .refine((body) => Date.parse(body.shuttle_back_at) > Date.parse(body.shuttle_out_at), { path: ['shuttle_back_at'], error: V.dateOrder })
  .refine((body) => Date.parse(body.shuttle_back_at) <= Date.parse(body.arrival_at), { path: ['shuttle_back_at'], error: V.dateOrder });
export type ParkRideCreateInput = z.input<typeof parkRideCreateSchema>;
export type ParkRideCreate = z.output<typeof parkRideCreateSchema>;

/** The price fields of a booking: what a re-price compares, as the answers carry them (figures, common/finance.ts). */
export const bookingPriceSchema = z.object({
  base_price: financeFigure(z.number().int()),
  package_price: financeFigure(z.number().int()),
  services_price: financeFigure(z.number().int()),
  discount: financeFigure(z.number().int()),
  total: financeFigure(z.number().int()),
});
/** A booking's price as the server works it out (always numbers). */
export interface BookingPrice {
  base_price: number;
  package_price: number;
  services_price: number;
  discount: number;
  total: number;
}

/** What an update that re-priced answers beside the booking (and what the re-price preview answers). */
export const bookingRepriceSchema = z.object({ before: bookingPriceSchema, after: bookingPriceSchema });
export type BookingReprice = z.infer<typeof bookingRepriceSchema>;

/** PATCH /api/booking/update/{id} answers the booking and, when the change re-priced it, the old and new prices. */
/** What an update (and a restore) answers beside the booking: the re-price it made, if any. */
export const bookingUpdateEnvelope = { repriced: bookingRepriceSchema.nullable() };

const dateFilter = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: V.date });

/**
 * GET /api/booking/list: search (reference, customer name, e-mail, phone, registration), filters, paging,
 * sort. `date_field` says which day `from`/`to` (YYYY-MM-DD, both counted, in the request's `time_zone`, else
 * the company's) filter on: the departure (default) or the arrival.
 */
export const bookingListQuerySchema = listQuerySchema(bookingSortFields).extend({
  status: z
    .string()
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(z.array(z.enum(bookingStatuses, { error: V.invalidValue })))
    .optional(),
  airport_id: recordIdParamSchema.optional(),
  car_park_id: recordIdParamSchema.optional(),
  channel: z.enum(bookingChannels, { error: V.invalidValue }).optional(),
  type: z.enum(bandTypes, { error: V.invalidValue }).optional(),
  date_field: z.enum(['departure', 'arrival']).default('departure'),
  from: dateFilter.optional(),
  to: dateFilter.optional(),
});
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;

/** PATCH /api/booking/status/update/{id}. */
export const bookingStatusUpdateSchema = z.strictObject({
  status: z.enum(bookingStatuses, { error: V.invalidValue }),
  note: optionalText(500).default(null),
});
export type BookingStatusUpdate = z.output<typeof bookingStatusUpdateSchema>;

/** GET /api/booking/status/list: each status labelled in the caller's language, with where it may go next. */
export const bookingStatusOptionSchema = z.object({
  value: z.enum(bookingStatuses),
  label: z.string(),
  next: z.array(z.enum(bookingStatuses)),
});
export type BookingStatusOption = z.infer<typeof bookingStatusOptionSchema>;

/** One line of a booking's status history. */
export const bookingStatusHistorySchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  from_status: z.enum(bookingStatuses).nullable(),
  to_status: z.enum(bookingStatuses),
  note: z.string().nullable(),
  changed_by: z.number().int().nullable(),
  changed_by_name: z.string().nullable(),
  changed_at: z.string(),
});
export type BookingStatusHistoryEntry = z.infer<typeof bookingStatusHistorySchema>;

/** `booking-additional_service`: a service on a booking, priced as it was when added. */
export const bookingServiceSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  booking_id: z.number().int(),
  additional_service_id: z.number().int(),
  name: z.string(),
  unit_price: financeFigure(z.number().int()),
  quantity: z.number().int(),
  price: financeFigure(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BookingService = z.infer<typeof bookingServiceSchema>;

const quantity = z
  .number({ error: V.required })
  .int({ error: V.positiveInteger })
  .min(1, { error: V.positiveInteger })
  .max(99, { error: V.tooLong });
export const bookingServiceCreateSchema = z.strictObject({
  booking_id: recordIdSchema,
  additional_service_id: recordIdSchema,
  quantity: quantity.default(1),
});
export type BookingServiceCreate = z.output<typeof bookingServiceCreateSchema>;
export const bookingServiceUpdateSchema = z.strictObject({ quantity });
export type BookingServiceUpdate = z.output<typeof bookingServiceUpdateSchema>;
export const bookingServiceListQuerySchema = listQuerySchema(['name', 'price', 'created_at'] as const).extend({
  booking_id: recordIdParamSchema.optional(),
});
export type BookingServiceListQuery = z.output<typeof bookingServiceListQuerySchema>;

export type { BandType, BookingChannel, BookingStatus };
