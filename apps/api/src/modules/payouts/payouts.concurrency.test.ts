import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDriver, insertDriverRate } from '../../../test/factories/drivers.ts';
import { insertAttendanceDay, insertCompletedTrip } from '../../../test/factories/payouts.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';
import { attendance, payoutLines, payouts } from '../../db/schema/index.ts';

/**
 * Approvals at the same moment on separate PostgreSQL connections (the pool). PGlite has one connection, so
 * these run on PostgreSQL only; the property test (payouts.property.test.ts) covers sequences on both.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('payout approvals under concurrent requests (PostgreSQL)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx?.close());

  async function driverWithMay() {
    const tenant = await createTenant(ctx);
    const { driver } = await insertDriver(ctx.db, tenant.company.id);
    await insertDriverRate(ctx.db, tenant.company.id, driver.id, 1200, '2026-01-01');
    const days = [];
    for (let day = 1; day <= 20; day++) {
      days.push(await insertAttendanceDay(ctx.db, tenant.company.id, driver.id, `2026-05-${String(day).padStart(2, '0')}`));
    }
    await insertCompletedTrip(ctx.db, tenant.company.id, driver.id, new Date('2026-05-10T12:00:00Z'));
    return { tenant, driver, days };
  }
  const draft = async (tenant: Awaited<ReturnType<typeof createTenant>>, driverId: number, start: string, end: string) => {
    const response = await call(ctx.app, 'POST', '/api/driver/payouts/add', tenant.headers, {
      driver_id: driverId,
      period_start: start,
      period_end: end,
    });
    expect(response.status).toBe(201);
    return (response.body.data as { id: number }).id;
  };

  it('approves one payout once when ten approvals of it arrive together', async () => {
    const { tenant, driver, days } = await driverWithMay();
    const id = await draft(tenant, driver.id, '2026-05-01', '2026-05-31');
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${id}`, tenant.headers)),
    );
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    expect(responses.filter((response) => response.status === 409).map((response) => response.body.code)).toEqual(
      Array(9).fill('payout_approved'),
    );
    const lines = await ctx.db.select().from(payoutLines).where(eq(payoutLines.payout_id, id));
    expect(lines).toHaveLength(21);
    const paid = await ctx.db
      .select()
      .from(attendance)
      .where(
        inArray(
          attendance.id,
          days.map((day) => day.id),
        ),
      );
    expect(paid.every((day) => day.payout_id === id && day.paid_status === 'paid')).toBe(true);
  });

  it('never approves two overlapping payouts of a driver, whichever comes first, over many races', async () => {
    for (let race = 0; race < 8; race++) {
      const { tenant, driver, days } = await driverWithMay();
      // Three drafts sharing 10 May with each other, approved all at once.
      const ids = [
        await draft(tenant, driver.id, '2026-05-01', '2026-05-10'),
        await draft(tenant, driver.id, '2026-05-10', '2026-05-20'),
        await draft(tenant, driver.id, '2026-05-05', '2026-05-15'),
      ];
      const responses = await Promise.all(ids.map((id) => call(ctx.app, 'PATCH', `/api/driver/payouts/approve/${id}`, tenant.headers)));
      const approvedIds = ids.filter((_, index) => responses[index]?.status === 200);
      expect(approvedIds).toHaveLength(1);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(409);
        expect(response.body.code).toBe('payout_overlaps');
      }
      const approved = await ctx.db.select().from(payouts).where(eq(payouts.status, 'approved'));
      const winner = approved.find((payout) => payout.id === approvedIds[0]);
      expect(winner).toBeDefined();
      // Exactly the winner's days are paid, by it, and each once.
      const rows = await ctx.db
        .select()
        .from(attendance)
        .where(
          inArray(
            attendance.id,
            days.map((day) => day.id),
          ),
        );
      for (const row of rows) {
        const inWinner = winner !== undefined && row.day >= winner.period_start && row.day <= winner.period_end;
        expect(row.payout_id).toBe(inWinner ? winner?.id : null);
      }
      const lines = await ctx.db.select().from(payoutLines).where(inArray(payoutLines.payout_id, ids));
      expect(new Set(lines.map((line) => line.attendance_id ?? `trip ${line.trip_id}`)).size).toBe(lines.length);
    }
  });
});
