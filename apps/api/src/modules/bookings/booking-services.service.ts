import type { BookingService, BookingServiceCreate, BookingServiceListQuery, BookingServiceUpdate } from '@ps/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { additionalServices, bookingServices, bookings } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope, type RecordWriter, writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { recordOf } from '../../kit/service.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { publishLiveEvent } from '../live/live-events.ts';
import { totalOf } from './bookings.pricing.ts';
import type { BookingTableRow } from './bookings.repository.ts';
import { assertOpen } from './bookings.service.ts';

type LineRow = typeof bookingServices.$inferSelect;
type LineWriter = RecordWriter<typeof bookingServices.$inferInsert>;

const toLine = (row: LineRow): BookingService => recordOf(row);

const lineWrites = {
  entity: 'booking_service',
  translate: constraintTranslator({
    table: 'booking_services',
    unique: { booking_services_booking_service_unique: { code: 'booking_service_taken', field: 'additional_service_id' } },
    references: ['booking_id', 'additional_service_id'],
    checks: { booking_services_quantity_range: 'quantity' },
    inUse: 'conflict',
  }),
};

/** Service line reads of one company. */
export function createBookingServicesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, bookingServices, companyId);
  return {
    list(query: BookingServiceListQuery) {
      const parts = listParts(query, {
        filters: [scope.owned(), query.booking_id === undefined ? undefined : eq(bookingServices.booking_id, query.booking_id)],
        searchColumns: [bookingServices.name],
        sortColumns: { name: bookingServices.name, price: bookingServices.price, created_at: bookingServices.created_at },
        defaultSort: 'name',
        tieBreaker: bookingServices.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select()
            .from(bookingServices)
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, bookingServices, where),
      });
    },
    findById: (id: number) => scope.findById<LineRow>(id),
  };
}

/** Locks the booking (of the writer's company) for the rest of the transaction; 400 on `field` when absent. */
async function lockBooking(records: LineWriter, companyId: number, bookingId: number, missing: () => Error): Promise<BookingTableRow> {
  const [row] = await records.tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.company_id, companyId), eq(bookings.id, bookingId)))
    .for('update')
    .limit(1);
  if (!row) throw missing();
  assertOpen(row);
  return row;
}

/**
 * The booking's services price is the sum of its lines; the discount follows from the voucher's rule as the
 * booking keeps it; the total adds up. Written and audited in the line's transaction.
 */
async function retotal(records: LineWriter, actor: CompanyActor, before: BookingTableRow): Promise<void> {
  const { tx } = records;
  const [sum] = await tx
    .select({ total: sql<number>`coalesce(sum(${bookingServices.price}), 0)::int` })
    .from(bookingServices)
    .where(and(eq(bookingServices.company_id, actor.companyId), eq(bookingServices.booking_id, before.id)));
  const rule =
    before.voucher_discount_type && before.voucher_discount_value !== null
      ? { discount_type: before.voucher_discount_type, discount_value: before.voucher_discount_value }
      : null;
  const price = totalOf(
    { base_price: before.base_price, package_price: before.package_price, services_price: Number(sum?.total ?? 0) },
    rule,
  );
  const [after] = await tx
    .update(bookings)
    .set(price)
    .where(and(eq(bookings.company_id, actor.companyId), eq(bookings.id, before.id)))
    .returning();
  await recordAudit(tx, { ...actor, entity: 'booking', entityId: before.id, action: 'update', before, after });
  await publishLiveEvent(tx, { company_id: actor.companyId, booking_id: before.id, action: 'updated' });
}

/**
 * `booking-additional_service`: a booking's service lines. A line keeps the service's name and unit price of
 * when it was added; every change re-totals its booking in the same transaction (both audited). A closed
 * booking's lines cannot change (409 `booking_closed`).
 */
export function createBookingServicesService(db: Db) {
  const read = async (tx: DbOrTx, companyId: number, id: number) => {
    const row = await createBookingServicesRepository(tx, companyId).findById(id);
    if (!row) throw notFound();
    return toLine(row);
  };
  return {
    async list(actor: CompanyActor, query: BookingServiceListQuery) {
      const { rows, total } = await createBookingServicesRepository(db, actor.companyId).list(query);
      return { items: rows.map(toLine), total };
    },
    get: (actor: CompanyActor, id: number) => read(db, actor.companyId, id),

    create: (actor: CompanyActor, input: BookingServiceCreate) =>
      writeRecords(db, bookingServices, actor, lineWrites, async (records) => {
        const booking = await lockBooking(records, actor.companyId, input.booking_id, () => invalidField('booking_id'));
        const [service] = await records.tx
          .select()
          .from(additionalServices)
          .where(and(eq(additionalServices.company_id, actor.companyId), eq(additionalServices.id, input.additional_service_id)))
          .limit(1);
        if (service?.status !== 1) throw invalidField('additional_service_id');
        const line = await records.create({
          booking_id: booking.id,
          additional_service_id: service.id,
          name: service.name,
          unit_price: service.price,
          quantity: input.quantity,
          price: service.price * input.quantity,
        });
        await retotal(records, actor, booking);
        return read(records.tx, actor.companyId, line.id);
      }),

    /** The quantity; the unit price stays the one of when the line was added. */
    update: (actor: CompanyActor, id: number, input: BookingServiceUpdate) =>
      writeRecords(db, bookingServices, actor, lineWrites, async (records) => {
        const line = (await records.lock(id)) as LineRow;
        const booking = await lockBooking(records, actor.companyId, line.booking_id, notFound);
        await records.update(id, { quantity: input.quantity, price: line.unit_price * input.quantity });
        await retotal(records, actor, booking);
        return read(records.tx, actor.companyId, id);
      }),

    delete: (actor: CompanyActor, id: number) =>
      writeRecords(db, bookingServices, actor, lineWrites, async (records) => {
        const line = (await records.lock(id)) as LineRow;
        const booking = await lockBooking(records, actor.companyId, line.booking_id, notFound);
        await records.remove(id);
        await retotal(records, actor, booking);
      }),
  };
}
