import {
  hoursOf,
  type Payout,
  type PayoutCreate,
  type PayoutDetail,
  type PayoutListQuery,
  type PayoutStatistics,
  type PayoutUpdate,
} from '@ps/contracts';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { attendance, drivers, payoutLines, payouts, trips } from '../../db/schema/index.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { daysBetween } from '../../lib/dates.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { findDriver } from '../driver-rates/driver-rates.repository.ts';
import { computePayout, type PayoutFigures, requireRates } from './payouts.compute.ts';
import { createPayoutsRepository, type PayoutRow } from './payouts.repository.ts';

/** A payout covers at most this many days (a quarter): month-end is the usual period. */
export const MAX_PAYOUT_DAYS = 92;

type PayoutTableRow = typeof payouts.$inferSelect;

/** Days of a period, both ends counted. */
const daysIn = (start: string, end: string) => daysBetween(start, end) + 1;

function toPayout(row: PayoutRow): Payout {
  return {
    ...row,
    hours: hoursOf(row.worked_minutes),
    approved_at: row.approved_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

const figuresOf = (figures: PayoutFigures) => ({
  worked_minutes: figures.worked_minutes,
  hours_amount: figures.hours_amount,
  trip_count: figures.trip_count,
  trips_amount: figures.trips_amount,
  total: figures.total,
});

/** Locks the driver's row: approvals of one driver's payouts queue up behind each other (never paid twice). */
async function lockDriver(tx: DbOrTx, companyId: number, driverId: number): Promise<void> {
  await tx
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.company_id, companyId), eq(drivers.id, driverId)))
    .for('update');
}

/**
 * Driver payouts (issue 8, section 2). A draft is a computation that can be changed or deleted; approving it
 * recomputes what is unpaid in the period under the driver's lock, writes those lines and marks exactly those
 * attendance days and trips paid, in one transaction. Two approved payouts of a driver never share a day, and
 * a day or a trip is on one payout's lines at most (a unique key backs this up).
 */
export function createPayoutsService(db: Db) {
  const repository = (companyId: number) => createPayoutsRepository(db, companyId);

  async function refuseOverlap(tx: DbOrTx, companyId: number, driverId: number, start: string, end: string, exceptId?: number) {
    const overlap = await createPayoutsRepository(tx, companyId).approvedOverlap(driverId, start, end, exceptId);
    if (overlap) throw new AppError(409, 'payout_overlaps', { vars: { start: overlap.period_start, end: overlap.period_end } });
  }

  function checkPeriod(start: string, end: string) {
    const days = daysIn(start, end);
    if (days > MAX_PAYOUT_DAYS) {
      throw new AppError(400, 'payout_period_too_long', {
        vars: { days: String(days), max: String(MAX_PAYOUT_DAYS) },
        details: [{ field: 'period_end', code: 'errors.payout_period_too_long', message: '' }],
      });
    }
  }

  async function detail(companyId: number, id: number): Promise<PayoutDetail> {
    const row = await repository(companyId).findById(id);
    if (!row) throw notFound();
    if (row.status === 'approved') {
      return { ...toPayout(row), lines: await repository(companyId).linesOf(id), missing_rate_days: [] };
    }
    // A draft shows what it would pay now.
    const figures = await computePayout(db, { companyId, driverId: row.driver_id, start: row.period_start, end: row.period_end });
    return {
      ...toPayout({ ...row, ...figuresOf(figures) }),
      lines: figures.lines,
      missing_rate_days: figures.missing_rate_days,
    };
  }

  return {
    async list(actor: CompanyActor, query: PayoutListQuery): Promise<{ items: Payout[]; total: number }> {
      const { rows, total } = await repository(actor.companyId).list(query);
      return { items: rows.map(toPayout), total };
    },

    get: (actor: CompanyActor, id: number) => detail(actor.companyId, id),

    async add(actor: CompanyActor, input: PayoutCreate): Promise<PayoutDetail> {
      checkPeriod(input.period_start, input.period_end);
      const id = await writeRecords(db, payouts, actor, { entity: 'payout' }, async (records) => {
        if (!(await findDriver(records.tx, actor.companyId, input.driver_id, { live: true }))) throw notFound();
        await refuseOverlap(records.tx, actor.companyId, input.driver_id, input.period_start, input.period_end);
        const figures = requireRates(
          await computePayout(records.tx, {
            companyId: actor.companyId,
            driverId: input.driver_id,
            start: input.period_start,
            end: input.period_end,
          }),
        );
        const row = await records.create({
          driver_id: input.driver_id,
          period_start: input.period_start,
          period_end: input.period_end,
          notes: input.notes ?? null,
          created_by: actor.actorUserId,
          ...figuresOf(figures),
        });
        return row.id;
      });
      return detail(actor.companyId, id);
    },

    async update(actor: CompanyActor, id: number, input: PayoutUpdate): Promise<PayoutDetail> {
      await writeRecords(db, payouts, actor, { entity: 'payout' }, async (records) => {
        const current = (await records.lock(id)) as PayoutTableRow;
        if (current.status === 'approved') throw new AppError(409, 'payout_approved');
        const start = input.period_start ?? current.period_start;
        const end = input.period_end ?? current.period_end;
        if (end < start)
          throw new AppError(400, 'validation_failed', { details: [{ field: 'period_end', code: 'validation.dateOrder', message: '' }] });
        checkPeriod(start, end);
        await refuseOverlap(records.tx, actor.companyId, current.driver_id, start, end);
        const figures = requireRates(
          await computePayout(records.tx, { companyId: actor.companyId, driverId: current.driver_id, start, end }),
        );
        await records.update(id, {
          period_start: start,
          period_end: end,
          ...(input.notes === undefined ? {} : { notes: input.notes }),
          ...figuresOf(figures),
        });
      });
      return detail(actor.companyId, id);
    },

    async remove(actor: CompanyActor, id: number): Promise<void> {
      await writeRecords(db, payouts, actor, { entity: 'payout' }, async (records) => {
        const current = (await records.lock(id)) as PayoutTableRow;
        if (current.status === 'approved') throw new AppError(409, 'payout_approved');
        await records.remove(id);
      });
    },

    async approve(actor: CompanyActor, id: number): Promise<PayoutDetail> {
      await writeRecords(db, payouts, actor, { entity: 'payout' }, async (records) => {
        const { tx } = records;
        const [found] = await tx
          .select({ driver_id: payouts.driver_id })
          .from(payouts)
          .where(records.owned(eq(payouts.id, id)))
          .limit(1);
        if (!found) throw notFound();
        // The driver first, then the payout: every approval of this driver takes the locks in this order.
        await lockDriver(tx, actor.companyId, found.driver_id);
        const current = (await records.lock(id)) as PayoutTableRow;
        if (current.status === 'approved') throw new AppError(409, 'payout_approved');
        await refuseOverlap(tx, actor.companyId, current.driver_id, current.period_start, current.period_end, id);
        const period = { companyId: actor.companyId, driverId: current.driver_id, start: current.period_start, end: current.period_end };
        const figures = requireRates(await computePayout(tx, period, { lock: true }));
        if (figures.lines.length === 0) throw new AppError(409, 'payout_nothing_to_pay');

        const dayIds = figures.lines.flatMap((line) => (line.attendance_id === null ? [] : [line.attendance_id]));
        const tripIds = figures.lines.flatMap((line) => (line.trip_id === null ? [] : [line.trip_id]));
        const paidDays = dayIds.length
          ? await tx
              .update(attendance)
              .set({ paid_status: 'paid', payout_id: id, updated_at: new Date() })
              .where(
                and(
                  eq(attendance.company_id, actor.companyId),
                  inArray(attendance.id, dayIds),
                  eq(attendance.paid_status, 'unpaid'),
                  isNull(attendance.payout_id),
                ),
              )
              .returning({ id: attendance.id })
          : [];
        const paidTrips = tripIds.length
          ? await tx
              .update(trips)
              .set({ payout_id: id, updated_at: new Date() })
              .where(and(eq(trips.company_id, actor.companyId), inArray(trips.id, tripIds), isNull(trips.payout_id)))
              .returning({ id: trips.id })
          : [];
        // The rows were locked when computed, so this holds; if it ever did not, nothing is written.
        if (paidDays.length !== dayIds.length || paidTrips.length !== tripIds.length) throw new AppError(409, 'payout_changed');
        await tx.insert(payoutLines).values(
          figures.lines.map((line) => ({
            company_id: actor.companyId,
            payout_id: id,
            attendance_id: line.attendance_id,
            trip_id: line.trip_id,
            day: line.day,
            worked_minutes: line.worked_minutes,
            rate: line.rate,
            amount: line.amount,
          })),
        );
        await records.update(id, { status: 'approved', approved_at: new Date(), approved_by: actor.actorUserId, ...figuresOf(figures) });
      });
      return detail(actor.companyId, id);
    },

    async statistics(actor: CompanyActor, driverId: number | undefined): Promise<PayoutStatistics[]> {
      if (driverId !== undefined && !(await findDriver(db, actor.companyId, driverId))) throw notFound();
      return repository(actor.companyId).statistics(driverId);
    },
  };
}
