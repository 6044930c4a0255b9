import { type damageAreas, handoverFilePurposes, handoverKinds } from '@ps/contracts/common/handoverStates';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { bookings } from './bookings.ts';
import { timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { positions } from './positions.ts';
import { users } from './users.ts';

/** One damage mark on the car outline: the area, where on it (0 to 1 across and down), and what it is. */
export interface DamageMarkColumn {
  area: (typeof damageAreas)[number];
  x: number;
  y: number;
  note: string;
}

/** A trip the check-out closed, with the status it had: an undo gives it back. */
export interface ClosedTripColumn {
  id: number;
  from: string;
}

/**
 * A car changing hands (issue 22, section 1): checked in from its customer or checked out to them, with what was
 * seen then. Never changed; an undo (by its author, within HANDOVER_UNDO_MINUTES) sets `undone_at` and gives the
 * booking back `booking_status_before`, and the trips in `closed_trips` their status. `idempotency_key`: a phone
 * that sends the same handover again (offline queue, retry) records it once.
 */
export const handovers = pgTable(
  'handovers',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    kind: text('kind', { enum: handoverKinds }).notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true, mode: 'date' }).notNull(),
    recorded_by: integer('recorded_by').references(() => users.id),
    mileage: integer('mileage'),
    fuel_eighths: smallint('fuel_eighths'),
    position_id: integer('position_id'),
    key_location: text('key_location'),
    marks: jsonb('marks').$type<DamageMarkColumn[]>().notNull().default([]),
    signed_name: text('signed_name'),
    note: text('note'),
    booking_status_before: text('booking_status_before').notNull(),
    closed_trips: jsonb('closed_trips').$type<ClosedTripColumn[]>().notNull().default([]),
    idempotency_key: text('idempotency_key'),
    request_hash: text('request_hash'),
    undone_at: timestamp('undone_at', { withTimezone: true, mode: 'date' }),
    undone_by: integer('undone_by').references(() => users.id),
    /** A check-out's receipt to the customer, held in the outbox until the undo window has passed (an undo drops it). */
    receipt_mail_id: integer('receipt_mail_id'),
    ...timestamps,
  },
  (table) => [
    index('handovers_booking_idx').on(table.company_id, table.booking_id),
    uniqueIndex('handovers_idempotency_key_unique').on(table.company_id, table.idempotency_key),
    unique('handovers_company_id_id_unique').on(table.company_id, table.id),
    check('handovers_mileage_range', sql`${table.mileage} is null or ${table.mileage} between 0 and 2000000`),
    check('handovers_fuel_range', sql`${table.fuel_eighths} is null or ${table.fuel_eighths} between 0 and 8`),
    foreignKey({
      name: 'handovers_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'handovers_position_id_fk',
      columns: [table.company_id, table.position_id],
      foreignColumns: [positions.company_id, positions.id],
    }).onDelete('restrict'),
  ],
);

/**
 * Where a car on site is now: its position and where its key hangs. One row per booking while the car is in the
 * company's hands (made at check-in, removed at check-out). A bay holds one car: `holds_one` copies the position's kind
 * so the unique index refuses a second car in a bay, also when two check-ins race on PostgreSQL.
 */
export const carPlaces = pgTable(
  'car_places',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    position_id: integer('position_id'),
    holds_one: boolean('holds_one').notNull().default(false),
    key_location: text('key_location'),
    placed_at: timestamp('placed_at', { withTimezone: true, mode: 'date' }).notNull(),
    placed_by: integer('placed_by').references(() => users.id),
    // The booking's due-out time, registration and reference, copied by triggers (migration 0030, hand-written: filled
    // on insert from the booking, kept in step when the booking changes): the cars-on-site screen pages, counts and
    // searches a company's cars here, without reading its bookings (issue 24: 10,000 cars among 1,000,000 bookings).
    // Never written by the application.
    arrival_at: timestamp('arrival_at', { withTimezone: true, mode: 'date' }),
    vehicle_reg: text('vehicle_reg'),
    reference: text('reference'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('car_places_booking_unique').on(table.company_id, table.booking_id),
    // The cars on site, the soonest due out first (the booking's id breaks ties, as the screen's order).
    index('car_places_due_idx').on(table.company_id, table.arrival_at, table.booking_id),
    uniqueIndex('car_places_bay_unique').on(table.company_id, table.position_id).where(sql`${table.holds_one}`),
    foreignKey({
      name: 'car_places_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'car_places_position_id_fk',
      columns: [table.company_id, table.position_id],
      foreignColumns: [positions.company_id, positions.id],
    }).onDelete('restrict'),
  ],
);

/** A car moved on site (or its key): who, when, from where to where; the booking page lists them. */
export const carRelocations = pgTable(
  'car_relocations',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    booking_id: integer('booking_id').notNull(),
    from_position_id: integer('from_position_id'),
    to_position_id: integer('to_position_id'),
    from_key_location: text('from_key_location'),
    to_key_location: text('to_key_location'),
    note: text('note'),
    moved_at: timestamp('moved_at', { withTimezone: true, mode: 'date' }).notNull(),
    moved_by: integer('moved_by').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('car_relocations_booking_idx').on(table.company_id, table.booking_id),
    unique('car_relocations_company_id_id_unique').on(table.company_id, table.id),
    foreignKey({
      name: 'car_relocations_booking_id_fk',
      columns: [table.company_id, table.booking_id],
      foreignColumns: [bookings.company_id, bookings.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'car_relocations_from_position_id_fk',
      columns: [table.company_id, table.from_position_id],
      foreignColumns: [positions.company_id, positions.id],
    }).onDelete('restrict'),
    foreignKey({
      name: 'car_relocations_to_position_id_fk',
      columns: [table.company_id, table.to_position_id],
      foreignColumns: [positions.company_id, positions.id],
    }).onDelete('restrict'),
  ],
);

/**
 * A handover's or a relocation's image (a photo of the car, the customer's signature): its bytes in the upload store
 * as `stored_name` (the server's random name), checked by their first bytes as the documents are.
 */
export const handoverFiles = pgTable(
  'handover_files',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    handover_id: integer('handover_id'),
    relocation_id: integer('relocation_id'),
    purpose: text('purpose', { enum: handoverFilePurposes }).notNull(),
    stored_name: text('stored_name').notNull(),
    content_type: text('content_type').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    ...timestamps,
  },
  (table) => [
    index('handover_files_handover_idx').on(table.company_id, table.handover_id),
    uniqueIndex('handover_files_stored_name_unique').on(table.stored_name),
    check('handover_files_one_owner', sql`(${table.handover_id} is null) <> (${table.relocation_id} is null)`),
    foreignKey({
      name: 'handover_files_handover_id_fk',
      columns: [table.company_id, table.handover_id],
      foreignColumns: [handovers.company_id, handovers.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'handover_files_relocation_id_fk',
      columns: [table.company_id, table.relocation_id],
      foreignColumns: [carRelocations.company_id, carRelocations.id],
    }).onDelete('cascade'),
  ],
);
