import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import {
  agencies,
  airports,
  auditLog,
  bookingStatusHistory,
  bookings,
  locations,
  packages,
  payments,
  users,
} from '../../db/schema/index.ts';
import { companyScope } from '../../kit/records.ts';
import { bookingTripAuditKeys } from '../trips/trips.repository.ts';

export type BookingTableRow = typeof bookings.$inferSelect;
export type BookingInsert = typeof bookings.$inferInsert;

const departure = alias(locations, 'departure');
const arrival = alias(locations, 'arrival');
const carPark = alias(locations, 'car_park');

/** Sum of the booking's payments not deleted (refunds are negative): one indexed subquery per row shown. */
const paidSum = sql<number>`coalesce((select sum(${payments.amount}) from ${payments}
  where ${payments.company_id} = ${bookings.company_id} and ${payments.booking_id} = ${bookings.id}
    and ${payments.deleted_at} is null), 0)::int`;

/** A booking with the names a list or a board shows beside its ids, and what has been paid. */
const bookingColumns = {
  id: bookings.id,
  company_id: bookings.company_id,
  reference: bookings.reference,
  type: bookings.type,
  channel: bookings.channel,
  status: bookings.status,
  language: bookings.language,
  customer_name: bookings.customer_name,
  customer_email: bookings.customer_email,
  customer_phone: bookings.customer_phone,
  vehicle_reg: bookings.vehicle_reg,
  vehicle_make: bookings.vehicle_make,
  vehicle_model: bookings.vehicle_model,
  vehicle_colour: bookings.vehicle_colour,
  airport_id: bookings.airport_id,
  airport_iata_code: airports.iata_code,
  airport_name: airports.name,
  airport_time_zone: airports.time_zone,
  departure_id: bookings.departure_id,
  departure_name: departure.name,
  arrival_id: bookings.arrival_id,
  arrival_name: arrival.name,
  car_park_id: bookings.car_park_id,
  car_park_name: carPark.name,
  departure_at: bookings.departure_at,
  arrival_at: bookings.arrival_at,
  start_day: bookings.start_day,
  end_day: bookings.end_day,
  outbound_flight: bookings.outbound_flight,
  return_flight: bookings.return_flight,
  passengers: bookings.passengers,
  shuttle_out_at: bookings.shuttle_out_at,
  shuttle_back_at: bookings.shuttle_back_at,
  package_id: bookings.package_id,
  package_name: packages.name,
  voucher_code: bookings.voucher_code,
  agency_id: bookings.agency_id,
  agency_name: agencies.name,
  agency_commission_percent: bookings.agency_commission_percent,
  notes: bookings.notes,
  base_price: bookings.base_price,
  package_price: bookings.package_price,
  services_price: bookings.services_price,
  discount: bookings.discount,
  total: bookings.total,
  currency: bookings.currency,
  paid: paidSum,
  created_by: bookings.created_by,
  created_at: bookings.created_at,
  updated_at: bookings.updated_at,
};

/** The joins of `bookingColumns` (every joined row is the booking's company's: the references carry it). */
export function selectBookings(db: DbOrTx) {
  return selectBookingsWith(db, {});
}

/** `selectBookings` with columns of its own beside the booking's (the export's sort value as text). */
export function selectBookingsWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: DbOrTx, extra: Extra) {
  return db
    .select({ ...bookingColumns, ...extra })
    .from(bookings)
    .innerJoin(airports, and(eq(airports.company_id, bookings.company_id), eq(airports.id, bookings.airport_id)))
    .innerJoin(departure, and(eq(departure.company_id, bookings.company_id), eq(departure.id, bookings.departure_id)))
    .innerJoin(arrival, and(eq(arrival.company_id, bookings.company_id), eq(arrival.id, bookings.arrival_id)))
    .leftJoin(carPark, and(eq(carPark.company_id, bookings.company_id), eq(carPark.id, bookings.car_park_id)))
    .leftJoin(packages, and(eq(packages.company_id, bookings.company_id), eq(packages.id, bookings.package_id)))
    .leftJoin(agencies, and(eq(agencies.company_id, bookings.company_id), eq(agencies.id, bookings.agency_id)));
}

export type BookingViewRow = Awaited<ReturnType<ReturnType<typeof selectBookings>['execute']>>[number];

/** Booking reads of one company; writes go through the kit (bookings.service.ts). */
export function createBookingsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bookings, companyId);

  return {
    async findById(id: number): Promise<BookingViewRow | undefined> {
      const [row] = await selectBookings(db)
        .where(scope.owned(eq(bookings.id, id)))
        .limit(1);
      return row;
    },

    /** The status history, oldest first, with the name of who made each change. */
    statusHistory(bookingId: number) {
      return db
        .select({
          id: bookingStatusHistory.id,
          booking_id: bookingStatusHistory.booking_id,
          from_status: bookingStatusHistory.from_status,
          to_status: bookingStatusHistory.to_status,
          note: bookingStatusHistory.note,
          changed_by: bookingStatusHistory.changed_by,
          changed_by_name: users.name,
          changed_at: bookingStatusHistory.changed_at,
        })
        .from(bookingStatusHistory)
        .leftJoin(users, eq(users.id, bookingStatusHistory.changed_by))
        .where(and(eq(bookingStatusHistory.company_id, companyId), eq(bookingStatusHistory.booking_id, bookingId)))
        .orderBy(asc(bookingStatusHistory.changed_at), asc(bookingStatusHistory.id));
    },

    /**
     * The booking's audit trail, newest first: its own entries and those of the service lines, payments and
     * messages made for it (found by the `booking_id` their creation recorded, so deleted lines stay in it), and
     * those of its trips, its car's movements, its trips' schedule changes and status corrections.
     */
    auditTrail(bookingId: number, limit: number) {
      const id = String(bookingId);
      const madeForBooking = db
        .select({ entity: auditLog.entity, entity_id: auditLog.entity_id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.company_id, companyId),
            // The same words as the partial index audit_log_booking_records_idx, so the planner uses it.
            sql`${auditLog.action} = 'create' and ${auditLog.entity} in ('booking_service', 'payment', 'mail_message')`,
            sql`(${auditLog.changes} -> 'booking_id' ->> 'to') = ${id}`,
          ),
        );
      return db
        .select({
          id: auditLog.id,
          entity: auditLog.entity,
          entity_id: auditLog.entity_id,
          action: auditLog.action,
          changes: auditLog.changes,
          actor_user_id: auditLog.actor_user_id,
          actor_name: users.name,
          created_at: auditLog.created_at,
        })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_user_id))
        .where(
          and(
            eq(auditLog.company_id, companyId),
            or(
              and(eq(auditLog.entity, 'booking'), eq(auditLog.entity_id, id)),
              sql`(${auditLog.entity}, ${auditLog.entity_id}) in (${madeForBooking})`,
              sql`(${auditLog.entity}, ${auditLog.entity_id}) in (${bookingTripAuditKeys(companyId, bookingId)})`,
            ),
          ),
        )
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(limit);
    },
  };
}

/** Whether any payment row (deleted or not: the ledger keeps them) references the booking. */
export async function hasPayments(tx: DbOrTx, companyId: number, bookingId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.company_id, companyId), eq(payments.booking_id, bookingId)))
    .limit(1);
  return row !== undefined;
}
