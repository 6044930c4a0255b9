import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentType, insertDriver } from '../../../test/factories/drivers.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createCompanyThroughApi, createTenant } from '../../../test/kit.ts';
import { driverDocuments } from '../../db/schema/index.ts';
import { addDays, todayIn } from '../../lib/dates.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const holds = (companyId: number, driverId: number, typeId: number, expiry: string | null) =>
  ctx.db.insert(driverDocuments).values({
    company_id: companyId,
    driver_id: driverId,
    document_type_id: typeId,
    expiry_date: expiry,
    file_name: 'scan.pdf',
    stored_name: randomUUID(),
    content_type: 'application/pdf',
    size_bytes: 1000,
  });

describe('GET /api/driver/documents/expiring/list', () => {
  it('lists the latest document per type and the licences expiring within the days asked, soonest first', async () => {
    const tenant = await createTenant(ctx);
    const companyId = tenant.company.id;
    const today = todayIn('Europe/London');
    const insurance = await insertDocumentType(ctx.db, companyId, { name: 'Insurance', required: true, has_expiry: true });
    const badge = await insertDocumentType(ctx.db, companyId, { name: 'Airside badge', required: false, has_expiry: true });
    const retired = await insertDocumentType(ctx.db, companyId, { name: 'Old permit', has_expiry: true, status: 0 });
    const { driver: kavin } = await insertDriver(ctx.db, companyId, {
      first_name: 'Kavin',
      last_name: 'Raj',
      licence_expiry: addDays(today, 12),
    });
    const { driver: meena } = await insertDriver(ctx.db, companyId, { first_name: 'Meena', last_name: 'Kumari' });
    const { driver: gone } = await insertDriver(ctx.db, companyId, { deleted_at: new Date() });
    await holds(companyId, kavin.id, insurance.id, addDays(today, 3));
    await holds(companyId, kavin.id, badge.id, addDays(today, 200));
    // Meena renewed her insurance: the old one expiring soon no longer matters.
    await holds(companyId, meena.id, insurance.id, addDays(today, 5));
    await holds(companyId, meena.id, insurance.id, addDays(today, 365));
    await holds(companyId, meena.id, badge.id, today);
    await holds(companyId, meena.id, retired.id, addDays(today, 2));
    await holds(companyId, gone.id, insurance.id, addDays(today, 1));
    // Already expired: eligibility says so; this list is of what is coming.
    await holds(companyId, kavin.id, retired.id, addDays(today, -1));

    const answer = await call(ctx.app, 'GET', '/api/driver/documents/expiring/list?time_zone=Europe/London', tenant.headers);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual([
      {
        driver_id: meena.id,
        driver_name: 'Meena Kumari',
        kind: 'document',
        document_type_id: badge.id,
        document_type_name: 'Airside badge',
        required: false,
        expiry_date: today,
        days_left: 0,
      },
      {
        driver_id: kavin.id,
        driver_name: 'Kavin Raj',
        kind: 'document',
        document_type_id: insurance.id,
        document_type_name: 'Insurance',
        required: true,
        expiry_date: addDays(today, 3),
        days_left: 3,
      },
      {
        driver_id: kavin.id,
        driver_name: 'Kavin Raj',
        kind: 'licence',
        document_type_id: null,
        document_type_name: null,
        required: true,
        expiry_date: addDays(today, 12),
        days_left: 12,
      },
    ]);
    const week = await call(ctx.app, 'GET', '/api/driver/documents/expiring/list?days=7&time_zone=Europe/London', tenant.headers);
    expect((week.body.data as unknown[]).length).toBe(2);
    expect((await call(ctx.app, 'GET', '/api/driver/documents/expiring/list?days=0', tenant.headers)).status).toBe(400);

    const other = await createCompanyThroughApi(ctx);
    expect((await call(ctx.app, 'GET', '/api/driver/documents/expiring/list', other.headers)).body.data).toEqual([]);
    const driverUser = await addUser(ctx, companyId, 'driver');
    expect((await call(ctx.app, 'GET', '/api/driver/documents/expiring/list', driverUser.headers)).status).toBe(403);
  });
});
