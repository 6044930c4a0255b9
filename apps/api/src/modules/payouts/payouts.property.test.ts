import { and, eq, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { insertAttendanceDay, insertCompletedTrip } from '../../../test/factories/payouts.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { attendance, payoutLines, payouts, trips } from '../../db/schema/index.ts';
import { amountFor } from './payouts.compute.ts';

/**
 * Model-based: random sequences of attendance days, trips, payouts, approvals, deletions and days paid by
 * hand run against the API and the database, beside a plain model of what should be paid. After every step
 * the database agrees with the model, and nothing is ever paid twice.
 */

const RATE = 1200;
const DAYS = 20;
const dayOf = (index: number) => `2026-05-${String(index + 1).padStart(2, '0')}`;

type Step =
  | { kind: 'day'; driver: number; day: number; minutes: number; status: 'present' | 'absent' | 'leave' }
  | { kind: 'trip'; driver: number; day: number; fee: number; completed: boolean }
  | { kind: 'payout'; driver: number; start: number; length: number }
  | { kind: 'approve'; payout: number }
  | { kind: 'delete'; payout: number }
  | { kind: 'deleteDay'; row: number }
  | { kind: 'paidByHand'; row: number };

const driverIndex = fc.integer({ min: 0, max: 1 });
const dayIndex = fc.integer({ min: 0, max: DAYS - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('day' as const),
      driver: driverIndex,
      day: dayIndex,
      minutes: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 5, arbitrary: fc.integer({ min: 30, max: 600 }) }),
      status: fc.constantFrom('present' as const, 'present' as const, 'absent' as const, 'leave' as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('trip' as const),
      driver: driverIndex,
      day: dayIndex,
      fee: fc.integer({ min: 0, max: 3000 }),
      completed: fc.boolean(),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('payout' as const),
      driver: driverIndex,
      start: dayIndex,
      length: fc.integer({ min: 0, max: DAYS - 1 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('approve' as const), payout: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), payout: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteDay' as const), row: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('paidByHand' as const), row: fc.nat() }) },
);

interface ModelDay {
  id: number;
  driver: number;
  day: string;
  minutes: number;
  status: string;
  paidBy: number | 'hand' | null;
}
interface ModelTrip {
  id: number;
  driver: number;
  day: string;
  fee: number;
  completed: boolean;
  paidBy: number | null;
}
interface ModelPayout {
  id: number;
  driver: number;
  start: string;
  end: string;
  status: 'draft' | 'approved' | 'deleted';
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe('payouts, model-based', () => {
  it('never pays a day or a trip twice, and approves exactly what the model says, over random sequences', async () => {
    // What the approvals answered over all runs: the sequences must have reached every case, or they proved little.
    const outcomes = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 12, maxLength: 40, size: 'max' }), async (steps) => {
        const tenant = await createTenant(ctx);
        const companyId = tenant.company.id;
        const driverIds: number[] = [];
        for (let i = 0; i < 2; i++) {
          const { driver } = await insertDriver(ctx.db, companyId);
          await insertDriverRate(ctx.db, companyId, driver.id, RATE, '2026-01-01');
          driverIds.push(driver.id);
        }
        const days: ModelDay[] = [];
        const tripRows: ModelTrip[] = [];
        const drafts: ModelPayout[] = [];
        const driverOf = (index: number) => driverIds[index] as number;

        const payable = (payout: ModelPayout) => ({
          days: days.filter(
            (d) =>
              d.driver === payout.driver &&
              d.day >= payout.start &&
              d.day <= payout.end &&
              d.status === 'present' &&
              d.minutes > 0 &&
              d.paidBy === null,
          ),
          trips: tripRows.filter(
            (t) => t.driver === payout.driver && t.day >= payout.start && t.day <= payout.end && t.completed && t.paidBy === null,
          ),
        });
        const overlapsApproved = (payout: ModelPayout) =>
          drafts.some(
            (other) =>
              other.id !== payout.id &&
              other.driver === payout.driver &&
              other.status === 'approved' &&
              other.start <= payout.end &&
              other.end >= payout.start,
          );

        for (const action of steps) {
          switch (action.kind) {
            case 'day': {
              const driver = driverOf(action.driver);
              const day = dayOf(action.day);
              if (days.some((d) => d.driver === driver && d.day === day)) break; // one row per driver and day
              const minutes = action.status === 'present' ? action.minutes : 0;
              const row = await insertAttendanceDay(ctx.db, companyId, driver, day, {
                worked_minutes: minutes,
                attendance_status: action.status,
              });
              days.push({ id: row.id, driver, day, minutes, status: action.status, paidBy: null });
              break;
            }
            case 'trip': {
              const driver = driverOf(action.driver);
              const day = dayOf(action.day);
              const row = await insertCompletedTrip(ctx.db, companyId, driver, new Date(`${day}T11:00:00Z`), {
                driver_fee: action.fee,
                status: action.completed ? 'completed' : 'assigned',
              });
              tripRows.push({ id: row.id, driver, day, fee: action.fee, completed: action.completed, paidBy: null });
              break;
            }
            case 'payout': {
              const start = dayOf(action.start);
              const end = dayOf(Math.min(action.start + action.length, DAYS - 1));
              const driver = driverOf(action.driver);
              const response = await call(ctx.app, 'POST', '/api/driver/payouts/add', tenant.headers, {
                driver_id: driver,
                period_start: start,
                period_end: end,
              });
              const candidate: ModelPayout = { id: 0, driver, start, end, status: 'draft' };
              if (overlapsApproved(candidate)) {
                expect(response.body.code).toBe('payout_overlaps');
                break;
              }
              expect(response.status).toBe(201);
              const expected = payable(candidate);
              const total =
                expected.days.reduce((sum, d) => sum + amountFor(d.minutes, RATE), 0) + expected.trips.reduce((sum, t) => sum + t.fee, 0);
              expect((response.body.data as { total: number }).total).toBe(total);
              drafts.push({ ...candidate, id: (response.body.data as { id: number }).id });
              break;
            }
            case 'approve': {
              const payout = drafts[action.payout % Math.max(drafts.length, 1)];
              if (!payout || payout.status === 'deleted') break;
              const response = await call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${payout.id}`, tenant.headers);
              outcomes.add(response.status === 200 ? 'approved' : String(response.body.code));
              const expected = payable(payout);
              if (payout.status === 'approved') expect(response.body.code).toBe('payout_approved');
              else if (overlapsApproved(payout)) expect(response.body.code).toBe('payout_overlaps');
              else if (expected.days.length + expected.trips.length === 0) expect(response.body.code).toBe('payout_nothing_to_pay');
              else {
                expect(response.status).toBe(200);
                payout.status = 'approved';
                for (const d of expected.days) d.paidBy = payout.id;
                for (const t of expected.trips) t.paidBy = payout.id;
              }
              break;
            }
            case 'delete': {
              const payout = drafts[action.payout % Math.max(drafts.length, 1)];
              if (!payout || payout.status === 'deleted') break;
              const response = await call(ctx.app, 'DELETE', `/api/driver/payouts/delete/${payout.id}`, tenant.headers);
              if (payout.status === 'approved') expect(response.body.code).toBe('payout_approved');
              else {
                expect(response.status).toBe(200);
                payout.status = 'deleted';
              }
              break;
            }
            case 'deleteDay': {
              // The attendance rules: a day on a payout is never deleted.
              const row = days[action.row % Math.max(days.length, 1)];
              if (!row || typeof row.paidBy === 'number') break;
              await ctx.db.delete(attendance).where(and(eq(attendance.id, row.id), isNull(attendance.payout_id)));
              days.splice(days.indexOf(row), 1);
              break;
            }
            case 'paidByHand': {
              const row = days[action.row % Math.max(days.length, 1)];
              if (!row || row.paidBy !== null) break;
              await ctx.db
                .update(attendance)
                .set({ paid_status: 'paid' })
                .where(and(eq(attendance.id, row.id), isNull(attendance.payout_id)));
              row.paidBy = 'hand';
              break;
            }
          }

          // After every step: the database pays exactly what the model pays, each row at most once.
          const dbDays = await ctx.db.select().from(attendance).where(eq(attendance.company_id, companyId));
          expect(new Map(dbDays.map((d) => [d.id, d.payout_id]))).toEqual(
            new Map(days.map((d) => [d.id, typeof d.paidBy === 'number' ? d.paidBy : null])),
          );
          const dbTrips = await ctx.db.select().from(trips).where(eq(trips.company_id, companyId));
          expect(new Map(dbTrips.map((t) => [t.id, t.payout_id]))).toEqual(new Map(tripRows.map((t) => [t.id, t.paidBy])));
          const lines = await ctx.db.select().from(payoutLines).where(eq(payoutLines.company_id, companyId));
          const sources = lines.map((line) => (line.attendance_id === null ? `trip ${line.trip_id}` : `day ${line.attendance_id}`));
          expect(new Set(sources).size).toBe(sources.length);
          const approved = await ctx.db
            .select()
            .from(payouts)
            .where(and(eq(payouts.company_id, companyId), eq(payouts.status, 'approved')));
          for (const payout of approved) {
            expect(lines.filter((line) => line.payout_id === payout.id).reduce((sum, line) => sum + line.amount, 0)).toBe(payout.total);
            const clash = approved.find(
              (other) =>
                other.id !== payout.id &&
                other.driver_id === payout.driver_id &&
                other.period_start <= payout.period_end &&
                other.period_end >= payout.period_start,
            );
            expect(clash).toBeUndefined();
          }
        }
      }),
      {
        numRuns: 50,
        // A sequence that reaches every approval outcome runs first, whatever the random ones reach: two overlapping
        // drafts (the second is refused), an approval twice, and a payout with nothing to pay.
        examples: [
          [
            [
              { kind: 'day', driver: 0, day: 0, minutes: 300, status: 'present' },
              { kind: 'day', driver: 0, day: 6, minutes: 240, status: 'present' },
              { kind: 'payout', driver: 0, start: 0, length: 4 },
              { kind: 'payout', driver: 0, start: 3, length: 5 },
              { kind: 'approve', payout: 0 },
              { kind: 'approve', payout: 1 },
              { kind: 'approve', payout: 0 },
              { kind: 'payout', driver: 1, start: 10, length: 0 },
              { kind: 'approve', payout: 2 },
            ],
          ],
        ],
      },
    );
    expect([...outcomes].sort()).toEqual(['approved', 'payout_approved', 'payout_nothing_to_pay', 'payout_overlaps']);
  }, 240_000);
});
