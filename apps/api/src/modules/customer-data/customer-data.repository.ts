import { type CustomerSearch, closedBookingStatuses } from '@ps/contracts';
import { and, asc, desc, eq, inArray, isNotNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  airports,
  bookingServices,
  bookings,
  carRelocations,
  companies,
  flightUpdates,
  handoverFiles,
  handovers,
  mailOutbox,
  payments,
} from '../../db/schema/index.ts';
import { emailKey, phoneDigits } from '../../db/searchKeys.ts';
import { type CompanyTable, companyScope } from '../../kit/records.ts';
import { selectBookings } from '../bookings/bookings.repository.ts';

/** A phone's digits only, as `phoneDigits` compares a booking's. */
const digitsOf = (phone: string) => phone.replace(/\D/g, '');

/** The booking of a handover image: through its handover, or through the move on site it was taken at. */
const imageBookingId = sql<number>`coalesce(${handovers.booking_id}, ${carRelocations.booking_id})`;

/**
 * The reads and writes of a customer's data in one company (every where holds the company): their bookings by e-mail
 * address and/or phone, what the export carries of them, and the erase's blanking of personal fields.
 */
export function createCustomerDataRepository(db: DbOrTx, companyId: number) {
  const bookingScope = companyScope(db, bookings, companyId);
  /** The where clause of a company table: its rows of this company, and the conditions. */
  const owned = (table: CompanyTable, ...conditions: Array<SQL | undefined>) => companyScope(db, table, companyId).owned(...conditions);
  /** The customer's bookings: the e-mail address whatever its case, the phone by its digits; either one with both. */
  const theirs = (search: CustomerSearch): SQL => {
    const conditions: SQL[] = [];
    if (search.email !== undefined) conditions.push(eq(emailKey(bookings.customer_email), search.email.toLowerCase()));
    if (search.phone !== undefined) conditions.push(eq(phoneDigits(bookings.customer_phone), digitsOf(search.phone)));
    return or(...conditions) as SQL;
  };

  const imagesWhere = (bookingIds: number[]) =>
    owned(handoverFiles, or(inArray(handovers.booking_id, bookingIds), inArray(carRelocations.booking_id, bookingIds)));

  return {
    /** The company's name and its retention of personal data (days after a stay ended). */
    async company(): Promise<{ name: string; retention_days: number } | undefined> {
      const [row] = await db
        .select({ name: companies.name, retention_days: companies.personal_data_retention_days })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return row;
    },

    /**
     * The customer's bookings, the latest stay first, with what an erase looks at and blanks. `lock` holds them for the
     * rest of the transaction (an erase): a status move or a handover waits for it, and it for them.
     */
    bookingsOf(search: CustomerSearch, lock = false) {
      const query = db
        .select({
          id: bookings.id,
          reference: bookings.reference,
          status: bookings.status,
          language: bookings.language,
          customer_name: bookings.customer_name,
          customer_email: bookings.customer_email,
          customer_phone: bookings.customer_phone,
          vehicle_reg: bookings.vehicle_reg,
          vehicle_make: bookings.vehicle_make,
          vehicle_model: bookings.vehicle_model,
          vehicle_colour: bookings.vehicle_colour,
          outbound_flight: bookings.outbound_flight,
          return_flight: bookings.return_flight,
          notes: bookings.notes,
          departure_at: bookings.departure_at,
          arrival_at: bookings.arrival_at,
          airport_time_zone: airports.time_zone,
        })
        .from(bookings)
        .innerJoin(airports, and(eq(airports.company_id, bookings.company_id), eq(airports.id, bookings.airport_id)))
        .where(bookingScope.owned(theirs(search)))
        .orderBy(desc(bookings.arrival_at), desc(bookings.id));
      return lock ? query.for('update', { of: bookings }) : query;
    },

    /** The bookings with the names of their airport, places, package and agency, and what was paid. */
    exportedBookings(bookingIds: number[]) {
      return selectBookings(db)
        .where(bookingScope.owned(inArray(bookings.id, bookingIds)))
        .orderBy(desc(bookings.arrival_at), desc(bookings.id));
    },

    serviceLines(bookingIds: number[]) {
      return db
        .select({
          booking_id: bookingServices.booking_id,
          name: bookingServices.name,
          unit_price: bookingServices.unit_price,
          quantity: bookingServices.quantity,
          price: bookingServices.price,
        })
        .from(bookingServices)
        .where(owned(bookingServices, inArray(bookingServices.booking_id, bookingIds)))
        .orderBy(asc(bookingServices.id));
    },

    payments(bookingIds: number[]) {
      return db
        .select({
          booking_id: payments.booking_id,
          paid_at: payments.paid_at,
          amount: payments.amount,
          credit: payments.credit,
          method: payments.method,
          reference: payments.reference,
          deleted_at: payments.deleted_at,
          delete_reason: payments.delete_reason,
        })
        .from(payments)
        .where(owned(payments, inArray(payments.booking_id, bookingIds)))
        .orderBy(asc(payments.paid_at), asc(payments.id));
    },

    handovers(bookingIds: number[]) {
      return db
        .select({
          id: handovers.id,
          booking_id: handovers.booking_id,
          kind: handovers.kind,
          recorded_at: handovers.recorded_at,
          mileage: handovers.mileage,
          fuel_eighths: handovers.fuel_eighths,
          marks: handovers.marks,
          signed_name: handovers.signed_name,
          note: handovers.note,
          undone_at: handovers.undone_at,
        })
        .from(handovers)
        .where(owned(handovers, inArray(handovers.booking_id, bookingIds)))
        .orderBy(asc(handovers.recorded_at), asc(handovers.id));
    },

    /** The stored images of the bookings' handovers and moves on site: what they are, never their bytes. */
    images(bookingIds: number[]) {
      return db
        .select({
          id: handoverFiles.id,
          booking_id: imageBookingId,
          handover_id: handoverFiles.handover_id,
          relocation_id: handoverFiles.relocation_id,
          purpose: handoverFiles.purpose,
          stored_name: handoverFiles.stored_name,
          content_type: handoverFiles.content_type,
          size_bytes: handoverFiles.size_bytes,
          created_at: handoverFiles.created_at,
        })
        .from(handoverFiles)
        .leftJoin(handovers, and(eq(handovers.company_id, handoverFiles.company_id), eq(handovers.id, handoverFiles.handover_id)))
        .leftJoin(
          carRelocations,
          and(eq(carRelocations.company_id, handoverFiles.company_id), eq(carRelocations.id, handoverFiles.relocation_id)),
        )
        .where(imagesWhere(bookingIds))
        .orderBy(asc(handoverFiles.id));
    },

    mails(bookingIds: number[]) {
      return db
        .select({
          booking_id: mailOutbox.booking_id,
          kind: mailOutbox.kind,
          language: mailOutbox.language,
          to_address: mailOutbox.to_address,
          subject: mailOutbox.subject,
          state: mailOutbox.state,
          created_at: mailOutbox.created_at,
          sent_at: mailOutbox.sent_at,
        })
        .from(mailOutbox)
        .where(owned(mailOutbox, inArray(mailOutbox.booking_id, bookingIds)))
        .orderBy(asc(mailOutbox.created_at), asc(mailOutbox.id));
    },

    /** Removes the images' rows (their files go once the transaction has committed); answers what was removed. */
    async deleteImages(imageIds: number[]): Promise<Array<{ id: number; stored_name: string }>> {
      if (imageIds.length === 0) return [];
      return db
        .delete(handoverFiles)
        .where(owned(handoverFiles, inArray(handoverFiles.id, imageIds)))
        .returning({ id: handoverFiles.id, stored_name: handoverFiles.stored_name });
    },

    /** A typed name is a signature too: the handovers keep what was seen of the car, not who signed. */
    clearSignedNames(bookingIds: number[]) {
      return db
        .update(handovers)
        .set({ signed_name: null })
        .where(owned(handovers, inArray(handovers.booking_id, bookingIds), isNotNull(handovers.signed_name)));
    },

    /**
     * Blanks the address and bodies of the bookings' messages (the subject, which names only the reference and the
     * company, the kind and the times stay as the record of what was sent). One still waiting will never go: it has no
     * address any more, so it is failed rather than tried.
     */
    blankMails(bookingIds: number[]) {
      return db
        .update(mailOutbox)
        .set({
          to_address: '',
          text_body: '',
          html_body: '',
          last_error: null,
          state: sql`case when ${mailOutbox.state} = 'queued' then 'failed' else ${mailOutbox.state} end`,
        })
        .where(owned(mailOutbox, inArray(mailOutbox.booking_id, bookingIds)))
        .returning({ booking_id: mailOutbox.booking_id });
    },

    /** A booking's flight news names the customer's flight: it goes with the flight numbers. */
    deleteFlightUpdates(bookingIds: number[]) {
      return db.delete(flightUpdates).where(owned(flightUpdates, inArray(flightUpdates.booking_id, bookingIds)));
    },

    async blankBooking(bookingId: number, values: Partial<typeof bookings.$inferInsert>): Promise<void> {
      await db
        .update(bookings)
        .set(values)
        .where(bookingScope.owned(eq(bookings.id, bookingId)));
    },
  };
}

export type CustomerDataRepository = ReturnType<typeof createCustomerDataRepository>;
export type CustomerBookingRow = Awaited<ReturnType<CustomerDataRepository['bookingsOf']>>[number];
export type CustomerImageRow = Awaited<ReturnType<CustomerDataRepository['images']>>[number];

/**
 * The retention job's reads (every company at once): the handover images of closed bookings whose stay ended more than
 * their company's retention ago, at most `limit` of them.
 */
export function expiredHandoverImages(db: DbOrTx, now: Date, limit: number) {
  return db
    .select({
      id: handoverFiles.id,
      company_id: handoverFiles.company_id,
      handover_id: handoverFiles.handover_id,
      relocation_id: handoverFiles.relocation_id,
      stored_name: handoverFiles.stored_name,
    })
    .from(handoverFiles)
    .leftJoin(handovers, and(eq(handovers.company_id, handoverFiles.company_id), eq(handovers.id, handoverFiles.handover_id)))
    .leftJoin(
      carRelocations,
      and(eq(carRelocations.company_id, handoverFiles.company_id), eq(carRelocations.id, handoverFiles.relocation_id)),
    )
    .innerJoin(bookings, and(eq(bookings.company_id, handoverFiles.company_id), eq(bookings.id, imageBookingId)))
    .innerJoin(companies, eq(companies.id, bookings.company_id))
    .where(
      and(
        inArray(bookings.status, [...closedBookingStatuses]),
        lte(bookings.arrival_at, sql`${now.toISOString()}::timestamptz - make_interval(days => ${companies.personal_data_retention_days})`),
      ),
    )
    .orderBy(asc(handoverFiles.id))
    .limit(limit)
    .for('update', { of: handoverFiles, skipLocked: true });
}

/** Removes image rows by id (the retention job's, across companies); answers the rows removed. */
export function deleteImageRows(db: DbOrTx, imageIds: number[]) {
  return db.delete(handoverFiles).where(inArray(handoverFiles.id, imageIds)).returning({ id: handoverFiles.id });
}
