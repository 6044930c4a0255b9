import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentType, insertDriver } from '../../../test/factories/drivers.ts';
import { insertTrip, insertTripPlaces } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createTenant } from '../../../test/kit.ts';
import { auditLog, driverDocuments, tripScheduleChanges, tripStatusHistory, trips } from '../../db/schema/index.ts';
import { addDays, dayAt } from '../../lib/dates.ts';
import { releaseIneligibleDrivers } from './trips.sweep.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** Noon on a calendar day in London (the test company's zone). */
const noonOn = (day: string) => new Date(`${day}T12:00:00Z`);

describe('the eligibility sweep', () => {
  it('takes a driver off the coming trips of the days they are no longer eligible, logs why, and does it once', async () => {
    const tenant = await createTenant(ctx);
    const companyId = tenant.company.id;
    const { terminal, yard } = await insertTripPlaces(ctx.db, companyId);
    const ends = { from_location_id: terminal.id, to_yard_id: yard.id };
    const licence = await insertDocumentType(ctx.db, companyId, { name: 'Licence', required: true, has_expiry: true });
    const today = dayAt(new Date(), 'Europe/London');
    const tomorrow = addDays(today, 1);
    // Anna's licence scan runs out tomorrow: she still drives tomorrow (the expiry day counts), not the day after.
    const { driver: anna } = await insertDriver(ctx.db, companyId, { first_name: 'Anna' });
    await ctx.db.insert(driverDocuments).values({
      company_id: companyId,
      driver_id: anna.id,
      document_type_id: licence.id,
      expiry_date: tomorrow,
      file_name: 'licence.pdf',
      stored_name: `${randomUUID()}.pdf`,
      content_type: 'application/pdf',
      size_bytes: 10,
    });
    const keeps = await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: noonOn(tomorrow), driver_id: anna.id });
    const loses = await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: noonOn(addDays(today, 2)), driver_id: anna.id });
    // Ben was rejected after being given a trip; a trip of his already past stays as it was.
    const { driver: ben } = await insertDriver(ctx.db, companyId, { first_name: 'Ben', approve_status: 'rejected' });
    await ctx.db.insert(driverDocuments).values({
      company_id: companyId,
      driver_id: ben.id,
      document_type_id: licence.id,
      expiry_date: null,
      file_name: 'licence.pdf',
      stored_name: `${randomUUID()}.pdf`,
      content_type: 'application/pdf',
      size_bytes: 10,
    });
    const bensNext = await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: noonOn(addDays(today, 3)), driver_id: ben.id });
    const bensPast = await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date(Date.now() - 3_600_000), driver_id: ben.id });

    expect(await releaseIneligibleDrivers(ctx.db)).toBeGreaterThanOrEqual(2);
    const state = async (id: number) => (await ctx.db.select().from(trips).where(eq(trips.id, id)))[0];
    expect(await state(keeps.id)).toMatchObject({ status: 'assigned', driver_id: anna.id });
    expect(await state(loses.id)).toMatchObject({ status: 'scheduled', driver_id: null, scheduled_at: loses.scheduled_at });
    expect(await state(bensNext.id)).toMatchObject({ status: 'scheduled', driver_id: null });
    expect(await state(bensPast.id)).toMatchObject({ status: 'assigned', driver_id: ben.id });

    const [change] = await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.trip_id, loses.id));
    expect(change).toMatchObject({
      reason: 'driver_not_eligible',
      unassigned_driver_id: anna.id,
      from_at: loses.scheduled_at,
      to_at: loses.scheduled_at,
      changed_by: null,
    });
    const [history] = await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, loses.id));
    expect(history).toMatchObject({ from_status: 'assigned', to_status: 'scheduled', note: 'driver_not_eligible', changed_by: null });
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'trip'), eq(auditLog.entity_id, String(loses.id))));
    expect(audit).toMatchObject({ action: 'update', actor_user_id: null });

    // Nothing left to do: a second round changes nothing.
    await releaseIneligibleDrivers(ctx.db);
    expect(await ctx.db.select().from(tripScheduleChanges).where(eq(tripScheduleChanges.trip_id, loses.id))).toHaveLength(1);
  });
});
