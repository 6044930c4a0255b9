import type { Booking, BookingAuditEntry, BookingRestorePreview, BookingVersion } from '@ps/contracts';
import restoreEn from '@ps/contracts/locales/restore.en.json' with { type: 'json' };
import restoreTa from '@ps/contracts/locales/restore.ta.json' with { type: 'json' };
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, createBookingThroughApi, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createTenant>>;
let route: BookingRoute;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
  route = await insertBookingRoute(ctx.db, owner.company.id);
});
afterAll(() => ctx?.close());

const versionsOf = async (id: number, headers = owner.headers) => {
  const response = await call(ctx.app, 'GET', `/api/booking/versions/${id}`, headers);
  return { status: response.status, versions: response.body.data as BookingVersion[] };
};
const getBooking = async (id: number) => (await call(ctx.app, 'GET', `/api/booking/get/${id}`, owner.headers)).body.data as Booking;
const update = async (id: number, body: Record<string, unknown>) => {
  const response = await call(ctx.app, 'PATCH', `/api/booking/update/${id}`, owner.headers, body);
  expect(response.status).toBe(200);
  return response.body.data as Booking;
};
const restore = (id: number, auditId: number, headers = owner.headers) =>
  call(ctx.app, 'POST', `/api/booking/restore/${id}`, headers, { audit_id: auditId });
const trail = async (id: number) =>
  (await call(ctx.app, 'GET', `/api/booking/audit/list/${id}`, owner.headers)).body.data as BookingAuditEntry[];

describe("a booking's versions", () => {
  it('lists each audited change newest first with who, what changed and the editable state then', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await update(booking.id, { customer_name: 'Ada King', notes: 'Roof box' });
    const { status, versions } = await versionsOf(booking.id);
    expect(status).toBe(200);
    expect(versions.map((version) => version.action)).toEqual(['update', 'create']);
    const [latest, created] = versions as [BookingVersion, BookingVersion];
    expect(latest.audit_id).toBeGreaterThan(created.audit_id);
    expect(latest).toMatchObject({ actor_user_id: owner.user.id, actor_name: owner.user.name, restored_from: null, is_current: true });
    expect(latest.changed_fields.sort()).toEqual(['customer_name', 'notes']);
    expect(latest.state).toMatchObject({ customer_name: 'Ada King', notes: 'Roof box', vehicle_reg: 'AB12 CDE' });
    expect(created).toMatchObject({ is_current: false, changed_fields: [] });
    expect(created.state).toMatchObject({
      customer_name: 'Ada Lovelace',
      notes: null,
      departure_at: '2026-06-10T08:00:00.000Z',
      outbound_flight: 'BA2490',
      departure_id: route.carPark.id,
    });
  });
});

describe('restoring a version', () => {
  it('brings the old values back through the edit: re-priced, audited with where it came from', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const moved = await update(booking.id, {
      customer_name: 'Ada King',
      departure_at: '2026-07-10T08:00:00Z',
      arrival_at: '2026-07-14T18:00:00Z',
    });
    expect(moved.total).not.toBe(booking.total);
    const created = (await versionsOf(booking.id)).versions.at(-1) as BookingVersion;

    const preview = await call(ctx.app, 'GET', `/api/booking/restore/preview/${booking.id}?audit_id=${created.audit_id}`, owner.headers);
    expect(preview.status).toBe(200);
    const plan = preview.body.data as BookingRestorePreview;
    expect(plan.fields.map((field) => field.field).sort()).toEqual(['arrival_at', 'customer_name', 'departure_at']);
    expect(plan.fields.find((field) => field.field === 'customer_name')).toMatchObject({ current: 'Ada King', restored: 'Ada Lovelace' });
    expect(plan.price.before.total).toBe(moved.total);
    expect(plan.price.after.total).toBe(booking.total);
    // The preview wrote nothing.
    expect((await getBooking(booking.id)).customer_name).toBe('Ada King');

    const restored = await restore(booking.id, created.audit_id);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({
      customer_name: 'Ada Lovelace',
      departure_at: '2026-06-10T08:00:00.000Z',
      arrival_at: '2026-06-12T18:00:00.000Z',
      total: booking.total,
      start_day: '2026-06-10',
    });
    expect(restored.body.repriced).toMatchObject({ before: { total: moved.total }, after: { total: booking.total } });

    // The restore is an audited update naming the version it brought back, and a version of its own.
    const [entry] = await trail(booking.id);
    expect(entry).toMatchObject({ entity: 'booking', action: 'update', actor_user_id: owner.user.id });
    expect(entry?.changes.restored_from).toEqual({ to: created.audit_id });
    expect(entry?.changes.customer_name).toEqual({ from: 'Ada King', to: 'Ada Lovelace' });
    const { versions } = await versionsOf(booking.id);
    expect(versions).toHaveLength(3);
    expect(versions[0]).toMatchObject({ restored_from: created.audit_id, is_current: true });
    expect(versions[0]?.changed_fields).toEqual(expect.arrayContaining(['customer_name', 'departure_at', 'total']));
    expect(versions[0]?.changed_fields).not.toContain('restored_from');
    expect(versions.at(-1)?.is_current).toBe(true);
  });

  it('into a full car park is a 409 naming the day, and changes nothing', async () => {
    const small = await insertBookingRoute(ctx.db, owner.company.id, { capacity: 1 });
    const booking = await createBookingThroughApi(ctx, owner, small);
    await update(booking.id, { departure_at: '2026-08-10T08:00:00Z', arrival_at: '2026-08-12T18:00:00Z' });
    // Another booking takes the one space in June.
    await createBookingThroughApi(ctx, owner, small);
    const before = await versionsOf(booking.id);
    const created = before.versions.at(-1) as BookingVersion;

    const full = await restore(booking.id, created.audit_id);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'car_park_full', message: `${small.carPark.name} is full on 10 June 2026` });
    const tamil = await restore(booking.id, created.audit_id, { ...owner.headers, 'accept-language': 'ta' });
    expect(tamil.status).toBe(409);
    expect(tamil.body.message).toContain('நிரம்பியுள்ளது');
    expect(await getBooking(booking.id)).toMatchObject({ departure_at: '2026-08-10T08:00:00.000Z', customer_name: 'Ada Lovelace' });
    expect((await versionsOf(booking.id)).versions).toHaveLength(before.versions.length);
  });

  it('is refused for a closed booking like an edit, and when the version is the booking now', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    const created = (await versionsOf(booking.id)).versions[0] as BookingVersion;
    const same = await restore(booking.id, created.audit_id);
    expect(same.status).toBe(409);
    expect(same.body.code).toBe('restore_no_change');

    await update(booking.id, { notes: 'Gate 4' });
    expect((await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, owner.headers, { status: 'cancelled' })).status).toBe(
      200,
    );
    const closed = await restore(booking.id, created.audit_id);
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe('booking_closed');
    expect((await getBooking(booking.id)).notes).toBe('Gate 4');
  });

  it('is refused once the car is checked out, with the reason in the caller’s language, preview too (issue 21)', async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await update(booking.id, { notes: 'Gate 4' });
    const created = (await versionsOf(booking.id)).versions.at(-1) as BookingVersion;
    for (const status of ['confirmed', 'checked_in', 'checked_out']) {
      if (status === (await getBooking(booking.id)).status) continue;
      const moved = await call(ctx.app, 'PATCH', `/api/booking/status/update/${booking.id}`, owner.headers, { status });
      expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    }
    const refused = await restore(booking.id, created.audit_id, { ...owner.headers, 'accept-language': 'ta' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'restore_checked_out', message: restoreTa.errors.restore_checked_out });
    const preview = await call(ctx.app, 'GET', `/api/booking/restore/preview/${booking.id}?audit_id=${created.audit_id}`, owner.headers);
    expect(preview.status).toBe(409);
    expect(preview.body).toMatchObject({ code: 'restore_checked_out', message: restoreEn.errors.restore_checked_out });
    expect((await getBooking(booking.id)).notes).toBe('Gate 4');
    // Another company's admin learns nothing of it: 404, not the reason.
    const stranger = await createTenant(ctx);
    expect((await restore(booking.id, created.audit_id, stranger.headers)).status).toBe(404);
  });

  it("is a 404 for an audit id that is not one of this booking's versions", async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await update(booking.id, { notes: 'Mine' });
    const other = await createBookingThroughApi(ctx, owner, route);
    const othersVersion = (await versionsOf(other.id)).versions[0] as BookingVersion;
    expect((await restore(booking.id, othersVersion.audit_id)).status).toBe(404);
    expect((await restore(booking.id, 99_999_999)).status).toBe(404);
    const preview = await call(
      ctx.app,
      'GET',
      `/api/booking/restore/preview/${booking.id}?audit_id=${othersVersion.audit_id}`,
      owner.headers,
    );
    expect(preview.status).toBe(404);
    expect((await getBooking(booking.id)).notes).toBe('Mine');
  });

  it("is a 404 for another company's booking, and its versions are not read", async () => {
    const booking = await createBookingThroughApi(ctx, owner, route);
    await update(booking.id, { notes: 'Ours' });
    const created = (await versionsOf(booking.id)).versions.at(-1) as BookingVersion;
    const stranger = await createTenant(ctx);
    expect((await versionsOf(booking.id, stranger.headers)).status).toBe(404);
    expect((await restore(booking.id, created.audit_id, stranger.headers)).status).toBe(404);
    const preview = await call(ctx.app, 'GET', `/api/booking/restore/preview/${booking.id}?audit_id=${created.audit_id}`, stranger.headers);
    expect(preview.status).toBe(404);
    expect((await getBooking(booking.id)).notes).toBe('Ours');
  });
});
