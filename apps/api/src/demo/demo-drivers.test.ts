import { asc, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bootstrapDatabase } from '../bootstrap.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { attendance, documentTypes, drivers as driverProfiles, trips } from '../db/schema/index.ts';
import { addDays } from '../lib/dates.ts';
import { createAttendanceService } from '../modules/attendance/attendance.service.ts';
import { expiringBetween } from '../modules/driver-documents/driver-documents.repository.ts';
import { ratesInForce } from '../modules/driver-rates/driver-rates.repository.ts';
import { eligibilityOn } from '../modules/drivers/drivers.eligibility.ts';
import { createDriversRepository } from '../modules/drivers/drivers.repository.ts';
import { seedDemoAttendance } from './demo-drivers.ts';

let database: Database | undefined;
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('demo drivers', () => {
  it('gives the demo company document types and four drivers: one kept off trips by missing documents, one taking trips', async () => {
    database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 1000 });
    await bootstrapDatabase(database, loadConfig({ DATA_DIR: 'memory://' }));
    const db = database.db;
    const types = await db.select().from(documentTypes);
    expect(types.map((type) => [type.name, type.required, type.has_expiry])).toEqual([
      ['Driving licence', true, true],
      ['Insurance certificate', true, true],
      ['Photo ID', false, false],
    ]);
    const companyId = types[0]?.company_id ?? 0;
    const drivers = createDriversRepository(db, companyId);
    const { rows } = await drivers.list({ page: 1, page_size: 10, sort: 'first_name' });
    expect(rows.map((row) => [row.first_name, row.approve_status, row.email])).toEqual([
      ['Arun', 'approved', 'arun.prakash@example.com'],
      ['Kavin', 'approved', 'kavin.raj@example.com'],
      ['Meena', 'pending', 'meena.kumari@example.com'],
      ['Tom', 'rejected', 'tom.fletcher@example.com'],
    ]);
    const [arun, kavin] = rows;
    if (!kavin || !arun) throw new Error('no demo driver');
    // Arun holds both documents and takes the first meet-and-greet trip; his licence scan runs out within 30 days.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());
    expect((await eligibilityOn(db, companyId, [arun], today)).get(arun.id)).toEqual({ eligible: true, reasons: [] });
    const expiring = await expiringBetween(db, companyId, today, addDays(today, 30));
    expect(expiring.map((row) => [row.driver_name, row.document_type_name])).toEqual([['Arun Prakash', 'Driving licence']]);
    const assigned = await db.select().from(trips).where(eq(trips.driver_id, arun.id));
    expect(assigned.map((trip) => [trip.type, trip.status])).toEqual([['in', 'assigned']]);
    expect((await ratesInForce(db, companyId, [kavin.id], '2026-11-24')).get(kavin.id)?.price_per_hour).toBe(1450);
    const eligibility = await eligibilityOn(db, companyId, [kavin], '2026-11-24');
    expect(eligibility.get(kavin.id)?.reasons.map((reason) => [reason.code, reason.document_type_name])).toEqual([
      ['document_missing', 'Driving licence'],
      ['document_missing', 'Insurance certificate'],
    ]);

    // Last month's weekdays: present, the first half paid by hand, the rest unpaid, the last Friday on leave.
    const days = await db.select().from(attendance).where(eq(attendance.driver_id, kavin.id)).orderBy(asc(attendance.day));
    expect(days.length).toBeGreaterThanOrEqual(20);
    expect(days.every((day) => [1, 2, 3, 4, 5].includes(new Date(`${day.day}T00:00:00Z`).getUTCDay()))).toBe(true);
    expect(new Set(days.map((day) => day.day.slice(0, 7))).size).toBe(1);
    expect(days.filter((day) => day.attendance_status === 'leave')).toHaveLength(1);
    const unpaid = await createAttendanceService(db).paidDetails({ companyId, actorUserId: 0, driverId: null }, { driver_id: kavin.id });
    expect(unpaid[0]?.unpaid_days).toBeGreaterThan(0);
    expect(unpaid[0]?.paid_days).toBeGreaterThan(0);
    expect(unpaid[0]?.unpaid_amount).toBeGreaterThan(0);
    expect(unpaid[0]?.days_without_rate).toBe(0);
  });

  it("puts the shifts on the company's clock across a clock change: October 2026 in London", async () => {
    database = await openDatabase({ dataDir: 'memory://', connectTimeoutMs: 1000 });
    await bootstrapDatabase(database, loadConfig({ DATA_DIR: 'memory://' }));
    const db = database.db;
    const [kavin] = await db.select().from(driverProfiles).where(eq(driverProfiles.first_name, 'Kavin'));
    if (!kavin) throw new Error('no demo driver');
    await db.delete(attendance);
    await seedDemoAttendance(db, kavin.company_id, kavin.id, new Date('2026-11-10T12:00:00Z'));
    const october = await db.select().from(attendance).where(eq(attendance.driver_id, kavin.id));
    const byDay = Object.fromEntries(october.map((day) => [day.day, day]));
    expect(Object.keys(byDay)).toHaveLength(22);
    // Monday 19 October is summer time (UTC+1), Monday 26 October winter time (UTC+0): 08:00 to 16:30 both.
    expect(byDay['2026-10-19']).toMatchObject({ worked_minutes: 510, paid_status: 'unpaid', attendance_status: 'present' });
    expect(byDay['2026-10-19']?.start_at?.toISOString()).toBe('2026-10-19T07:00:00.000Z');
    expect(byDay['2026-10-26']?.start_at?.toISOString()).toBe('2026-10-26T08:00:00.000Z');
    expect(byDay['2026-10-26']?.end_at?.toISOString()).toBe('2026-10-26T16:30:00.000Z');
    // Thursday 1 October: 09:00 to 17:30, paid by hand.
    expect(byDay['2026-10-01']).toMatchObject({ paid_status: 'paid', worked_minutes: 510 });
    expect(byDay['2026-10-30']).toMatchObject({ attendance_status: 'leave', start_at: null, worked_minutes: 0, notes: 'Annual leave' });
  });
});
