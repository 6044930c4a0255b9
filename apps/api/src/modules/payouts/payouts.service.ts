import {
  hoursOf,
  type Payout,
  type PayoutApproveMany,
  type PayoutCreate,
  type PayoutDetail,
  type PayoutListQuery,
  type PayoutStatistics,
  type PayoutsApproved,
  type PayoutUpdate,
  type Payroll,
} from '@ps/contracts';
import { monthOf, monthPeriod } from '@ps/contracts/common/months';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { attendance, drivers, payoutLines, payouts, trips } from '../../db/schema/index.ts';
import { type RecordWriter, writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { addDays, daysBetween, todayIn } from '../../lib/dates.ts';
import { AppError, type ErrorDetail, notFound } from '../../lib/errors.ts';
import { findDriver } from '../driver-rates/driver-rates.repository.ts';
import { computePayout, type PayoutFigures, requireRates } from './payouts.compute.ts';
import { payrollOf } from './payouts.payroll.ts';
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

  /**
   * One approval inside the caller's transaction: locks the driver, then the payout, refuses what cannot be paid
   * (409), recomputes what is unpaid with those rows locked, writes the lines and marks exactly those rows paid.
   * Answers the total it paid.
   */
  async function approveWithin(records: RecordWriter<typeof payouts.$inferInsert>, actor: CompanyActor, id: number): Promise<number> {
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
    return figures.total;
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
      await writeRecords(db, payouts, actor, { entity: 'payout' }, (records) => approveWithin(records, actor, id));
      return detail(actor.companyId, id);
    },

    /**
     * Approves several drafts in one transaction, all or none (issue 21, section 9): each exactly as one approval,
     * audited each, in the order of their drivers (so two of these at once take the drivers' locks in the same
     * order). Any that cannot be approved: 409 `payouts_not_approvable` with a detail per refusal (its own reason)
     * and nothing written; a total other than the one the caller confirmed: 409 `payouts_total_changed`.
     */
    async approveMany(actor: CompanyActor, input: PayoutApproveMany): Promise<PayoutsApproved> {
      const total = await writeRecords(db, payouts, actor, { entity: 'payout' }, async (records) => {
        const chosen = await records.tx
          .select({ id: payouts.id, driver_id: payouts.driver_id, first_name: drivers.first_name, last_name: drivers.last_name })
          .from(payouts)
          .innerJoin(drivers, and(eq(drivers.company_id, payouts.company_id), eq(drivers.id, payouts.driver_id)))
          .where(records.owned(inArray(payouts.id, input.ids)));
        // One that is not the company's (or does not exist) is a 404 for the lot: nothing is said about it.
        if (chosen.length !== input.ids.length) throw notFound();
        chosen.sort((a, b) => a.driver_id - b.driver_id || a.id - b.id);
        const refusals: Array<{ payout: (typeof chosen)[number]; error: AppError }> = [];
        let sum = 0;
        for (const payout of chosen) {
          try {
            sum += await approveWithin(records, actor, payout.id);
          } catch (error) {
            // A refusal of one is noted and the rest still checked, so the answer names every one; the
            // transaction is rolled back by the throw below. Anything else stops at once.
            if (!(error instanceof AppError) || error.statusCode !== 409) throw error;
            refusals.push({ payout, error });
          }
        }
        if (refusals.length > 0) {
          const details: ErrorDetail[] = refusals.map(({ payout, error }) => ({
            field: `ids.${input.ids.indexOf(payout.id)}`,
            code: `errors.${error.code}`,
            message: '',
            vars: error.vars,
          }));
          const names = [...new Set(refusals.map(({ payout }) => `${payout.first_name} ${payout.last_name}`))];
          throw new AppError(409, 'payouts_not_approvable', {
            vars: { count: refusals.length, chosen: input.ids.length, drivers: names.join(', ') },
            details,
          });
        }
        if (sum !== input.expected_total) throw new AppError(409, 'payouts_total_changed');
        return sum;
      });
      const rows = await repository(actor.companyId).findByIds(input.ids);
      const byId = new Map(rows.map((row) => [row.id, toPayout(row)]));
      return { count: rows.length, total, payouts: input.ids.flatMap((id) => byId.get(id) ?? []) };
    },

    /**
     * The month's payouts across every driver (`month` `YYYY-MM`, else the last complete month on the company's
     * clock): a row per driver who takes work (and any other with pay in the month), totals. A few reads in all.
     */
    async payroll(actor: CompanyActor, month: string | undefined): Promise<Payroll> {
      const reads = repository(actor.companyId);
      const timeZone = await reads.timeZone();
      const chosen = month ?? monthOf(todayIn(timeZone), -1);
      const { start, end } = monthPeriod(chosen);
      // A payout of the month starts at most MAX_PAYOUT_DAYS before its end: its days are read from there.
      const from = addDays(start, -MAX_PAYOUT_DAYS);
      return payrollOf({ month: chosen, first: start, last: end }, await reads.payrollReads({ from, first: start, last: end }, timeZone));
    },

    async statistics(actor: CompanyActor, driverId: number | undefined): Promise<PayoutStatistics[]> {
      if (driverId !== undefined && !(await findDriver(db, actor.companyId, driverId))) throw notFound();
      return repository(actor.companyId).statistics(driverId);
    },
  };
}
