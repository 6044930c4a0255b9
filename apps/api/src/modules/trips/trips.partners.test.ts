import type { PartnerTrip, TripDetail } from '@ps/contracts';
import tripsEn from '@ps/contracts/locales/trips.en.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTripPlaces, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { companies, companyPartners } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Company = Tenant & { company: { id: number; name: string } };

/** A company with a terminal and a yard (London time), and the headers of its admin. */
async function company() {
  const tenant = (await createTenant(ctx)) as Company;
  const places = await insertTripPlaces(ctx.db, tenant.company.id);
  return { ...tenant, ...places };
}
type World = Awaited<ReturnType<typeof company>>;

/** `owner` lists `partner` as a partner (the super admin's partner_ids on the company, as a row). */
const listAsPartner = (owner: World, partner: World) =>
  ctx.db.insert(companyPartners).values({ company_id: owner.company.id, partner_company_id: partner.company.id });

async function addTrip(owner: World, body: Record<string, unknown> = {}) {
  return call(ctx.app, 'POST', '/api/trips/add', owner.headers, {
    type: 'in',
    from_location_id: owner.terminal.id,
    to_yard_id: owner.yard.id,
    scheduled_at: '2026-06-10T08:00:00Z',
    notes: 'Meet at arrivals door 3',
    ...body,
  });
}

async function partnerList(headers: Headers, query = '?date=2026-06-10') {
  const response = await call(ctx.app, 'GET', `/api/trips/partner/list${query}`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data as PartnerTrip[];
}

describe('trips given to a partner company', () => {
  it('the partner sees the trip given to it, with what the job needs and nothing of the owner’s money or crew', async () => {
    const owner = await company();
    const partner = await company();
    await listAsPartner(owner, partner);
    const added = await addTrip(owner, { partner_company_id: partner.company.id, driver_fee: 4000 });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const trip = added.body.data as TripDetail;
    expect(trip).toMatchObject({
      status: 'assigned',
      driver_id: null,
      partner_company_id: partner.company.id,
      partner_company_name: partner.company.name,
    });

    const seen = await partnerList(partner.headers);
    expect(seen).toEqual([
      {
        id: trip.id,
        company_id: owner.company.id,
        company_name: owner.company.name,
        type: 'in',
        status: 'assigned',
        scheduled_at: '2026-06-10T08:00:00.000Z',
        booking_reference: null,
        customer_name: null,
        customer_phone: null,
        vehicle_reg: null,
        vehicle_make: null,
        vehicle_model: null,
        vehicle_colour: null,
        flight: null,
        from_name: owner.terminal.name,
        to_name: owner.yard.name,
        notes: 'Meet at arrivals door 3',
      },
    ]);
    // The day is the partner's: another day has nothing.
    expect(await partnerList(partner.headers, '?date=2026-06-11')).toEqual([]);
  });

  it('nothing else of the owner reaches the partner: its other trips, and the shared trip itself through every other call, are a 404 or absent', async () => {
    const owner = await company();
    const partner = await company();
    await listAsPartner(owner, partner);
    const shared = (await addTrip(owner, { partner_company_id: partner.company.id })).body.data as TripDetail;
    const own = (await addTrip(owner, { scheduled_at: '2026-06-10T09:00:00Z' })).body.data as TripDetail;

    expect((await partnerList(partner.headers)).map((trip) => trip.id)).toEqual([shared.id]);
    for (const id of [shared.id, own.id]) {
      expect((await call(ctx.app, 'GET', `/api/trips/get/${id}`, partner.headers)).status).toBe(404);
      expect((await call(ctx.app, 'PATCH', `/api/trips/update/${id}`, partner.headers, { notes: 'mine' })).status).toBe(404);
      expect((await call(ctx.app, 'PATCH', `/api/trips/status/update/${id}`, partner.headers, { status: 'started' })).status).toBe(404);
      expect((await call(ctx.app, 'DELETE', `/api/trips/delete/${id}`, partner.headers)).status).toBe(404);
    }
    const partnersOwnList = await call(ctx.app, 'GET', '/api/trips/list?date=2026-06-10', partner.headers);
    expect(partnersOwnList.body.data).toEqual([]);
  });

  it('the other direction: a partner does not see the trips of the company that lists it, nor can it give trips to that company', async () => {
    const owner = await company();
    const partner = await company();
    await listAsPartner(owner, partner);
    // The partner's own trip, given to nobody: the owner sees nothing of it.
    await addTrip(partner);
    expect(await partnerList(owner.headers)).toEqual([]);
    // The partnership is directed: the partner does not list the owner, so it cannot give it a trip.
    const refused = await addTrip(partner, { partner_company_id: owner.company.id });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'trip_partner_invalid',
      message: tripsEn.errors.trip_partner_invalid,
      details: [{ field: 'partner_company_id' }],
    });
  });

  it('a company that is not a partner, an inactive partner and an unknown id are refused alike; a third company sees nothing', async () => {
    const owner = await company();
    const partner = await company();
    const stranger = await company();
    await listAsPartner(owner, partner);
    for (const id of [stranger.company.id, 999_999]) {
      expect((await addTrip(owner, { partner_company_id: id })).body).toMatchObject({ code: 'trip_partner_invalid' });
    }
    await ctx.db.update(companies).set({ status: 0 }).where(eq(companies.id, partner.company.id));
    expect((await addTrip(owner, { partner_company_id: partner.company.id })).body).toMatchObject({ code: 'trip_partner_invalid' });
    await ctx.db.update(companies).set({ status: 1 }).where(eq(companies.id, partner.company.id));

    await addTrip(owner, { partner_company_id: partner.company.id });
    expect(await partnerList(stranger.headers)).toEqual([]);
  });

  it('ending the partnership ends the sharing at once; listing the partner again shows the trip again', async () => {
    const owner = await company();
    const partner = await company();
    await listAsPartner(owner, partner);
    await addTrip(owner, { partner_company_id: partner.company.id });
    await ctx.db
      .delete(companyPartners)
      .where(and(eq(companyPartners.company_id, owner.company.id), eq(companyPartners.partner_company_id, partner.company.id)));
    expect(await partnerList(partner.headers)).toEqual([]);
    await listAsPartner(owner, partner);
    expect(await partnerList(partner.headers)).toHaveLength(1);
  });

  it('one runner: a driver and a partner together are refused; giving one takes the other off; taking the partner off schedules the trip again', async () => {
    const owner = await company();
    const partner = await company();
    await listAsPartner(owner, partner);
    const driver = await signedInDriver(ctx, owner.company.id, { first_name: 'Kavin', last_name: 'Raj' });

    const both = await addTrip(owner, { partner_company_id: partner.company.id, driver_id: driver.driver.id });
    expect(both.status).toBe(400);
    expect(both.body).toMatchObject({ details: [{ field: 'partner_company_id', code: 'validation.driverOrPartner' }] });

    const trip = (await addTrip(owner, { driver_id: driver.driver.id })).body.data as TripDetail;
    const toPartner = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, owner.headers, {
      partner_company_id: partner.company.id,
    });
    expect(toPartner.body.data).toMatchObject({ status: 'assigned', driver_id: null, partner_company_id: partner.company.id });
    const toDriver = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, owner.headers, { driver_id: driver.driver.id });
    expect(toDriver.body.data).toMatchObject({ status: 'assigned', driver_id: driver.driver.id, partner_company_id: null });
    await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, owner.headers, { partner_company_id: partner.company.id });
    const off = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, owner.headers, { partner_company_id: null });
    expect(off.body.data).toMatchObject({ status: 'scheduled', driver_id: null, partner_company_id: null });
    expect(await partnerList(partner.headers)).toEqual([]);

    // The office moves a partner's trip through its statuses like a driver's.
    await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, owner.headers, { partner_company_id: partner.company.id });
    const started = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, owner.headers, { status: 'started' });
    expect(started.body.data).toMatchObject({ status: 'started' });
    const done = await call(ctx.app, 'PATCH', `/api/trips/status/update/${trip.id}`, owner.headers, { status: 'completed' });
    expect(done.body.data).toMatchObject({ status: 'completed' });
    expect((await partnerList(partner.headers))[0]).toMatchObject({ status: 'completed' });
  });

  it('a driver cannot read the partner list', async () => {
    const owner = await company();
    const driver = await signedInDriver(ctx, owner.company.id, { first_name: 'Meena', last_name: 'Kumari' });
    expect((await call(ctx.app, 'GET', '/api/trips/partner/list', driver.headers)).status).toBe(403);
  });
});
