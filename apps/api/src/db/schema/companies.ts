import type { PublicBookingPayment } from '@ps/contracts';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, smallint, text, unique } from 'drizzle-orm/pg-core';
import { recordStatus, timestamps } from './columns.ts';
import { countries } from './countries.ts';

export const companies = pgTable(
  'companies',
  {
    id: serial('id').primaryKey(),
    org_instance_id: integer('org_instance_id').notNull().default(1),
    name: text('name').notNull(),
    /**
     * The company's contact details (nullable for companies made before them): set by the super admin, kept up to
     * date by the company's admin, and shown on its mails and statements. `address` may span several lines.
     */
    contact_email: text('contact_email'),
    contact_phone: text('contact_phone'),
    address: text('address'),
    country_id: integer('country_id').references(() => countries.id),
    /** The company's home time zone and ISO 4217 currency: defaults for its screens and its money. */
    time_zone: text('time_zone').notNull().default('Europe/London'),
    currency: text('currency').notNull().default('GBP'),
    /** What a driver earns per completed trip (minor units): a new trip's `driver_fee`. */
    trip_fee: integer('trip_fee').notNull().default(0),
    /** Minutes after a return flight's arrival that its out-trip is scheduled (a delay moves the trip with it). */
    flight_buffer_minutes: integer('flight_buffer_minutes').notNull().default(30),
    /**
     * What the company's documents and mails carry beside the contact details above (issue 21): its tax/VAT
     * number, the sender name and reply-to address of its mails, the first day of its week (ISO: 1 Monday to
     * 7 Sunday) for calendars, and the terms printed at the foot of its statements. Its admin edits them.
     */
    tax_number: text('tax_number'),
    mail_sender_name: text('mail_sender_name'),
    mail_reply_to: text('mail_reply_to'),
    first_day_of_week: smallint('first_day_of_week').notNull().default(1),
    terms: text('terms'),
    status: recordStatus(),
    /**
     * Publishable key the sign-in page sends as `Basic base64(company_id:client_key)` for the calls it makes
     * before anyone signs in. It is served in the page itself, so it identifies the company; it grants nothing.
     */
    client_key: text('client_key').notNull(),
    /**
     * The public booking API and the hosted booking page (issue 23): whether they take bookings at all (off: every
     * `/api/public/` call is 401 at once), and whether a web booking is paid on arrival (confirmed at once) or in
     * advance (pending until the company records the payment).
     */
    public_booking_enabled: boolean('public_booking_enabled').notNull().default(true),
    public_booking_payment: text('public_booking_payment').$type<PublicBookingPayment>().notNull().default('on_arrival'),
    /** The cancellation policy of a web customer's own cancel: all that was paid back until this many hours before drop-off, nothing after. */
    public_booking_refund_hours: integer('public_booking_refund_hours').notNull().default(48),
    /**
     * The origins (`https://www.example.com`) of the company's own web site: browsers may call the public booking API
     * from those pages and from no other (CORS). Empty: only servers and the hosted booking page call it.
     */
    public_booking_origins: text('public_booking_origins').array().notNull().default(sql`'{}'::text[]`),
    /**
     * How long a customer's personal data is kept on a booking after its stay ended (issue 23, section 4): after that a
     * closed booking's name, contact, vehicle, signatures and photos may be erased on request, and the retention job
     * deletes its handover photos and signatures by itself. Amounts stay for the accounts.
     */
    personal_data_retention_days: integer('personal_data_retention_days').notNull().default(365),
    /**
     * The hosted booking page's address, `/book/<booking_slug>` (issue 23, section 2): unique, lower-case letters and
     * digits in words joined by single hyphens, 2 to 60 characters. An insert that leaves it out gets one made of the
     * name from the trigger `companies_booking_slug_fill` (migration 0027), so no caller has to remember it; the
     * `$defaultFn` only tells Drizzle's types that an insert may leave it out (it sends `default`, i.e. null, which
     * the trigger replaces before NOT NULL is checked).
     */
    booking_slug: text('booking_slug')
      .notNull()
      .$defaultFn(() => sql`default`),
    ...timestamps,
  },
  (table) => [
    check('companies_first_day_of_week_range', sql`${table.first_day_of_week} BETWEEN 1 AND 7`),
    check('companies_public_booking_payment_known', sql`${table.public_booking_payment} IN ('on_arrival', 'in_advance')`),
    check('companies_public_booking_refund_hours_range', sql`${table.public_booking_refund_hours} BETWEEN 0 AND 720`),
    check('companies_personal_data_retention_days_range', sql`${table.personal_data_retention_days} BETWEEN 30 AND 3650`),
    unique('companies_booking_slug_unique').on(table.booking_slug),
    check(
      'companies_booking_slug_format',
      sql`${table.booking_slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(${table.booking_slug}) BETWEEN 2 AND 60`,
    ),
  ],
);

/** A company lists other companies as partners; a partner sees only what a rule shares with it. */
export const companyPartners = pgTable(
  'company_partners',
  {
    company_id: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    partner_company_id: integer('partner_company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.company_id, table.partner_company_id] }),
    index('company_partners_partner_idx').on(table.partner_company_id),
    check('company_partners_not_self', sql`${table.company_id} <> ${table.partner_company_id}`),
  ],
);

/** A company's public web config, read by the sign-in screen. */
export const companyWebConfigs = pgTable('company_web_configs', {
  company_id: integer('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  login_page_logo: text('login_page_logo'),
  /** The brand colour (buttons, links, the active menu entry) and the page background, as #rrggbb. */
  primary_color: text('primary_color').notNull().default('#0095e8'),
  background_color: text('background_color').notNull().default('#f3f4f6'),
  ...timestamps,
});
