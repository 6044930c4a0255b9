import { z } from 'zod';
import { isCalendarDate } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { recordIdParamSchema, requestContextQuerySchema } from './common/pagination.ts';
import { V } from './common/validation.ts';

export const auditActions = ['create', 'update', 'delete'] as const;
export type AuditAction = (typeof auditActions)[number];

/** What changed in one field: its value before and after (absent on create or delete). */
export const auditChangeSchema = z.object({ from: z.unknown().optional(), to: z.unknown().optional() });
export type AuditChange = z.infer<typeof auditChangeSchema>;

/**
 * The records whose changes make up a booking's audit trail: the booking and what hangs on it, its trips
 * included (a trip, a movement of its car, a trip's time moved by itself, an admin's status correction).
 */
export const bookingAuditEntities = [
  'booking',
  'booking_service',
  'payment',
  'mail_message',
  'trip',
  'trip_movement',
  'trip_schedule_change',
  'trip_status_correction',
] as const;
export type BookingAuditEntity = (typeof bookingAuditEntities)[number];

/** The names of what a reference field pointed at before and after (null: not a reference, or no longer the company's). */
export const auditFieldNamesSchema = z.object({ from: z.string().nullable(), to: z.string().nullable() });
export type AuditFieldNames = z.infer<typeof auditFieldNamesSchema>;

/**
 * One entry of a booking's audit trail (`GET /api/booking/audit/list/{id}`): a change to the booking, one of
 * its service lines, payments, messages or trips; each changed field with its value before and after.
 */
export const bookingAuditEntrySchema = z.object({
  id: z.number().int(),
  entity: z.enum(bookingAuditEntities),
  entity_id: z.number().int(),
  action: z.enum(auditActions),
  /** Each changed field before and after, bookkeeping left out (audit.fields.ts). */
  changes: z.record(z.string(), auditChangeSchema),
  /** The names of the records the reference fields point at (a driver's name, a car park's), by field. */
  names: z.record(z.string(), auditFieldNamesSchema),
  actor_user_id: z.number().int().nullable(),
  actor_name: z.string().nullable(),
  created_at: z.string(),
});
export type BookingAuditEntry = z.infer<typeof bookingAuditEntrySchema>;

/**
 * Every kind of record whose changes the audit log keeps (`audit_log.entity`). The API's writers are typed with it, so a
 * new kind cannot be logged without its name here, and the Audit screen names each one in both languages.
 */
export const auditEntities = [
  'additional_service',
  'agency',
  'airport',
  'attendance',
  'band',
  'band_month',
  'blog_post',
  'booking',
  'booking_service',
  'company',
  'core_agency',
  'core_airport',
  'core_location',
  'document_type',
  'driver',
  'driver_document',
  'driver_rate',
  'flight',
  'location',
  'location_price',
  'mail_message',
  'package',
  'payment',
  'payout',
  'role',
  'trip',
  'trip_movement',
  'trip_schedule_change',
  'trip_status_correction',
  'user',
  'voucher',
  'web_config',
  'yard',
  'position',
  'handover',
  'car_relocation',
  'car_request',
  // A customer's data exported at their request (issue 23, section 4): who, when, which bookings, in what format.
  'customer_data_export',
  // Who receives the report by mail (issue 24, section 3).
  'report_subscription',
  'price_rule',
] as const;
export type AuditEntity = (typeof auditEntities)[number];

/** The most entries one page of `GET /api/audit/list` answers. */
export const AUDIT_MAX_PAGE_SIZE = 100;

const auditDay = z.string().refine(isCalendarDate, { error: V.date });

/**
 * The filters of the Audit screen, its list and its CSV export: who (`user_id`), what kind of record (`entity`), which
 * record (`entity_id`, with or without `entity`), what was done (`action`), and the days (`from`, `to`: `YYYY-MM-DD`, both
 * counted, on the company's clock).
 */
const auditFilterShape = {
  ...requestContextQuerySchema.shape,
  user_id: recordIdParamSchema.optional(),
  entity: z.enum(auditEntities, { error: V.invalidValue }).optional(),
  entity_id: z.string().trim().min(1, { error: V.invalidValue }).max(64, { error: V.invalidValue }).optional(),
  action: z.enum(auditActions, { error: V.invalidValue }).optional(),
  from: auditDay.optional(),
  to: auditDay.optional(),
};
const daysInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;

/** `GET /api/audit/export`: the filters alone (every matching entry goes in the file). */
export const auditFilterQuerySchema = z.object(auditFilterShape).refine(daysInOrder, { path: ['to'], error: V.dateOrder });
export type AuditFilterQuery = z.output<typeof auditFilterQuerySchema>;

/** `GET /api/audit/list`: the filters and a page (newest first, always). */
export const auditListQuerySchema = z
  .object({
    ...auditFilterShape,
    page: z.coerce.number({ error: V.positiveInteger }).int({ error: V.positiveInteger }).min(1, { error: V.positiveInteger }).default(1),
    page_size: z.coerce
      .number({ error: V.positiveInteger })
      .int({ error: V.positiveInteger })
      .min(1, { error: V.positiveInteger })
      .max(AUDIT_MAX_PAGE_SIZE, { error: V.invalidValue })
      .default(20),
  })
  .refine(daysInOrder, { path: ['to'], error: V.dateOrder });
export type AuditListQuery = z.output<typeof auditListQuerySchema>;

/**
 * One changed field of an entry: its value before (null on a creation) and after (null on a deletion), and for a reference
 * the names of the records it pointed at (null when it is not one, or the record is gone).
 */
export const auditFieldChangeSchema = z.object({
  field: z.string(),
  from: z.unknown(),
  to: z.unknown(),
  from_name: z.string().nullable(),
  to_name: z.string().nullable(),
});
export type AuditFieldChange = z.infer<typeof auditFieldChangeSchema>;

/** One entry of the company's audit log: who changed which record, when, and each field before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  /** Who made the change; null for the system (a flight's delay moving a trip, a job). */
  actor: z.object({ id: z.number().int(), name: z.string().nullable() }).nullable(),
  entity: z.string(),
  entity_id: z.string(),
  /** The record's name where its kind has one (a booking's reference, a driver's name); null otherwise or once it is gone. */
  record_name: z.string().nullable(),
  action: z.enum(auditActions),
  changes: z.array(auditFieldChangeSchema),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** `GET /api/audit/filters`: the people and kinds of record that appear in the company's log, for the filter lists. */
export const auditFiltersSchema = z.object({
  users: z.array(z.object({ id: z.number().int(), name: z.string().nullable() })),
  entities: z.array(z.string()),
});
export type AuditFilters = z.infer<typeof auditFiltersSchema>;

/** A file's bytes as a client reads them (`blob: true`): the platform's Blob (the contracts alone know no Blob). */
type FileBody = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;

/** The Audit screen's calls (read only). A booking's own trail is `bookingEndpoints.auditTrail`. */
export const auditEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit/list',
    access: { permission: 'audit.view' },
    query: auditListQuerySchema,
    response: auditEntrySchema,
    shape: 'list',
  }),
  filters: endpoint({
    method: 'GET',
    path: '/api/audit/filters',
    access: { permission: 'audit.view' },
    response: auditFiltersSchema,
  }),
  /** A CSV file (the server documents its type), read as a file. */
  export: endpoint({
    method: 'GET',
    path: '/api/audit/export',
    access: { permission: 'audit.view' },
    query: auditFilterQuerySchema,
    response: z.custom<FileBody>(),
    shape: 'raw',
  }),
} as const;
