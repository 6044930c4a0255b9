// The booking form's values and how they become the API's bodies (add, park-and-ride add, update), checked with
// the contracts' schemas, and the server's refusals put beside their fields.
import {
  type Booking,
  type BookingChannel,
  type bookingCreateSchema,
  bookingUpdateSchema,
  type FreeSlot,
  type Language,
  type parkRideCreateSchema,
  V,
} from '@ps/contracts';
import { fromZonedLocal, toZonedLocal } from '@ps/contracts/common/zonedTime';
import type { FieldErrors, Resolver, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api';
import { applyConflictErrors, applyServerFieldErrors } from '../../lib/forms';
import { shuttleOrderProblems } from './shuttles';

/**
 * What the form takes: a parking booking (a route between two locations, a package) or a park-and-ride one (a car
 * park, no package, and the shuttles to the terminal and back, `POST /api/park-ride/booking/add`).
 */
export type FormKind = 'parking' | 'park_and_ride';

/** What the form edits: the API's fields, with the stay's times as the airport's wall clock. */
export interface BookingFormValues {
  airport_id: number | null;
  departure_id: number | null;
  arrival_id: number | null;
  /** Park and ride: the car park, which is the route's both ends. */
  car_park_id: number | null;
  /** `YYYY-MM-DDTHH:mm` at the airport. */
  departure_local: string;
  arrival_local: string;
  /** Park and ride: the shuttle to the terminal and the one back, on the airport's clock; empty = none. */
  shuttle_out_local: string;
  shuttle_back_local: string;
  package_id: number | null;
  service_ids: number[];
  voucher_code: string;
  channel: BookingChannel;
  /** The agency that sold it (asked when the channel is `agency`). */
  agency_id: number | null;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  /** The language of the customer's mail (the confirmation, its changes): the operator's own when the form opens. */
  language: Language;
  vehicle_reg: string;
  vehicle_make: string;
  vehicle_model: string;
  vehicle_colour: string;
  outbound_flight: string;
  return_flight: string;
  passengers: number | null;
  notes: string;
}
export type Field = keyof BookingFormValues;

/** The API's field for each form field that has another name. */
const apiFieldOf: Partial<Record<Field, string>> = {
  departure_local: 'departure_at',
  arrival_local: 'arrival_at',
  shuttle_out_local: 'shuttle_out_at',
  shuttle_back_local: 'shuttle_back_at',
};
/** The times the form asks for as `YYYY-MM-DDTHH:mm`. */
export const timeFields = ['departure_local', 'arrival_local', 'shuttle_out_local', 'shuttle_back_local'] as const;
const formFieldOf = (apiField: string): Field | undefined => {
  const renamed = (Object.keys(apiFieldOf) as Field[]).find((field) => apiFieldOf[field] === apiField);
  if (renamed) return renamed;
  return apiField in emptyValues ? (apiField as Field) : undefined;
};

export const emptyValues: BookingFormValues = {
  airport_id: null,
  departure_id: null,
  arrival_id: null,
  car_park_id: null,
  departure_local: '',
  arrival_local: '',
  shuttle_out_local: '',
  shuttle_back_local: '',
  package_id: null,
  service_ids: [],
  voucher_code: '',
  channel: 'phone',
  agency_id: null,
  customer_name: '',
  customer_email: '',
  customer_phone: '',
  language: 'en',
  vehicle_reg: '',
  vehicle_make: '',
  vehicle_model: '',
  vehicle_colour: '',
  outbound_flight: '',
  return_flight: '',
  passengers: 1,
  notes: '',
};

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** A shuttle's instant, or null when the field is empty (an edit may clear it). */
const shuttleAt = (local: string, zone: string | undefined) => (local === '' ? null : zone ? fromZonedLocal(local, zone) : undefined);

/** The add body for the form's values (times turned into UTC instants at the airport's zone). */
export function toCreateBody(values: BookingFormValues, zone: string | undefined): Record<string, unknown> {
  return {
    customer_name: values.customer_name,
    customer_email: orNull(values.customer_email),
    customer_phone: orNull(values.customer_phone),
    language: values.language,
    vehicle_reg: values.vehicle_reg,
    vehicle_make: orNull(values.vehicle_make),
    vehicle_model: orNull(values.vehicle_model),
    vehicle_colour: orNull(values.vehicle_colour),
    airport_id: values.airport_id ?? undefined,
    departure_id: values.departure_id ?? undefined,
    arrival_id: values.arrival_id ?? undefined,
    departure_at: zone ? fromZonedLocal(values.departure_local, zone) : undefined,
    arrival_at: zone ? fromZonedLocal(values.arrival_local, zone) : undefined,
    shuttle_out_at: shuttleAt(values.shuttle_out_local, zone),
    shuttle_back_at: shuttleAt(values.shuttle_back_local, zone),
    outbound_flight: orNull(values.outbound_flight),
    return_flight: orNull(values.return_flight),
    passengers: values.passengers ?? undefined,
    package_id: values.package_id,
    service_ids: values.service_ids,
    voucher_code: orNull(values.voucher_code.trim().toUpperCase()),
    channel: values.channel,
    agency_id: values.agency_id,
    notes: orNull(values.notes),
  };
}

/**
 * The park-and-ride add body: the car park instead of the route (the API makes it both ends), no package (the
 * shuttle is what is sold), both shuttles required.
 */
export function toParkRideBody(values: BookingFormValues, zone: string | undefined): Record<string, unknown> {
  const { departure_id: _departure, arrival_id: _arrival, package_id: _package, ...body } = toCreateBody(values, zone);
  return {
    ...body,
    car_park_id: values.car_park_id ?? undefined,
    shuttle_out_at: body.shuttle_out_at ?? undefined,
    shuttle_back_at: body.shuttle_back_at ?? undefined,
  };
}

/** The shuttles' order on the whole stay, beside the shuttle that is wrong (shuttles.ts). */
export function shuttleOrderErrors(body: Record<string, unknown>): FieldErrors<BookingFormValues> {
  const problems = shuttleOrderProblems(body);
  const errors: FieldErrors<BookingFormValues> = {};
  if (problems.shuttle_out_at) errors.shuttle_out_local = { type: 'validation', message: problems.shuttle_out_at };
  if (problems.shuttle_back_at) errors.shuttle_back_local = { type: 'validation', message: problems.shuttle_back_at };
  return errors;
}

/** The fields an edit changed, as the update body (only those: the API re-prices on a change of the stay). */
export function toUpdateBody(values: BookingFormValues, original: BookingFormValues, zone: string): Record<string, unknown> {
  const all = toCreateBody(values, zone);
  const before = toCreateBody(original, zone);
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(all)) {
    if (key === 'airport_id' || key === 'service_ids') continue;
    if (JSON.stringify(value) !== JSON.stringify(before[key])) body[key] = value;
  }
  return body;
}

/** Fields whose change re-prices a booking (the API's rule): Save shows the new price first. */
export const repricingFields = ['departure_id', 'arrival_id', 'departure_at', 'arrival_at', 'package_id', 'voucher_code'];

/**
 * The contract's schema checks the body the form would send; its messages land beside the form's fields. With
 * `shuttlesOf`, the shuttles' order is checked on the whole stay (an edit sends only what changed).
 */
export function schemaResolver(
  toBody: (values: BookingFormValues) => Record<string, unknown>,
  schema: typeof bookingCreateSchema | typeof bookingUpdateSchema | typeof parkRideCreateSchema,
  shuttlesOf?: (values: BookingFormValues) => Record<string, unknown>,
) {
  const resolver: Resolver<BookingFormValues> = async (values) => {
    const body = toBody(values);
    // An edit that changed nothing saves nothing (the update schema asks for at least one field).
    if (schema === bookingUpdateSchema && Object.keys(body).length === 0) return { values, errors: {} };
    const parsed = schema.safeParse(body);
    const errors: FieldErrors<BookingFormValues> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = formFieldOf(String(issue.path[0] ?? 'customer_name'));
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    if (shuttlesOf) Object.assign(errors, shuttleOrderErrors(shuttlesOf(values)));
    // A sale through an agency names it (the API says the same).
    if (values.channel === 'agency' && values.agency_id === null) errors.agency_id = { type: 'validation', message: V.agencyNeeded };
    // A time left empty is missing, not "not allowed".
    for (const field of timeFields) if (errors[field] && values[field] === '') errors[field] = { type: 'validation', message: V.required };
    return Object.keys(errors).length === 0 ? { values, errors: {} } : { values: {}, errors };
  };
  return resolver;
}

/** The free slots a full slot's refusal offers (409 `slot_full`, issue 24 section 2); none for any other error. */
export function freeSlotsOf(error: unknown): FreeSlot[] {
  return error instanceof ApiError && error.code === 'slot_full' ? (error.body?.free_slots ?? []) : [];
}

export function showServerErrors(error: unknown, setError: UseFormSetError<BookingFormValues>, kind: FormKind) {
  if (applyServerFieldErrors(error, setError, formFieldOf)) return;
  applyConflictErrors(error, setError, {
    // The car park named in the message is full on a day of the stay: beside the choice that names it.
    car_park_full: kind === 'park_and_ride' ? 'car_park_id' : 'departure_local',
    voucher_unknown: 'voucher_code',
    voucher_not_valid: 'voucher_code',
    voucher_used_up: 'voucher_code',
    voucher_inactive: 'voucher_code',
  });
}

/** The form's values of a saved booking (its times on the airport's clock). */
export function valuesOf(booking: Booking): BookingFormValues {
  return {
    airport_id: booking.airport_id,
    departure_id: booking.departure_id,
    arrival_id: booking.arrival_id,
    car_park_id: booking.car_park_id,
    departure_local: toZonedLocal(booking.departure_at, booking.airport_time_zone),
    arrival_local: toZonedLocal(booking.arrival_at, booking.airport_time_zone),
    shuttle_out_local: booking.shuttle_out_at ? toZonedLocal(booking.shuttle_out_at, booking.airport_time_zone) : '',
    shuttle_back_local: booking.shuttle_back_at ? toZonedLocal(booking.shuttle_back_at, booking.airport_time_zone) : '',
    package_id: booking.package_id,
    service_ids: [],
    voucher_code: booking.voucher_code ?? '',
    channel: booking.channel,
    agency_id: booking.agency_id,
    customer_name: booking.customer_name,
    customer_email: booking.customer_email ?? '',
    customer_phone: booking.customer_phone ?? '',
    language: booking.language,
    vehicle_reg: booking.vehicle_reg,
    vehicle_make: booking.vehicle_make ?? '',
    vehicle_model: booking.vehicle_model ?? '',
    vehicle_colour: booking.vehicle_colour ?? '',
    outbound_flight: booking.outbound_flight ?? '',
    return_flight: booking.return_flight ?? '',
    passengers: booking.passengers,
    notes: booking.notes ?? '',
  };
}
