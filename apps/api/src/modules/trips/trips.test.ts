import type { TripDetail, TripMovement, TripStatistics, TripStatusOption } from '@ps/contracts';
import driversEn from '@ps/contracts/locales/drivers.en.json' with { type: 'json' };
import driversTa from '@ps/contracts/locales/drivers.ta.json' with { type: 'json' };
import tripsEn from '@ps/contracts/locales/trips.en.json' with { type: 'json' };
import tripsTa from '@ps/contracts/locales/trips.ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDocumentType } from '../../../test/factories/drivers.ts';
import { createPlace, createYard } from '../../../test/factories/places.ts';
import { insertTrip, insertTripPlaces, signedInDriver } from '../../../test/factories/trips.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Headers, type Tenant } from '../../../test/kit.ts';
import { auditLog, companies, driverDocuments, tripStatusHistory, trips } from '../../db/schema/index.ts';
import { DRIVER_BUSY_WINDOW_MINUTES, driverIsFree } from './trips.rules.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Company = Tenant & { company: { id: number } };
type World = Awaited<ReturnType<typeof makeWorld>>;

/** A company (trip fee 1250) with a terminal, a yard, an eligible driver signed in and a second one. */
async function makeWorld() {
  const tenant = (await createTenant(ctx)) as Company;
  await ctx.db.update(companies).set({ trip_fee: 1250 }).where(eq(companies.id, tenant.company.id));
  const places = await insertTripPlaces(ctx.db, tenant.company.id);
  const first = await signedInDriver(ctx, tenant.company.id, { first_name: 'Kavin', last_name: 'Raj' });
  const second = await signedInDriver(ctx, tenant.company.id, { first_name: 'Meena', last_name: 'Kumari' });
  return { tenant, ...places, first, second };
}

const inBody = (world: World, overrides: Record<string, unknown> = {}) => ({
  type: 'in',
  from_location_id: world.terminal.id,
  to_yard_id: world.yard.id,
  scheduled_at: '2026-06-10T08:00:00Z',
  ...overrides,
});

async function addTrip(world: World, overrides: Record<string, unknown> = {}): Promise<TripDetail> {
  const response = await call(ctx.app, 'POST', '/api/trips/add', world.tenant.headers, inBody(world, overrides));
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as TripDetail;
}

const get = (headers: Headers, id: number) => call(ctx.app, 'GET', `/api/trips/get/${id}`, headers);
const list = async (headers: Headers, query = '') => {
  const response = await call(ctx.app, 'GET', `/api/trips/list${query}`, headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: TripDetail[]; pagination: { total: number } };
};
const setStatus = (headers: Headers, id: number, body: Record<string, unknown>) =>
  call(ctx.app, 'PATCH', `/api/trips/status/update/${id}`, headers, body);
const correct = (headers: Headers, id: number, body: Record<string, unknown>) =>
  call(ctx.app, 'PATCH', `/api/trips/status/update/admin/${id}`, headers, body);
const auditOf = (companyId: number, entity: string) =>
  ctx.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.company_id, companyId), eq(auditLog.entity, entity)));

describe('adding, reading, changing and deleting trips', () => {
  it('adds a scheduled trip with the company trip fee, the places named, its history and an audit entry', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { notes: '  Keys at the desk ' });
    expect(trip).toMatchObject({
      type: 'in',
      status: 'scheduled',
      scheduled_at: '2026-06-10T08:00:00.000Z',
      from_location_id: world.terminal.id,
      from_yard_id: null,
      from_name: world.terminal.name,
      to_yard_id: world.yard.id,
      to_name: world.yard.name,
      driver_id: null,
      driver_name: null,
      driver_fee: 1250,
      notes: 'Keys at the desk',
      booking_id: null,
      payout_id: null,
    });
    expect(trip.status_history.map((entry) => [entry.from_status, entry.to_status])).toEqual([[null, 'scheduled']]);
    const entries = await auditOf(world.tenant.company.id, 'trip');
    expect(entries.map((entry) => [entry.action, entry.entity_id])).toEqual([['create', String(trip.id)]]);
    expect((await get(world.tenant.headers, trip.id)).body.data).toEqual(trip);
  });

  it('adds an assigned trip when it comes with an eligible driver, with a fee of its own', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id, driver_fee: 900 });
    expect(trip).toMatchObject({ status: 'assigned', driver_id: world.first.driver.id, driver_name: 'Kavin Raj', driver_fee: 900 });
  });

  it('refuses bad bodies with a detail per field, and writes nothing', async () => {
    const world = await makeWorld();
    const neither = await call(ctx.app, 'POST', '/api/trips/add', world.tenant.headers, {
      type: 'in',
      to_location_id: world.terminal.id,
      to_yard_id: world.yard.id,
      scheduled_at: 'tomorrow',
      company_id: 3,
    });
    expect(neither.status).toBe(400);
    const fields = (neither.body.details as Array<{ field: string }>).map((detail) => detail.field).sort();
    expect(fields).toEqual(['company_id', 'from_location_id', 'scheduled_at', 'to_yard_id']);
    const stranger = await createTenant(ctx);
    const otherPlace = await createPlace(ctx.db, stranger.company.id, { type: 'terminal' });
    const foreign = await call(ctx.app, 'POST', '/api/trips/add', world.tenant.headers, inBody(world, { from_location_id: otherPlace.id }));
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toEqual([expect.objectContaining({ field: 'from_location_id' })]);
    const unknownDriver = await call(ctx.app, 'POST', '/api/trips/add', world.tenant.headers, inBody(world, { driver_id: 2_000_000 }));
    expect(unknownDriver.status).toBe(400);
    expect(unknownDriver.body.details).toEqual([expect.objectContaining({ field: 'driver_id' })]);
    expect(await ctx.db.select().from(trips).where(eq(trips.company_id, world.tenant.company.id))).toEqual([]);
  });

  it('changes a trip: naming a yard start clears the location, a new time, notes; audited before and after', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world);
    const otherYard = await createYard(ctx.db, world.tenant.company.id);
    const changed = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, {
      from_yard_id: otherYard.id,
      scheduled_at: '2026-06-10T09:15:00+01:00',
      notes: 'Moved',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({
      from_location_id: null,
      from_yard_id: otherYard.id,
      from_name: otherYard.name,
      scheduled_at: '2026-06-10T08:15:00.000Z',
      notes: 'Moved',
    });
    const [entry] = (await auditOf(world.tenant.company.id, 'trip')).filter((row) => row.action === 'update');
    expect(entry?.changes).toMatchObject({
      from_location_id: { from: world.terminal.id, to: null },
      from_yard_id: { from: null, to: otherYard.id },
      scheduled_at: { from: '2026-06-10T08:00:00.000Z', to: '2026-06-10T08:15:00.000Z' },
    });
    const empty = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, {});
    expect(empty.status).toBe(400);
    const both = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, {
      to_location_id: world.terminal.id,
      to_yard_id: world.yard.id,
    });
    expect(both.status).toBe(400);
  });

  it('assigns with driver_id (scheduled -> assigned) and takes the driver off with null (-> scheduled), in the history', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world);
    const assigned = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, {
      driver_id: world.first.driver.id,
    });
    expect(assigned.body.data).toMatchObject({ status: 'assigned', driver_id: world.first.driver.id });
    const cleared = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, { driver_id: null });
    expect(cleared.body.data).toMatchObject({ status: 'scheduled', driver_id: null, driver_name: null });
    expect((cleared.body.data as TripDetail).status_history.map((entry) => entry.to_status)).toEqual([
      'scheduled',
      'assigned',
      'scheduled',
    ]);
  });

  it('keeps a started, finished or cancelled trip planned as it was (only fee and notes change), and it stays on record', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    await setStatus(world.tenant.headers, trip.id, { status: 'started' });
    const moved = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, {
      scheduled_at: '2026-06-10T10:00:00Z',
    });
    expect(moved.status).toBe(409);
    expect(moved.body).toMatchObject({ code: 'trip_closed', message: 'This trip is Started: it can no longer be changed.' });
    const fee = await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, { driver_fee: 1500, notes: 'Tolls' });
    expect(fee.body.data).toMatchObject({ driver_fee: 1500, notes: 'Tolls' });
    const removal = await call(ctx.app, 'DELETE', `/api/trips/delete/${trip.id}`, world.tenant.headers);
    expect(removal.status).toBe(409);
    expect(removal.body.code).toBe('trip_in_use');
  });

  it('deletes a trip that never happened, with its history, audited', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world);
    const removal = await call(ctx.app, 'DELETE', `/api/trips/delete/${trip.id}`, world.tenant.headers);
    expect(removal.status).toBe(200);
    expect((await get(world.tenant.headers, trip.id)).status).toBe(404);
    expect(await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, trip.id))).toEqual([]);
    expect((await auditOf(world.tenant.company.id, 'trip')).map((entry) => entry.action).sort()).toEqual(['create', 'delete']);
  });

  it('refuses any change to a trip a payout has paid (409), and its deletion', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    await setStatus(world.tenant.headers, trip.id, { status: 'started' });
    await setStatus(world.tenant.headers, trip.id, { status: 'completed' });
    await ctx.db.update(trips).set({ payout_id: 77 }).where(eq(trips.id, trip.id));
    for (const response of [
      await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, world.tenant.headers, { driver_fee: 1 }),
      await call(ctx.app, 'DELETE', `/api/trips/delete/${trip.id}`, world.tenant.headers),
      await correct(world.tenant.headers, trip.id, { status: 'started', reason: 'Not finished' }),
      await call(ctx.app, 'POST', '/api/trips/movement', world.tenant.headers, { trip_id: trip.id, yard_id: world.yard.id }),
    ]) {
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('trip_paid');
    }
    expect((await get(world.tenant.headers, trip.id)).body.data).toMatchObject({ status: 'completed', driver_fee: 1250, payout_id: 77 });
  });
});

describe('the trips list', () => {
  it('answers a day in the request time zone, with filters, search, sort and paging', async () => {
    const world = await makeWorld();
    const companyId = world.tenant.company.id;
    const ends = { from_location_id: world.terminal.id, to_yard_id: world.yard.id };
    // 23:30 UTC on the 10th is 05:00 on the 11th in Colombo.
    const late = await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-06-10T23:30:00Z') });
    const early = await insertTrip(ctx.db, companyId, {
      ...ends,
      scheduled_at: new Date('2026-06-11T02:00:00Z'),
      driver_id: world.first.driver.id,
      type: 'out',
    });
    const other = await insertTrip(ctx.db, companyId, {
      ...ends,
      scheduled_at: new Date('2026-06-11T15:00:00Z'),
      driver_id: world.second.driver.id,
    });
    await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-06-12T08:00:00Z'), status: 'cancelled' });
    const ids = (body: { data: TripDetail[] }) => body.data.map((trip) => trip.id);

    const colombo = await list(world.tenant.headers, '?date=2026-06-11&time_zone=Asia/Colombo');
    expect(ids(colombo)).toEqual([late.id, early.id, other.id]);
    expect(colombo.pagination.total).toBe(3);
    expect(ids(await list(world.tenant.headers, '?date=2026-06-10&time_zone=UTC'))).toEqual([late.id]);
    expect(ids(await list(world.tenant.headers, '?date=2026-06-11&time_zone=Asia/Colombo&unassigned=1'))).toEqual([late.id]);
    expect(ids(await list(world.tenant.headers, `?driver_id=${world.second.driver.id}`))).toEqual([other.id]);
    expect(ids(await list(world.tenant.headers, '?status=assigned,cancelled&sort=-scheduled_at')).length).toBe(3);
    expect(ids(await list(world.tenant.headers, '?type=out'))).toEqual([early.id]);
    expect(ids(await list(world.tenant.headers, '?search=kumari'))).toEqual([other.id]);
    const paged = await list(world.tenant.headers, '?from=2026-06-10&to=2026-06-12&time_zone=UTC&page=2&page_size=2&sort=-scheduled_at');
    expect(ids(paged)).toEqual([early.id, late.id]);
    expect(paged.pagination.total).toBe(4);
    expect(paged.data[0]).toMatchObject({ driver_name: 'Kavin Raj', from_name: world.terminal.name, to_name: world.yard.name });

    for (const query of [
      '?date=2026-02-30',
      '?from=2026-06-12&to=2026-06-10',
      '?date=2026-06-10&from=2026-06-10',
      '?time_zone=Mars/Olympus',
      '?sort=payout_id',
    ]) {
      expect((await call(ctx.app, 'GET', `/api/trips/list${query}`, world.tenant.headers)).status, query).toBe(400);
    }
  });
});

describe('eligibility and availability when a driver is given a trip', () => {
  it('names every reason a driver cannot take it, in English and Tamil, and assigns nothing', async () => {
    const world = await makeWorld();
    const companyId = world.tenant.company.id;
    const licence = await insertDocumentType(ctx.db, companyId, { name: 'Driving licence', required: true, has_expiry: true });
    const insurance = await insertDocumentType(ctx.db, companyId, { name: 'Insurance', required: true, has_expiry: true });
    const document = (driverId: number, typeId: number, expiry: string) => ({
      company_id: companyId,
      driver_id: driverId,
      document_type_id: typeId,
      expiry_date: expiry,
      file_name: 'scan.pdf',
      stored_name: `${crypto.randomUUID()}.pdf`,
      content_type: 'application/pdf' as const,
      size_bytes: 100,
    });
    // Licence valid on the trip's day (its last day), insurance expired the day before.
    await ctx.db
      .insert(driverDocuments)
      .values([document(world.first.driver.id, licence.id, '2026-06-10'), document(world.first.driver.id, insurance.id, '2026-06-09')]);
    const trip = await addTrip(world);
    const assign = (headers: Headers, driverId: number) =>
      call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, headers, { driver_id: driverId });

    const expired = await assign(world.tenant.headers, world.first.driver.id);
    expect(expired.status).toBe(409);
    expect(expired.body).toMatchObject({
      code: 'driver_not_eligible',
      message: driversEn.errors.driver_not_eligible.replace('{{reasons}}', 'Insurance expired on 9 June 2026'),
      details: [expect.objectContaining({ field: 'driver_id' })],
    });
    const tamil = await assign({ ...world.tenant.headers, 'accept-language': 'ta' }, world.first.driver.id);
    expect(tamil.body.message).toBe(
      driversTa.errors.driver_not_eligible.replace(
        '{{reasons}}',
        tripsTa.tripEligibility.document_expired.replace('{{name}}', 'Insurance').replace('{{date}}', '9 ஜூன், 2026'),
      ),
    );

    const missing = await assign(world.tenant.headers, world.second.driver.id);
    expect(missing.body.message).toBe('This driver cannot take trips: Driving licence is missing; Insurance is missing.');

    const pending = await signedInDriver(ctx, companyId, { approve_status: 'pending', status: 0 });
    await ctx.db
      .insert(driverDocuments)
      .values([document(pending.driver.id, licence.id, '2030-01-01'), document(pending.driver.id, insurance.id, '2030-01-01')]);
    const unapproved = await assign(world.tenant.headers, pending.driver.id);
    expect(unapproved.body.message).toBe(
      `This driver cannot take trips: ${tripsEn.tripEligibility.not_approved}; ${tripsEn.tripEligibility.inactive}.`,
    );
    expect((await get(world.tenant.headers, trip.id)).body.data).toMatchObject({ status: 'scheduled', driver_id: null });
  });

  it('reads the trip day in the request time zone for an expiry', async () => {
    const world = await makeWorld();
    const companyId = world.tenant.company.id;
    const licence = await insertDocumentType(ctx.db, companyId, { name: 'Licence', required: true, has_expiry: true });
    await ctx.db.insert(driverDocuments).values({
      company_id: companyId,
      driver_id: world.first.driver.id,
      document_type_id: licence.id,
      expiry_date: '2026-06-10',
      file_name: 'licence.pdf',
      stored_name: `${crypto.randomUUID()}.pdf`,
      content_type: 'application/pdf',
      size_bytes: 10,
    });
    // 20:00 UTC on the 10th is already the 11th in Colombo: the licence has expired there.
    const body = inBody(world, { scheduled_at: '2026-06-10T20:00:00Z', driver_id: world.first.driver.id });
    const colombo = await call(ctx.app, 'POST', '/api/trips/add?time_zone=Asia/Colombo', world.tenant.headers, body);
    expect(colombo.status).toBe(409);
    expect(colombo.body.message).toBe('This driver cannot take trips: Licence expired on 10 June 2026.');
    const london = await call(ctx.app, 'POST', '/api/trips/add?time_zone=Europe/London', world.tenant.headers, body);
    expect(london.status).toBe(201);
  });

  it(`refuses a driver with another trip less than ${DRIVER_BUSY_WINDOW_MINUTES} minutes away (409 driver_busy)`, async () => {
    const world = await makeWorld();
    const driverId = world.first.driver.id;
    await addTrip(world, { driver_id: driverId, scheduled_at: '2026-06-10T08:00:00Z' });
    const close = await call(
      ctx.app,
      'POST',
      '/api/trips/add',
      world.tenant.headers,
      inBody(world, { driver_id: driverId, scheduled_at: '2026-06-10T08:59:00Z' }),
    );
    expect(close.status).toBe(409);
    expect(close.body).toMatchObject({ code: 'driver_busy', message: 'Kavin Raj already has a trip less than 60 minutes from this one.' });
    const tamil = await call(
      ctx.app,
      'POST',
      '/api/trips/add',
      { ...world.tenant.headers, 'accept-language': 'ta' },
      inBody(world, { driver_id: driverId, scheduled_at: '2026-06-10T07:30:00Z' }),
    );
    expect(tamil.body.message).toBe(tripsTa.errors.driver_busy.replace('{{driver}}', 'Kavin Raj').replace('{{minutes}}', '60'));
    const hourLater = await addTrip(world, { driver_id: driverId, scheduled_at: '2026-06-10T09:00:00Z' });
    expect(hourLater.status).toBe('assigned');
    // Moving the later trip closer is checked too; a cancelled trip keeps nobody busy.
    const moved = await call(ctx.app, 'PATCH', `/api/trips/update/${hourLater.id}`, world.tenant.headers, {
      scheduled_at: '2026-06-10T08:30:00Z',
    });
    expect(moved.body.code).toBe('driver_busy');
    await setStatus(world.tenant.headers, hourLater.id, { status: 'cancelled' });
    const actor = { companyId: world.tenant.company.id, actorUserId: world.tenant.user.id, driverId: null };
    expect(await driverIsFree(ctx.db, actor, driverId, new Date('2026-06-10T09:00:00Z'))).toBe(true);
    expect(await driverIsFree(ctx.db, actor, driverId, new Date('2026-06-10T08:10:00Z'))).toBe(false);
  });
});

describe('status moves', () => {
  it('lists the statuses in the caller language with their moves', async () => {
    const world = await makeWorld();
    for (const [language, catalogue] of [
      ['en', tripsEn],
      ['ta', tripsTa],
    ] as const) {
      const response = await call(ctx.app, 'GET', '/api/trips/status/list', { ...world.first.headers, 'accept-language': language });
      expect(response.status).toBe(200);
      expect((response.body.data as TripStatusOption[]).map((option) => [option.value, option.label])).toEqual(
        Object.entries(catalogue.tripStatuses),
      );
    }
    const options = (await call(ctx.app, 'GET', '/api/trips/status/list', world.tenant.headers)).body.data as TripStatusOption[];
    expect(options.find((option) => option.value === 'assigned')).toEqual({
      value: 'assigned',
      label: 'Assigned',
      next: ['scheduled', 'started', 'cancelled'],
      driver_next: ['started'],
    });
  });

  it('lets the driver start and complete their own trip, each move in the history with its note', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const started = await setStatus(world.first.headers, trip.id, { status: 'started', note: 'Car collected' });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const completed = await setStatus(world.first.headers, trip.id, { status: 'completed' });
    const history = (completed.body.data as TripDetail).status_history;
    expect(history.map((entry) => [entry.from_status, entry.to_status, entry.note, entry.changed_by])).toEqual([
      [null, 'assigned', null, world.tenant.user.id],
      ['assigned', 'started', 'Car collected', world.first.user.id],
      ['started', 'completed', null, world.first.user.id],
    ]);
  });

  it('records a move a phone kept offline at the time it happened, never at a time still to come', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const tappedAt = new Date(Date.now() - 40 * 60_000).toISOString();
    const future = await setStatus(world.first.headers, trip.id, {
      status: 'started',
      at: new Date(Date.now() + 60 * 60_000).toISOString(),
    });
    expect(future.status).toBe(400);
    expect(future.body.details).toEqual([expect.objectContaining({ field: 'at' })]);
    const started = await setStatus(world.first.headers, trip.id, { status: 'started', at: tappedAt });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    // The history is in time order: the start sits at the time it was tapped.
    const start = (started.body.data as TripDetail).status_history.find((entry) => entry.to_status === 'started');
    expect(Date.parse(start?.changed_at ?? '')).toBe(Date.parse(tappedAt));
  });

  it('refuses a move outside the transitions with 400 naming both statuses, in English and Tamil', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world);
    const english = await setStatus(world.tenant.headers, trip.id, { status: 'completed' });
    expect(english.status).toBe(400);
    expect(english.body).toMatchObject({ code: 'trip_transition_invalid', message: 'A trip cannot go from Scheduled to Completed.' });
    expect(english.body.details).toEqual([{ field: 'status', code: 'errors.trip_transition_invalid', message: english.body.message }]);
    const tamil = await setStatus({ ...world.tenant.headers, 'accept-language': 'ta' }, trip.id, { status: 'started' });
    expect(tamil.body.message).toBe(
      tripsTa.errors.trip_transition_invalid
        .replace('{{from}}', tripsTa.tripStatuses.scheduled)
        .replace('{{to}}', tripsTa.tripStatuses.started),
    );
    const noDriver = await setStatus(world.tenant.headers, trip.id, { status: 'assigned' });
    expect(noDriver.status).toBe(409);
    expect(noDriver.body.code).toBe('trip_needs_driver');
    expect(await ctx.db.select().from(tripStatusHistory).where(eq(tripStatusHistory.trip_id, trip.id))).toHaveLength(1);
  });

  it("keeps the office's moves from drivers (403), and lets the office cancel or hand a trip back", async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const cancel = await setStatus(world.first.headers, trip.id, { status: 'cancelled' });
    expect(cancel.status).toBe(403);
    expect(cancel.body).toMatchObject({
      code: 'trip_status_admin_only',
      message: 'Only the office can move a trip to Cancelled: drivers start and complete their own trips.',
    });
    const back = await setStatus(world.tenant.headers, trip.id, { status: 'scheduled', note: 'Driver ill' });
    expect(back.body.data).toMatchObject({ status: 'scheduled', driver_id: null });
    const cancelled = await setStatus(world.tenant.headers, trip.id, { status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled' });
  });

  it('lets an admin correct a status backwards with a reason, in the history and the audit log; drivers get 403', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    await setStatus(world.first.headers, trip.id, { status: 'started' });
    await setStatus(world.first.headers, trip.id, { status: 'completed' });
    const noReason = await correct(world.tenant.headers, trip.id, { status: 'started' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.details).toEqual([expect.objectContaining({ field: 'reason' })]);
    const blank = await correct(world.tenant.headers, trip.id, { status: 'started', reason: '   ' });
    expect(blank.status).toBe(400);
    const byDriver = await correct(world.first.headers, trip.id, { status: 'started', reason: 'Mine' });
    expect(byDriver.status).toBe(403);

    const corrected = await correct(world.tenant.headers, trip.id, {
      status: 'started',
      reason: 'Completed by mistake: car still on the road',
    });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect((corrected.body.data as TripDetail).status_history.at(-1)).toMatchObject({
      from_status: 'completed',
      to_status: 'started',
      note: 'Completed by mistake: car still on the road',
      changed_by: world.tenant.user.id,
    });
    const [entry] = await auditOf(world.tenant.company.id, 'trip_status_correction');
    expect(entry?.actor_user_id).toBe(world.tenant.user.id);
    expect(entry?.changes).toMatchObject({
      trip_id: { to: trip.id },
      from_status: { to: 'completed' },
      to_status: { to: 'started' },
      reason: { to: 'Completed by mistake: car still on the road' },
    });
    const same = await correct(world.tenant.headers, trip.id, { status: 'started', reason: 'again' });
    expect(same.status).toBe(400);
    const unassigned = await correct(world.tenant.headers, trip.id, { status: 'scheduled', reason: 'Plan again' });
    expect(unassigned.body.data).toMatchObject({ status: 'scheduled', driver_id: null });
    const needsDriver = await correct(world.tenant.headers, trip.id, { status: 'completed', reason: 'Done' });
    expect(needsDriver.status).toBe(409);
    expect(needsDriver.body.code).toBe('trip_needs_driver');
  });
});

describe('movements: where the car is', () => {
  it("records the driver's movements on their own trip and answers the booking's path in order, audited", async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const atTerminal = await call(ctx.app, 'POST', '/api/trips/movement', world.first.headers, {
      trip_id: trip.id,
      location_id: world.terminal.id,
      moved_at: '2026-06-10T08:05:00Z',
    });
    expect(atTerminal.status, JSON.stringify(atTerminal.body)).toBe(201);
    expect(atTerminal.body.data).toMatchObject({
      trip_id: trip.id,
      trip_type: 'in',
      location_id: world.terminal.id,
      place_name: world.terminal.name,
      moved_at: '2026-06-10T08:05:00.000Z',
      moved_by: world.first.user.id,
    });
    const inYard = await call(ctx.app, 'POST', '/api/trips/movement', world.tenant.headers, { trip_id: trip.id, yard_id: world.yard.id });
    expect(inYard.status).toBe(201);
    const path = await call(ctx.app, 'GET', `/api/trips/movement/list?trip_id=${trip.id}`, world.first.headers);
    expect((path.body.data as TripMovement[]).map((movement) => movement.place_name)).toEqual([world.terminal.name, world.yard.name]);
    expect((await get(world.tenant.headers, trip.id)).body.data).toMatchObject({ movements: path.body.data });
    expect(await auditOf(world.tenant.company.id, 'trip_movement')).toHaveLength(2);
  });

  it('refuses a time in the future, both places or none, and a cancelled trip', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world);
    const post = (body: Record<string, unknown>) =>
      call(ctx.app, 'POST', '/api/trips/movement', world.tenant.headers, { trip_id: trip.id, ...body });
    expect((await post({ yard_id: world.yard.id, moved_at: new Date(Date.now() + 3_600_000).toISOString() })).status).toBe(400);
    expect((await post({ yard_id: world.yard.id, location_id: world.terminal.id })).status).toBe(400);
    expect((await post({})).status).toBe(400);
    await setStatus(world.tenant.headers, trip.id, { status: 'cancelled' });
    const closed = await post({ yard_id: world.yard.id });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('trip_closed');
  });
});

describe('who reaches which trips', () => {
  it("gives a second company's admin 404 on every trip route, and none of the first company's trips", async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id, booking_id: null });
    await call(ctx.app, 'POST', '/api/trips/movement', world.tenant.headers, { trip_id: trip.id, yard_id: world.yard.id });
    const intruder = await makeWorld();
    const headers = intruder.tenant.headers;
    const responses = [
      await get(headers, trip.id),
      await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, headers, { notes: 'mine now' }),
      await call(ctx.app, 'DELETE', `/api/trips/delete/${trip.id}`, headers),
      await setStatus(headers, trip.id, { status: 'cancelled' }),
      await correct(headers, trip.id, { status: 'cancelled', reason: 'x' }),
      await call(ctx.app, 'POST', '/api/trips/movement', headers, { trip_id: trip.id, yard_id: intruder.yard.id }),
      await call(ctx.app, 'GET', `/api/trips/movement/list?trip_id=${trip.id}`, headers),
    ];
    for (const response of responses) {
      expect(response.status).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain(world.terminal.name);
    }
    // The same prepared list statement for both companies in turn: each sees its own rows only.
    expect((await list(world.tenant.headers)).data.map((row) => row.id)).toEqual([trip.id]);
    expect((await list(headers)).data).toEqual([]);
    const stats = await call(ctx.app, 'GET', '/api/trips/statistics-by-calender?segment=month&from=2026-06-01&to=2026-06-30', headers);
    expect((stats.body.data as TripStatistics).periods[0]?.total).toBe(0);
    expect((await get(world.tenant.headers, trip.id)).body.data).toMatchObject({ status: 'assigned', notes: null });
  });

  it('gives a second driver 404 on every route a driver can call, and only their own trips in lists', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const theirs = await addTrip(world, { driver_id: world.second.driver.id, scheduled_at: '2026-06-10T12:00:00Z' });
    await call(ctx.app, 'POST', '/api/trips/movement', world.first.headers, { trip_id: trip.id, location_id: world.terminal.id });
    const other = world.second.headers;
    const responses = [
      await get(other, trip.id),
      await setStatus(other, trip.id, { status: 'started' }),
      await call(ctx.app, 'POST', '/api/trips/movement', other, { trip_id: trip.id, yard_id: world.yard.id }),
      await call(ctx.app, 'GET', `/api/trips/movement/list?trip_id=${trip.id}`, other),
    ];
    for (const response of responses) expect(response.status).toBe(404);
    expect((await list(other)).data.map((row) => row.id)).toEqual([theirs.id]);
    expect((await list(other, `?driver_id=${world.first.driver.id}`)).data).toEqual([]);
    expect((await list(world.first.headers)).data.map((row) => row.id)).toEqual([trip.id]);
    const stats = await call(ctx.app, 'GET', '/api/trips/statistics-by-calender?segment=day&from=2026-06-10&to=2026-06-10', other);
    expect((stats.body.data as TripStatistics).periods).toEqual([
      { period_start: '2026-06-10', total: 1, by_status: { scheduled: 0, assigned: 1, started: 0, completed: 0, cancelled: 0 } },
    ]);
    expect((await get(world.tenant.headers, trip.id)).body.data).toMatchObject({ status: 'assigned', driver_id: world.first.driver.id });
  });

  it('refuses the office calls to a driver (403), before reading anything', async () => {
    const world = await makeWorld();
    const trip = await addTrip(world, { driver_id: world.first.driver.id });
    const headers = world.first.headers;
    for (const response of [
      await call(ctx.app, 'POST', '/api/trips/add', headers, inBody(world)),
      await call(ctx.app, 'PATCH', `/api/trips/update/${trip.id}`, headers, { notes: 'x' }),
      await call(ctx.app, 'DELETE', `/api/trips/delete/${trip.id}`, headers),
      await correct(headers, trip.id, { status: 'cancelled', reason: 'x' }),
    ]) {
      expect(response.status).toBe(403);
    }
  });
});

describe('trips per period', () => {
  it('counts trips per day, week and month and status in the request time zone', async () => {
    const world = await makeWorld();
    const companyId = world.tenant.company.id;
    const ends = { from_location_id: world.terminal.id, to_yard_id: world.yard.id };
    const driver_id = world.first.driver.id;
    // Colombo is UTC+5:30: 2026-03-31T19:00Z is 1 April there; 2026-03-29T20:00Z is Monday 30 March.
    await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-03-29T20:00:00Z') });
    await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-03-31T19:00:00Z'), driver_id, status: 'completed' });
    await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-04-01T10:00:00Z'), status: 'cancelled' });
    await insertTrip(ctx.db, companyId, { ...ends, scheduled_at: new Date('2026-04-06T10:00:00Z'), driver_id, type: 'out' });
    const stats = async (query: string) => {
      const response = await call(
        ctx.app,
        'GET',
        `/api/trips/statistics-by-calender?${query}&time_zone=Asia/Colombo`,
        world.tenant.headers,
      );
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.data as TripStatistics;
    };
    const zero = { scheduled: 0, assigned: 0, started: 0, completed: 0, cancelled: 0 };

    const days = await stats('segment=day&from=2026-03-30&to=2026-04-01');
    expect(days).toMatchObject({ segment: 'day', from: '2026-03-30', to: '2026-04-01', time_zone: 'Asia/Colombo' });
    expect(days.periods).toEqual([
      { period_start: '2026-03-30', total: 1, by_status: { ...zero, scheduled: 1 } },
      { period_start: '2026-03-31', total: 0, by_status: zero },
      { period_start: '2026-04-01', total: 2, by_status: { ...zero, completed: 1, cancelled: 1 } },
    ]);
    const weeks = await stats('segment=week&from=2026-04-01&to=2026-04-12');
    expect(weeks.from).toBe('2026-03-30');
    expect(weeks.periods.map((period) => [period.period_start, period.total])).toEqual([
      ['2026-03-30', 3],
      ['2026-04-06', 1],
    ]);
    const months = await stats('segment=month&from=2026-03-01&to=2026-04-30');
    expect(months.periods.map((period) => [period.period_start, period.total, period.by_status.assigned])).toEqual([
      ['2026-03-01', 1, 0],
      ['2026-04-01', 3, 1],
    ]);
    const utc = await call(
      ctx.app,
      'GET',
      '/api/trips/statistics-by-calender?segment=month&from=2026-03-01&to=2026-04-30&time_zone=UTC',
      world.tenant.headers,
    );
    expect((utc.body.data as TripStatistics).periods.map((period) => period.total)).toEqual([2, 2]);
    const onlyOut = await stats('segment=month&from=2026-04-01&to=2026-04-30&type=out');
    expect(onlyOut.periods[0]?.total).toBe(1);
    for (const query of ['segment=year', 'segment=day&from=2026-04-02&to=2026-04-01', 'segment=day&from=2020-01-01&to=2026-01-01']) {
      expect((await call(ctx.app, 'GET', `/api/trips/statistics-by-calender?${query}`, world.tenant.headers)).status, query).toBe(400);
    }
  });
});
