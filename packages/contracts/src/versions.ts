import { z } from 'zod';
import { bookingPriceSchema } from './bookings.ts';
import { bandTypes } from './common/bandTypes.ts';
import { languages } from './common/languages.ts';
import { recordIdParamSchema, recordIdSchema } from './common/pagination.ts';

/**
 * Earlier versions of a record, read from its audit log, and restoring one (issue 9, section 5). A version is
 * the record's state after one audited change: the create entry's values overlaid by each later update's
 * values up to that entry. A restore applies the version's editable fields through the same service as an
 * edit (the same rules and errors) and is audited itself, its entries carrying `restored_from`: the audit id of
 * the version it brought back.
 */

/** `POST .../restore/{id}` body: which version (an `audit_id` from the record's versions list). */
export const restoreBodySchema = z.strictObject({ audit_id: recordIdSchema });
export type RestoreBody = z.output<typeof restoreBodySchema>;

/** `GET .../restore/preview/{id}?audit_id=`: the same choice, in the query. */
export const restoreQuerySchema = z.object({ audit_id: recordIdParamSchema });
export type RestoreQuery = z.output<typeof restoreQuerySchema>;

/** Who made a version and when. */
const versionMeta = {
  /** The audit entry after which the record was in this state (the id a restore names). */
  audit_id: z.number().int(),
  created_at: z.string(),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  /** The version this one restored, when it was made by a restore. */
  restored_from: z.number().int().nullable(),
  /** The state is the record's as it is now (restoring it would change nothing). */
  is_current: z.boolean(),
};

// ---- bookings ------------------------------------------------------------------------------------------

/**
 * What a restore of a booking brings back: its customer, vehicle, route, times, flights, passengers, package,
 * type, language, shuttles and notes. Never its status, payments, reference, voucher, agency or channel (the
 * sale's terms), nor its price (which the restore works out again, as an edit does).
 */
export const bookingRestorableFields = [
  'customer_name',
  'customer_email',
  'customer_phone',
  'vehicle_reg',
  'vehicle_make',
  'vehicle_model',
  'vehicle_colour',
  'departure_id',
  'arrival_id',
  'departure_at',
  'arrival_at',
  'outbound_flight',
  'return_flight',
  'passengers',
  'package_id',
  'type',
  'language',
  'shuttle_out_at',
  'shuttle_back_at',
  'notes',
] as const;
export type BookingRestorableField = (typeof bookingRestorableFields)[number];

/** A booking's editable state at one version (instants as UTC ISO 8601). */
export const bookingVersionStateSchema = z.object({
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string(),
  vehicle_make: z.string().nullable(),
  vehicle_model: z.string().nullable(),
  vehicle_colour: z.string().nullable(),
  departure_id: z.number().int(),
  arrival_id: z.number().int(),
  departure_at: z.string(),
  arrival_at: z.string(),
  outbound_flight: z.string().nullable(),
  return_flight: z.string().nullable(),
  passengers: z.number().int(),
  package_id: z.number().int().nullable(),
  type: z.enum(bandTypes),
  language: z.enum(languages),
  shuttle_out_at: z.string().nullable(),
  shuttle_back_at: z.string().nullable(),
  notes: z.string().nullable(),
});
export type BookingVersionState = z.infer<typeof bookingVersionStateSchema>;

/** `GET /api/booking/versions/{id}`: one version, newest first. */
export const bookingVersionSchema = z.object({
  ...versionMeta,
  action: z.enum(['create', 'update']),
  /** Every field the change behind this version changed (status and prices too), in the table's names. */
  changed_fields: z.array(z.string()),
  state: bookingVersionStateSchema,
});
export type BookingVersion = z.infer<typeof bookingVersionSchema>;

/** One field a restore changes: now and restored, with the names of ids (locations, package). */
export const restoreFieldSchema = z.object({
  field: z.string(),
  current: z.unknown(),
  restored: z.unknown(),
  current_name: z.string().nullable(),
  restored_name: z.string().nullable(),
});
export type RestoreField = z.infer<typeof restoreFieldSchema>;

/** `GET /api/booking/restore/preview/{id}`: what the restore would change, and the price before and after. */
export const bookingRestorePreviewSchema = z.object({
  audit_id: z.number().int(),
  fields: z.array(restoreFieldSchema),
  price: z.object({ before: bookingPriceSchema, after: bookingPriceSchema }),
  currency: z.string(),
});
export type BookingRestorePreview = z.infer<typeof bookingRestorePreviewSchema>;

/** `POST /api/booking/restore/{id}` answers what an update answers. */

// ---- a route's price list --------------------------------------------------------------------------------

/** A route's price list: its own prices (location prices) from one departure to one arrival of an airport. */
export const priceListRouteQuerySchema = z.object({
  airport_id: recordIdParamSchema,
  departure_id: recordIdParamSchema,
  arrival_id: recordIdParamSchema,
});
export type PriceListRouteQuery = z.output<typeof priceListRouteQuerySchema>;

export const priceListPreviewQuerySchema = priceListRouteQuerySchema.extend({ audit_id: recordIdParamSchema });
export type PriceListPreviewQuery = z.output<typeof priceListPreviewQuerySchema>;

/** `POST /api/location-price/restore` body: the route and the version. */
export const priceListRestoreBodySchema = z.strictObject({
  airport_id: recordIdSchema,
  departure_id: recordIdSchema,
  arrival_id: recordIdSchema,
  audit_id: recordIdSchema,
});
export type PriceListRestoreBody = z.output<typeof priceListRestoreBodySchema>;

/** One price of a route's list: a band in a month (null: every month). */
export const priceListCellSchema = z.object({
  band_id: z.number().int(),
  band_name: z.string(),
  band_type: z.enum(bandTypes),
  month: z.number().int().nullable(),
  price: z.number().int(),
});
export type PriceListCell = z.infer<typeof priceListCellSchema>;

/** A cell that differs between two states of the list: null is no price of the route's own. */
export const priceListChangeSchema = z.object({
  band_id: z.number().int(),
  band_name: z.string(),
  band_type: z.enum(bandTypes),
  month: z.number().int().nullable(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type PriceListChange = z.infer<typeof priceListChangeSchema>;

/**
 * `GET /api/location-price/versions`: one version of the route's price list, newest first. A version is the
 * list after one saved change (every price written by one save: a grid save, a copy, an add, an edit, a delete
 * or a restore); `audit_id` is the last audit entry of that save.
 */
export const priceListVersionSchema = z.object({
  ...versionMeta,
  /** The prices that save changed, from and to. */
  changes: z.array(priceListChangeSchema),
  /** The route's whole list after it. */
  cells: z.array(priceListCellSchema),
});
export type PriceListVersion = z.infer<typeof priceListVersionSchema>;

/** The restore's preview: each price it changes (now -> restored). */
export const priceListRestorePreviewSchema = z.object({ audit_id: z.number().int(), changes: z.array(priceListChangeSchema) });
export type PriceListRestorePreview = z.infer<typeof priceListRestorePreviewSchema>;

/** What the restore wrote. */
export const priceListRestoreResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
});
export type PriceListRestoreResult = z.infer<typeof priceListRestoreResultSchema>;
