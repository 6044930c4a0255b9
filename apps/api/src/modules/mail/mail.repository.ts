import type { MailOutboxListQuery } from '@ps/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  airports,
  bookingServices,
  bookings,
  companies,
  companyWebConfigs,
  locations,
  mailOutbox,
  packages,
  payments,
} from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type MailRow = typeof mailOutbox.$inferSelect;

/** Every column but the bodies: what the outbox list shows. */
const listColumns = {
  id: mailOutbox.id,
  company_id: mailOutbox.company_id,
  kind: mailOutbox.kind,
  booking_id: mailOutbox.booking_id,
  language: mailOutbox.language,
  to_address: mailOutbox.to_address,
  from_name: mailOutbox.from_name,
  reply_to: mailOutbox.reply_to,
  subject: mailOutbox.subject,
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  next_attempt_at: mailOutbox.next_attempt_at,
  locked_until: mailOutbox.locked_until,
  last_error: mailOutbox.last_error,
  sent_at: mailOutbox.sent_at,
  message_id: mailOutbox.message_id,
  created_by: mailOutbox.created_by,
  created_at: mailOutbox.created_at,
  updated_at: mailOutbox.updated_at,
  booking_reference: sql<
    string | null
  >`(select ${bookings.reference} from ${bookings} where ${bookings.id} = ${mailOutbox.booking_id} and ${bookings.company_id} = ${mailOutbox.company_id})`,
};

/** The outbox of one company (the worker reads across companies, in mail.worker.ts). */
export function createMailRepository(db: DbOrTx, companyId: number) {
  // The outbox's id is a bigserial; the kit's scope only needs `id` and `company_id` columns.
  const scope = companyScope(db, mailOutbox, companyId);
  return {
    list(query: MailOutboxListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.state === undefined ? undefined : eq(mailOutbox.state, query.state),
          query.booking_id === undefined ? undefined : eq(mailOutbox.booking_id, query.booking_id),
        ],
        searchColumns: [mailOutbox.to_address, mailOutbox.subject],
        sortColumns: { created_at: mailOutbox.created_at, state: mailOutbox.state, sent_at: mailOutbox.sent_at },
        defaultSort: '-created_at',
        tieBreaker: mailOutbox.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select(listColumns)
            .from(mailOutbox)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, mailOutbox, where),
      });
    },

    findById: (id: number) => scope.findById<MailRow>(id),

    /** Locks the message for the rest of the transaction (a resend waits for a worker's short claim). */
    async lock(id: number): Promise<MailRow | undefined> {
      const [row] = await db
        .select()
        .from(mailOutbox)
        .where(scope.owned(eq(mailOutbox.id, id)))
        .for('update')
        .limit(1);
      return row;
    },
  };
}

const departure = alias(locations, 'departure');
const arrival = alias(locations, 'arrival');

/** Everything the confirmation says about one booking of the company, or undefined when it has none with that id. */
export async function bookingForMail(db: DbOrTx, companyId: number, bookingId: number) {
  const [booking] = await db
    .select({
      id: bookings.id,
      reference: bookings.reference,
      status: bookings.status,
      language: bookings.language,
      customer_name: bookings.customer_name,
      customer_email: bookings.customer_email,
      vehicle_reg: bookings.vehicle_reg,
      vehicle_make: bookings.vehicle_make,
      vehicle_model: bookings.vehicle_model,
      vehicle_colour: bookings.vehicle_colour,
      departure_at: bookings.departure_at,
      arrival_at: bookings.arrival_at,
      outbound_flight: bookings.outbound_flight,
      return_flight: bookings.return_flight,
      passengers: bookings.passengers,
      base_price: bookings.base_price,
      package_price: bookings.package_price,
      services_price: bookings.services_price,
      discount: bookings.discount,
      total: bookings.total,
      currency: bookings.currency,
      voucher_code: bookings.voucher_code,
      airport_name: airports.name,
      airport_iata_code: airports.iata_code,
      airport_time_zone: airports.time_zone,
      departure_name: departure.name,
      arrival_name: arrival.name,
      // Where the car is left and collected, for the mail's "how to find us" (issue 23, section 3).
      departure_address: departure.address,
      departure_latitude: departure.latitude,
      departure_longitude: departure.longitude,
      departure_instructions: departure.arrival_instructions,
      arrival_address: arrival.address,
      arrival_latitude: arrival.latitude,
      arrival_longitude: arrival.longitude,
      arrival_instructions: arrival.arrival_instructions,
      departure_id: bookings.departure_id,
      arrival_id: bookings.arrival_id,
      package_name: packages.name,
      company_name: companies.name,
      // The footer's contact lines and how the message is signed (the company's settings).
      company_address: companies.address,
      company_phone: companies.contact_phone,
      company_email: companies.contact_email,
      company_mail_sender_name: companies.mail_sender_name,
      company_mail_reply_to: companies.mail_reply_to,
      // The company's look (its web config; none yet: the defaults) and its booking page (the manage link).
      company_booking_slug: companies.booking_slug,
      brand_name: companyWebConfigs.name,
      brand_colour: companyWebConfigs.primary_color,
      brand_logo: companyWebConfigs.login_page_logo,
    })
    .from(bookings)
    .innerJoin(airports, eq(airports.id, bookings.airport_id))
    .innerJoin(departure, eq(departure.id, bookings.departure_id))
    .innerJoin(arrival, eq(arrival.id, bookings.arrival_id))
    .innerJoin(companies, eq(companies.id, bookings.company_id))
    .leftJoin(packages, eq(packages.id, bookings.package_id))
    .leftJoin(companyWebConfigs, eq(companyWebConfigs.company_id, bookings.company_id))
    .where(and(eq(bookings.company_id, companyId), eq(bookings.id, bookingId)))
    .limit(1);
  if (!booking) return undefined;
  const services = await db
    .select({ name: bookingServices.name, quantity: bookingServices.quantity, price: bookingServices.price })
    .from(bookingServices)
    .where(and(eq(bookingServices.company_id, companyId), eq(bookingServices.booking_id, bookingId)))
    .orderBy(bookingServices.id);
  const [paidRow] = await db
    .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(eq(payments.company_id, companyId), eq(payments.booking_id, bookingId), isNull(payments.deleted_at)));
  return { ...booking, services, paid: Number(paidRow?.paid ?? 0) };
}
export type BookingForMail = NonNullable<Awaited<ReturnType<typeof bookingForMail>>>;
