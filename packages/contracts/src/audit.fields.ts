import type { AuditEntity } from './audit.ts';

/**
 * How the audit log's readers (the Audit screen, its CSV, a booking's trail) present each field of an entry
 * (issue 21): declared once here, so the API and the web agree. A field's label is `audit.fields.<field>` in
 * audit.{en,ta}.json. The database's column names mean the same thing in every table that has them, so the
 * presentation is declared by field name for all kinds of record, with a kind's own exceptions beside it.
 */

/** The kinds of record a field may point at, which the API names (a booking by its reference, a driver by name...). */
export const auditReferenceKinds = [
  'additional_service',
  'agency',
  'airport',
  'booking',
  'document_type',
  'driver',
  'location',
  'package',
  'role',
  'trip',
  'user',
  'voucher',
  'yard',
] as const;
export type AuditReferenceKind = (typeof auditReferenceKinds)[number];

/**
 * `internal`: bookkeeping never shown (the row's company and ids, who wrote it, keys, file names on disk);
 * `money`: minor units in the company's currency; `instant`: a UTC time, shown on the company's clock;
 * `reference`: another record's id, shown by its name; anything else is shown as it is.
 */
export type AuditFieldPresentation =
  | { kind: 'internal' }
  | { kind: 'money' }
  | { kind: 'instant' }
  | { kind: 'reference'; to: AuditReferenceKind };

const internal = { kind: 'internal' } as const;
const money = { kind: 'money' } as const;
const instant = { kind: 'instant' } as const;
const reference = (to: AuditReferenceKind) => ({ kind: 'reference', to }) as const;

/** Every kind of record's fields, by name. */
const commonFields: Readonly<Record<string, AuditFieldPresentation>> = {
  id: internal,
  company_id: internal,
  created_by: internal,
  updated_by: internal,
  deleted_by: internal,
  moved_by: internal,
  changed_by: internal,
  changed_at: internal,
  idempotency_key: internal,
  request_hash: internal,
  text_body: internal,
  html_body: internal,
  stored_name: internal,
  cover_stored_name: internal,
  message_id: internal,
  family_id: internal,

  requested_at: instant,
  wanted_at: instant,

  amount: money,
  base_price: money,
  package_price: money,
  services_price: money,
  discount: money,
  total: money,
  price: money,
  unit_price: money,
  driver_fee: money,
  price_per_hour: money,
  trip_fee: money,
  hours_amount: money,
  trips_amount: money,

  approved_at: instant,
  arrival_at: instant,
  cover_uploaded_at: instant,
  deleted_at: instant,
  departure_at: instant,
  end_at: instant,
  estimated_arrival: instant,
  expires_at: instant,
  from_at: instant,
  last_used_at: instant,
  locked_until: instant,
  moved_at: instant,
  next_attempt_at: instant,
  paid_at: instant,
  published_at: instant,
  scheduled_at: instant,
  sent_at: instant,
  shuttle_back_at: instant,
  shuttle_out_at: instant,
  start_at: instant,
  to_at: instant,
  used_at: instant,

  additional_service_id: reference('additional_service'),
  agency_id: reference('agency'),
  airport_id: reference('airport'),
  approved_by: reference('user'),
  arrival_id: reference('location'),
  booking_id: reference('booking'),
  car_park_id: reference('location'),
  departure_id: reference('location'),
  document_type_id: reference('document_type'),
  driver_id: reference('driver'),
  from_location_id: reference('location'),
  from_yard_id: reference('yard'),
  location_id: reference('location'),
  package_id: reference('package'),
  role_id: reference('role'),
  to_location_id: reference('location'),
  to_yard_id: reference('yard'),
  trip_id: reference('trip'),
  unassigned_driver_id: reference('driver'),
  user_id: reference('user'),
  voucher_id: reference('voucher'),
  yard_id: reference('yard'),
};

/**
 * How a field of an entry is shown; `undefined`: as it is. `entity` is asked for so that a kind of record whose column
 * ever means something else can say so here without changing a reader.
 */
export function auditFieldPresentation(_entity: string, field: string): AuditFieldPresentation | undefined {
  return Object.hasOwn(commonFields, field) ? commonFields[field] : undefined;
}

/** Whether a field is bookkeeping that no reader shows. */
export const isInternalAuditField = (entity: string, field: string): boolean => auditFieldPresentation(entity, field)?.kind === 'internal';

/** The kind of record a field points at, when it is a reference. */
export function auditReferenceOf(entity: string, field: string): AuditReferenceKind | null {
  const presentation = auditFieldPresentation(entity, field);
  return presentation?.kind === 'reference' ? presentation.to : null;
}

/** The kinds of record whose own rows the readers name in place of their id (the Record column). */
export const namedAuditEntities: Partial<Record<AuditEntity, AuditReferenceKind>> = {
  additional_service: 'additional_service',
  agency: 'agency',
  airport: 'airport',
  booking: 'booking',
  document_type: 'document_type',
  driver: 'driver',
  location: 'location',
  package: 'package',
  role: 'role',
  trip: 'trip',
  user: 'user',
  voucher: 'voucher',
  yard: 'yard',
};

/** Every field name the catalogue labels (the labels' test checks each has an English and a Tamil label). */
export const auditLabelledFields = (): string[] => Object.keys(commonFields).filter((field) => commonFields[field]?.kind !== 'internal');
