import type { AmountDetailsQuery, PaymentListQuery } from '@ps/contracts';
import { and, eq, getTableColumns, gte, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bookings, companies, payments, users } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type PaymentRow = typeof payments.$inferSelect;
/** A payment with the name of who deleted it (the ledger shows who and when). */
export type PaymentViewRow = PaymentRow & { deleted_by_name: string | null };

const deleter = users;
const paymentView = { ...getTableColumns(payments), deleted_by_name: deleter.name };

/** Payment reads of one company; writes go through the kit (payments.service.ts). */
export function createPaymentsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, payments, companyId);
  return {
    list(query: PaymentListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.include_deleted === '1' ? undefined : isNull(payments.deleted_at),
          query.booking_id === undefined ? undefined : eq(payments.booking_id, query.booking_id),
          query.method === undefined ? undefined : eq(payments.method, query.method),
        ],
        searchColumns: [payments.reference],
        sortColumns: { paid_at: payments.paid_at, amount: payments.amount, created_at: payments.created_at },
        defaultSort: '-paid_at',
        tieBreaker: payments.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          db
            .select(paymentView)
            .from(payments)
            .leftJoin(deleter, eq(deleter.id, payments.deleted_by))
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, payments, where),
      });
    },

    findById: (id: number) => scope.findById<PaymentRow>(id),

    /** The payment as the API answers it, with who deleted it. */
    async findView(id: number): Promise<PaymentViewRow | undefined> {
      const [row] = await db
        .select(paymentView)
        .from(payments)
        .leftJoin(deleter, eq(deleter.id, payments.deleted_by))
        .where(scope.owned(eq(payments.id, id)))
        .limit(1);
      return row;
    },

    async findByIdempotencyKey(key: string): Promise<PaymentRow | undefined> {
      const [row] = await db
        .select()
        .from(payments)
        .where(scope.owned(eq(payments.idempotency_key, key)))
        .limit(1);
      return row;
    },

    /** The booking's paid sum: its payments not deleted, refunds subtracted. */
    async paidOf(bookingId: number): Promise<number> {
      const [row] = await db
        .select({ paid: sql<string>`coalesce(sum(${payments.amount}), 0)` })
        .from(payments)
        .where(scope.owned(eq(payments.booking_id, bookingId), isNull(payments.deleted_at)));
      return Number(row?.paid ?? 0);
    },
  };
}

/**
 * Locks the company's booking for the rest of the transaction (payments of one booking queue up); its id and total,
 * or undefined.
 */
export async function lockBooking(tx: DbOrTx, companyId: number, bookingId: number): Promise<{ id: number; total: number } | undefined> {
  const [row] = await tx
    .select({ id: bookings.id, total: bookings.total })
    .from(bookings)
    .where(and(eq(bookings.company_id, companyId), eq(bookings.id, bookingId)))
    .for('update')
    .limit(1);
  return row;
}

export async function companySettings(db: DbOrTx, companyId: number): Promise<{ time_zone: string; currency: string }> {
  const [row] = await db
    .select({ time_zone: companies.time_zone, currency: companies.currency })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  if (!row) throw new Error(`company ${companyId} not found`);
  return row;
}

/**
 * The sums of the company's bookings that match: count, totals, paid (payments not deleted), outstanding and credit
 * (each booking's `total - paid` counts as outstanding when above 0 and its opposite as credit when above 0).
 * `from`/`to` are departure days in `timeZone`; without `status`, cancelled bookings are left out.
 */
export async function amountDetails(db: DbOrTx, companyId: number, query: AmountDetailsQuery, timeZone: string) {
  const paidByBooking = db
    .select({ booking_id: payments.booking_id, paid: sql<string>`sum(${payments.amount})`.as('paid') })
    .from(payments)
    .where(and(eq(payments.company_id, companyId), isNull(payments.deleted_at)))
    .groupBy(payments.booking_id)
    .as('paid_by_booking');
  const departureDay = sql`(${bookings.departure_at} at time zone ${timeZone})::date`;
  const [row] = await db
    .select({
      bookings: sql<string>`count(*)`,
      total: sql<string>`coalesce(sum(${bookings.total}), 0)`,
      paid: sql<string>`coalesce(sum(${paidByBooking.paid}), 0)`,
      // Per booking, so one booking's credit never hides what another still owes.
      outstanding: sql<string>`coalesce(sum(greatest(${bookings.total} - coalesce(${paidByBooking.paid}, 0), 0)), 0)`,
      credit: sql<string>`coalesce(sum(greatest(coalesce(${paidByBooking.paid}, 0) - ${bookings.total}, 0)), 0)`,
    })
    .from(bookings)
    .leftJoin(paidByBooking, eq(paidByBooking.booking_id, bookings.id))
    .where(
      and(
        eq(bookings.company_id, companyId),
        query.status === undefined ? ne(bookings.status, 'cancelled') : inArray(bookings.status, query.status),
        query.airport_id === undefined ? undefined : eq(bookings.airport_id, query.airport_id),
        query.from === undefined ? undefined : gte(departureDay, sql`${query.from}::date`),
        query.to === undefined ? undefined : lte(departureDay, sql`${query.to}::date`),
      ),
    );
  return {
    bookings: Number(row?.bookings ?? 0),
    total: Number(row?.total ?? 0),
    paid: Number(row?.paid ?? 0),
    outstanding: Number(row?.outstanding ?? 0),
    credit: Number(row?.credit ?? 0),
  };
}
