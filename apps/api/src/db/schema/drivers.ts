import { approveStatuses, driverDocumentContentTypes } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * A driver's profile (DOMAIN.md "Drivers and trips"): one per driver user of the company. The sign-in
 * (e-mail, phone, password, whether the company lets them in) stays on `users`; `deleted_at` keeps the row
 * (and later their trips, attendance and payouts) after the driver is removed.
 */
export const drivers = pgTable(
  'drivers',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    user_id: integer('user_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    licence_number: text('licence_number'),
    licence_expiry: date('licence_expiry', { mode: 'string' }),
    approve_status: text('approve_status', { enum: approveStatuses }).notNull().default('pending'),
    status: recordStatus(),
    deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('drivers_user_unique').on(table.user_id),
    unique('drivers_company_id_id_unique').on(table.company_id, table.id),
    index('drivers_company_idx').on(table.company_id, table.last_name, table.first_name),
    foreignKey({ name: 'drivers_user_id_fk', columns: [table.company_id, table.user_id], foreignColumns: [users.company_id, users.id] }),
  ],
);

/** Which documents a company's drivers hold (licence, insurance, ID...): `required` ones gate trips. */
export const documentTypes = pgTable(
  'document_types',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    required: boolean('required').notNull().default(false),
    has_expiry: boolean('has_expiry').notNull().default(false),
    /**
     * This type is the driving licence: the latest expiry of a driver's documents of it is the driver's
     * `licence_expiry` (kept in sync by the documents, never typed on the profile). At most one per company.
     */
    is_licence: boolean('is_licence').notNull().default(false),
    status: recordStatus(),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('document_types_company_name_unique').on(table.company_id, sql`lower(${table.name})`),
    uniqueIndex('document_types_company_licence_unique').on(table.company_id).where(sql`${table.is_licence}`),
    unique('document_types_company_id_id_unique').on(table.company_id, table.id),
  ],
);

/**
 * An uploaded file of a driver: its bytes live under the upload directory as `stored_name` (the server's
 * random name, never the user's); `file_name` is what it was called, for display and downloads only.
 */
export const driverDocuments = pgTable(
  'driver_documents',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    driver_id: integer('driver_id').notNull(),
    document_type_id: integer('document_type_id').notNull(),
    expiry_date: date('expiry_date', { mode: 'string' }),
    file_name: text('file_name').notNull(),
    stored_name: text('stored_name').notNull(),
    content_type: text('content_type', { enum: driverDocumentContentTypes }).notNull(),
    size_bytes: integer('size_bytes').notNull(),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    index('driver_documents_driver_idx').on(table.company_id, table.driver_id),
    uniqueIndex('driver_documents_stored_name_unique').on(table.stored_name),
    foreignKey({
      name: 'driver_documents_driver_id_fk',
      columns: [table.company_id, table.driver_id],
      foreignColumns: [drivers.company_id, drivers.id],
    }),
    foreignKey({
      name: 'driver_documents_document_type_id_fk',
      columns: [table.company_id, table.document_type_id],
      foreignColumns: [documentTypes.company_id, documentTypes.id],
    }).onDelete('restrict'),
  ],
);

/** A driver's hourly rate from `effective_from` on, until a later row starts: history is never rewritten. */
export const driverRates = pgTable(
  'driver_rates',
  {
    id: serial('id').primaryKey(),
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id),
    driver_id: integer('driver_id').notNull(),
    /** Minor units per hour. */
    price_per_hour: integer('price_per_hour').notNull(),
    effective_from: date('effective_from', { mode: 'string' }).notNull(),
    created_by: integer('created_by').references(() => users.id),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('driver_rates_driver_day_unique').on(table.company_id, table.driver_id, table.effective_from),
    check('driver_rates_price_positive', sql`${table.price_per_hour} > 0`),
    foreignKey({
      name: 'driver_rates_driver_id_fk',
      columns: [table.company_id, table.driver_id],
      foreignColumns: [drivers.company_id, drivers.id],
    }),
  ],
);
