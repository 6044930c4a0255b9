import type { AuditChange, PriceGrid, PriceListRestorePreview, PriceListVersion } from '@ps/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLocation, insertPricedRoute } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Headers } from '../../../test/kit.ts';
import { auditLog, locationPrices } from '../../db/schema/index.ts';

let ctx: TestContext;
let owner: Awaited<ReturnType<typeof createTenant>>;
beforeAll(async () => {
  ctx = await createTestContext();
  owner = await createTenant(ctx);
});
afterAll(() => ctx?.close());

type Places = Awaited<ReturnType<typeof insertPricedRoute>>;
const routeOf = (places: Places) => ({ airport_id: places.airport.id, departure_id: places.carPark.id, arrival_id: places.terminal.id });
const query = (route: Record<string, number>) =>
  Object.entries(route)
    .map(([key, value]) => `${key}=${value}`)
    .join('&');

const saveGrid = async (places: Places, cells: Array<{ band_id: number; month: number | null; price: number | null }>) => {
  const response = await ctx.app.inject({
    method: 'PUT',
    url: '/api/location-price/grid',
    headers: owner.headers,
    payload: { ...routeOf(places), cells },
  });
  expect(response.statusCode).toBe(200);
};
const versionsOf = async (route: Record<string, number>, headers: Headers = owner.headers) => {
  const response = await call(ctx.app, 'GET', `/api/location-price/versions?${query(route)}`, headers);
  return { status: response.status, versions: response.body.data as PriceListVersion[] };
};
const restore = (route: Record<string, number>, auditId: number, headers: Headers = owner.headers) =>
  call(ctx.app, 'POST', '/api/location-price/restore', headers, { ...route, audit_id: auditId });
const ownPrices = async (places: Places) => {
  const response = await call(ctx.app, 'GET', `/api/location-price/grid?${query(routeOf(places))}`, owner.headers);
  const grid = response.body.data as PriceGrid;
  return grid.rows.flatMap((row) => [
    ...(row.every_month_price === null ? [] : [`${row.band.name} every ${row.every_month_price}`]),
    ...row.cells.filter((cell) => cell.month_price !== null).map((cell) => `${row.band.name} ${cell.month} ${cell.month_price}`),
  ]);
};

describe("a route's price list versions", () => {
  it('lists each save newest first with what it changed and the whole list then; restore brings an old list back, audited', async () => {
    const places = await insertPricedRoute(ctx.db, owner.company.id);
    const { short, week } = places.bands;
    await saveGrid(places, [
      { band_id: short.id, month: 1, price: 1500 },
      { band_id: short.id, month: null, price: 1400 },
    ]);
    await saveGrid(places, [
      { band_id: short.id, month: 1, price: 1800 },
      { band_id: short.id, month: null, price: null },
      { band_id: week.id, month: 7, price: 3000 },
    ]);
    const { status, versions } = await versionsOf(routeOf(places));
    expect(status).toBe(200);
    expect(versions).toHaveLength(2);
    const [latest, first] = versions as [PriceListVersion, PriceListVersion];
    expect(latest).toMatchObject({ actor_user_id: owner.user.id, actor_name: owner.user.name, is_current: true, restored_from: null });
    expect(latest.changes).toEqual([
      { band_id: short.id, band_name: short.name, band_type: 'parking', month: null, from: 1400, to: null },
      { band_id: short.id, band_name: short.name, band_type: 'parking', month: 1, from: 1500, to: 1800 },
      { band_id: week.id, band_name: week.name, band_type: 'parking', month: 7, from: null, to: 3000 },
    ]);
    expect(first.is_current).toBe(false);
    expect(first.cells.map((cell) => [cell.band_id, cell.month, cell.price])).toEqual([
      [short.id, null, 1400],
      [short.id, 1, 1500],
    ]);

    const preview = await call(
      ctx.app,
      'GET',
      `/api/location-price/restore/preview?${query({ ...routeOf(places), audit_id: first.audit_id })}`,
      owner.headers,
    );
    expect(preview.status).toBe(200);
    expect((preview.body.data as PriceListRestorePreview).changes.map((change) => [change.month, change.from, change.to])).toEqual([
      [null, null, 1400],
      [1, 1800, 1500],
      [7, 3000, null],
    ]);

    const restored = await restore(routeOf(places), first.audit_id);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({ created: 1, updated: 1, removed: 1 });
    expect(await ownPrices(places)).toEqual(['Short stay every 1400', 'Short stay 1 1500']);

    // Each write of the restore is audited with the version it brought back.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, owner.company.id), eq(auditLog.entity, 'location_price')))
      .orderBy(desc(auditLog.id))
      .limit(3);
    expect(entries.map((entry) => entry.action).sort()).toEqual(['create', 'delete', 'update']);
    for (const entry of entries) expect(entry.changes.restored_from as AuditChange).toEqual({ to: first.audit_id });

    const after = await versionsOf(routeOf(places));
    expect(after.versions).toHaveLength(3);
    expect(after.versions[0]).toMatchObject({ restored_from: first.audit_id, is_current: true });
    expect(after.versions.find((version) => version.audit_id === first.audit_id)?.is_current).toBe(true);

    const again = await restore(routeOf(places), first.audit_id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('restore_no_change');
  });

  it('keeps one price per band and month: a price moved off the route and one added in its place are restored as one', async () => {
    const places = await insertPricedRoute(ctx.db, owner.company.id);
    const otherTerminal = await insertLocation(ctx.db, owner.company.id, places.airport.id, {
      name: 'Terminal 2',
      type: 'terminal',
      capacity: 0,
    });
    const { short } = places.bands;
    const added = await call(ctx.app, 'POST', '/api/location-price/add', owner.headers, {
      ...routeOf(places),
      band_id: short.id,
      month: 3,
      price: 900,
    });
    expect(added.status).toBe(201);
    const moved = (added.body.data as { id: number }).id;
    // The price moves to another route by an edit; a new price takes its band and month on this route.
    expect(
      (await call(ctx.app, 'PATCH', `/api/location-price/update/${moved}`, owner.headers, { arrival_id: otherTerminal.id })).status,
    ).toBe(200);
    await saveGrid(places, [{ band_id: short.id, month: 3, price: 1200 }]);
    const { versions } = await versionsOf(routeOf(places));
    expect(versions.map((version) => version.changes.map((change) => [change.from, change.to]))).toEqual([
      [[null, 1200]],
      [[900, null]],
      [[null, 900]],
    ]);
    const restored = await restore(routeOf(places), (versions[2] as PriceListVersion).audit_id);
    expect(restored.status).toBe(200);
    expect(restored.body.data).toEqual({ created: 0, updated: 1, removed: 0 });
    const rows = await ctx.db
      .select()
      .from(locationPrices)
      .where(and(eq(locationPrices.company_id, owner.company.id), eq(locationPrices.band_id, short.id), eq(locationPrices.month, 3)));
    const onRoute = rows.filter((row) => row.arrival_id === places.terminal.id);
    expect(onRoute).toHaveLength(1);
    expect(onRoute[0]?.price).toBe(900);
    // The moved price stays where the edit put it.
    expect(rows.find((row) => row.id === moved)).toMatchObject({ arrival_id: otherTerminal.id, price: 900 });
  });

  it("is a 404 for another route's version, an unknown audit id and another company's route", async () => {
    const places = await insertPricedRoute(ctx.db, owner.company.id);
    const other = await insertPricedRoute(ctx.db, owner.company.id);
    await saveGrid(places, [{ band_id: places.bands.short.id, month: 2, price: 700 }]);
    await saveGrid(places, [{ band_id: places.bands.short.id, month: 2, price: 800 }]);
    await saveGrid(other, [{ band_id: other.bands.short.id, month: 2, price: 100 }]);
    const othersVersion = ((await versionsOf(routeOf(other))).versions[0] as PriceListVersion).audit_id;
    expect((await restore(routeOf(places), othersVersion)).status).toBe(404);
    expect((await restore(routeOf(places), 99_999_999)).status).toBe(404);

    const mine = (await versionsOf(routeOf(places))).versions.at(-1) as PriceListVersion;
    const stranger = await createTenant(ctx);
    expect((await versionsOf(routeOf(places), stranger.headers)).status).toBe(404);
    expect((await restore(routeOf(places), mine.audit_id, stranger.headers)).status).toBe(404);
    const preview = await call(
      ctx.app,
      'GET',
      `/api/location-price/restore/preview?${query({ ...routeOf(places), audit_id: mine.audit_id })}`,
      stranger.headers,
    );
    expect(preview.status).toBe(404);
    expect(await ownPrices(places)).toEqual(['Short stay 2 800']);
  });
});
