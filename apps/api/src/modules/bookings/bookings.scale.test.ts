// Issue 24 (a 1,000,000-booking company): the list's capped count, its rewritten search, sorts and paging against the
// plain SQL it replaced, the streamed export, and the cars on site read from car_places' copies of the booking.
import type { BookingListQuery } from '@ps/contracts';
import { LIST_COUNT_CAP } from '@ps/contracts/common/pagination';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BookingRoute, insertBooking, insertBookingRoute } from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant } from '../../../test/kit.ts';

type Tenant = Awaited<ReturnType<typeof createTenant>>;

import { bookings, carPlaces } from '../../db/schema/index.ts';
import { containsPattern } from '../../kit/list.ts';
import { bookingsCsv } from './bookings.export.ts';
import { listBookings } from './bookings.list.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

/** `count` copies of a booking in one statement (each its own id and reference, a second apart), as the bench seeds. */
async function copies(template: typeof bookings.$inferSelect, count: number): Promise<void> {
  await ctx.db.execute(sql`
    insert into bookings
    select (jsonb_populate_record(null::bookings, to_jsonb(b) || jsonb_build_object(
      'id', nextval(pg_get_serial_sequence('bookings', 'id')),
      'reference', 'PS-C' || lpad(g::text, 6, '0') || '-' || b.id,
      'departure_at', b.departure_at + g * interval '1 second',
      'arrival_at', b.arrival_at + g * interval '1 second'))).*
    from bookings b cross join generate_series(1, ${count}::int) as g
    where b.id = ${template.id}`);
}

const list = async (tenant: Tenant, query: string) => {
  const response = await call(ctx.app, 'GET', `/api/booking/list?${query}`, tenant.headers);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { data: Array<{ id: number }>; pagination: Record<string, unknown> };
};

describe('the count of a long list', () => {
  it('is exact up to the cap, and the cap with capped past it; the rows are the same either way', async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const first = await insertBooking(ctx.db, tenant.company.id, route, { status: 'confirmed' });
    await copies(first, 4);
    const query = { page: 1, page_size: 2, sort: 'departure_at', date_field: 'departure' } as const;
    const run = (countCap: number, extra: Partial<BookingListQuery> = {}) =>
      listBookings(ctx.db, tenant.company.id, { ...query, ...extra }, { timeZone: null, countCap });
    // 5 bookings: exact at a cap of 5 and above, the cap and `capped` below it.
    expect(await run(5)).toMatchObject({ total: 5, capped: false });
    expect(await run(LIST_COUNT_CAP)).toMatchObject({ total: 5, capped: false });
    const capped = await run(4);
    expect(capped).toMatchObject({ total: 4, capped: true });
    expect(capped.rows.map((row) => row.id)).toEqual((await run(5)).rows.map((row) => row.id));
    // A page past the cap still answers its rows; a filter below the cap is exact again.
    expect((await run(2, { page: 3 })).rows).toHaveLength(1);
    expect(await run(2, { status: ['pending'] })).toMatchObject({ total: 0, capped: false });
    // Through the API, a list below the cap carries no flag, and another company counts none of them.
    expect((await list(tenant, 'page_size=1')).pagination).toEqual({ page: 1, page_size: 1, total: 5 });
    const stranger = await createTenant(ctx);
    expect((await list(stranger, 'page_size=1')).pagination).toEqual({ page: 1, page_size: 1, total: 0 });
  });
});

describe('the list at scale answers what the plain SQL answered', () => {
  let tenant: Tenant;
  let route: BookingRoute;
  beforeAll(async () => {
    tenant = await createTenant(ctx);
    route = await insertBookingRoute(ctx.db, tenant.company.id);
    const names = ['Ada Lovelace', 'alan turing', 'Grace Hopper', 'Ｚoë Ünal', 'Priya Raman'];
    const statuses = ['pending', 'confirmed', 'checked_in', 'parked', 'completed', 'cancelled'] as const;
    for (let n = 0; n < 36; n++) {
      // Ties on purpose: six departures, four totals, five names, so the id decides among equals.
      const day = 10 + (n % 6);
      await insertBooking(ctx.db, tenant.company.id, route, {
        reference: `PS-T${String(n).padStart(3, '0')}-Q${n % 3}`,
        customer_name: names[n % names.length],
        customer_email: n % 4 === 0 ? null : `person${n}@Example.com`,
        customer_phone: n % 5 === 0 ? null : `+44 7700 90${String(n).padStart(4, '0')}`,
        vehicle_reg: `AB${n % 7} C${n % 4}D`,
        status: statuses[n % statuses.length],
        departure_at: new Date(`2026-06-${day}T08:00:00Z`),
        arrival_at: new Date(`2026-06-${day + 2}T08:00:00Z`),
        start_day: `2026-06-${day}`,
        end_day: `2026-06-${day + 2}`,
        base_price: 1000 * (1 + (n % 4)),
        total: 1000 * (1 + (n % 4)),
      });
    }
  });

  /** The list as it was written before issue 24: ILIKE on the columns, statuses as an array, order by the column and id. */
  async function plain(query: { search?: string; status?: string[]; sort: string }) {
    const field = query.sort.replace(/^-/, '') as 'reference' | 'customer_name' | 'vehicle_reg' | 'status' | 'total' | 'departure_at';
    const column = bookings[field];
    const pattern = query.search ? containsPattern(query.search) : undefined;
    const compact = query.search ? containsPattern(query.search.replace(/\s+/g, '')) : undefined;
    const rows = await ctx.db
      .select({ id: bookings.id })
      .from(bookings)
      .where(
        and(
          eq(bookings.company_id, tenant.company.id),
          query.status ? inArray(bookings.status, query.status as never) : undefined,
          pattern && compact
            ? or(
                ilike(bookings.reference, pattern),
                ilike(bookings.customer_name, pattern),
                ilike(bookings.customer_email, pattern),
                ilike(bookings.customer_phone, pattern),
                ilike(sql`replace(${bookings.vehicle_reg}, ' ', '')`, compact),
              )
            : undefined,
        ),
      )
      .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(bookings.id));
    return rows.map((row) => row.id);
  }

  it('the same rows in the same order, page by page, for searches, statuses and every sort', async () => {
    const searches = [undefined, 'ada', 'ALAN', 'ｚoë', 'ünal', 'example.com', '7700 90', 'ab3c', 'AB3 C', 't01', 'q2', '%', '_', 'nobody'];
    const statusSets = [undefined, ['confirmed'], ['checked_in', 'parked'], ['pending', 'cancelled', 'completed']];
    const sorts = [
      'departure_at',
      '-departure_at',
      'customer_name',
      '-customer_name',
      'total',
      '-total',
      'reference',
      'vehicle_reg',
      'status',
      '-status',
    ];
    for (const search of searches)
      for (const status of statusSets)
        for (const sort of sorts.slice(0, search || status ? 3 : sorts.length)) {
          const expected = await plain({ search, status, sort });
          const params = new URLSearchParams({ sort, page_size: '7' });
          if (search) params.set('search', search);
          if (status) params.set('status', status.join(','));
          const seen: number[] = [];
          for (let page = 1; page <= Math.max(1, Math.ceil(expected.length / 7)); page++) {
            params.set('page', String(page));
            const answer = await list(tenant, params.toString());
            expect(answer.pagination.total, `${params}`).toBe(expected.length);
            seen.push(...answer.data.map((row) => row.id));
          }
          expect(seen, `${search} ${status} ${sort}`).toEqual(expected);
        }
  });

  it('exports every row in the list order, in batches smaller than the list (ties kept in order across batches)', async () => {
    const t = (key: string) => key;
    for (const sort of ['departure_at', '-departure_at', '-total', 'customer_name', 'status', '-created_at'] as const) {
      const expectedIds = (await list(tenant, `sort=${sort}&page_size=100`)).data.map((row) => row.id);
      const references = new Map(
        (
          await ctx.db
            .select({ id: bookings.id, reference: bookings.reference })
            .from(bookings)
            .where(eq(bookings.company_id, tenant.company.id))
        ).map((row) => [row.reference, row.id]),
      );
      let chunks = 0;
      let text = '';
      for await (const chunk of bookingsCsv(
        ctx.db,
        tenant.company.id,
        { sort, date_field: 'departure' },
        { t, seesMoney: true, batchSize: 5 },
      )) {
        chunks++;
        text += chunk;
      }
      const lines = text.split('\r\n').filter(Boolean).slice(1);
      // The header, then one chunk per batch of 5: 36 rows are 8 batches.
      expect(chunks, sort).toBe(1 + Math.ceil(expectedIds.length / 5));
      expect(
        lines.map((line) => references.get(line.split(',')[0] ?? '')),
        sort,
      ).toEqual(expectedIds);
    }
  });
});

describe('GET /api/booking/export', () => {
  it("sends the list's filters as CSV in the caller's language, formulas defused, and only the caller's company", async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const kept = await insertBooking(ctx.db, tenant.company.id, route, { customer_name: '=cmd()', total: 1234, base_price: 1234 });
    await insertBooking(ctx.db, tenant.company.id, route, { status: 'cancelled' });
    const download = (query: string, headers: Record<string, string>) =>
      ctx.app.inject({ method: 'GET', url: `/api/booking/export?${query}`, headers });
    const response = await download('status=confirmed', tenant.headers);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(lines[0]).toBe(
      'Reference,Customer name,Phone,E-mail,Vehicle,Car park,Departure (local time),Arrival (local time),Status,Total,Paid,Outstanding',
    );
    expect(lines.slice(1)).toEqual([
      `${kept.reference},'=cmd(),,grace@example.com,XY34 ZZZ,${route.carPark.name},2026-06-10 09:00:00,2026-06-12 19:00:00,Confirmed,12.34,0.00,12.34`,
    ]);
    const tamil = await download('status=confirmed', { ...tenant.headers, 'accept-language': 'ta' });
    expect(tamil.body).toContain('குறிப்பு எண்');
    const stranger = await createTenant(ctx);
    const theirs = await download('', stranger.headers);
    expect(theirs.statusCode).toBe(200);
    expect(
      theirs.body
        .replace(/^\uFEFF/, '')
        .split('\r\n')
        .filter(Boolean),
    ).toHaveLength(1);
    expect((await download('status=lost', tenant.headers)).statusCode).toBe(400);
  });
});

describe('the cars on site at scale', () => {
  it("keep their booking's due time, registration and reference in step, whatever writes the booking", async () => {
    const tenant = await createTenant(ctx);
    const route = await insertBookingRoute(ctx.db, tenant.company.id);
    const soon = await insertBooking(ctx.db, tenant.company.id, route, { status: 'parked', vehicle_reg: 'SO11 ONE' });
    const later = await insertBooking(ctx.db, tenant.company.id, route, {
      status: 'parked',
      vehicle_reg: 'LA22 TER',
      arrival_at: new Date('2026-06-13T18:00:00Z'),
      end_day: '2026-06-13',
    });
    for (const booking of [later, soon])
      await ctx.db.insert(carPlaces).values({ company_id: tenant.company.id, booking_id: booking.id, placed_at: new Date() });
    const [copied] = await ctx.db.select().from(carPlaces).where(eq(carPlaces.booking_id, soon.id));
    expect(copied).toMatchObject({ arrival_at: soon.arrival_at, vehicle_reg: 'SO11 ONE', reference: soon.reference });
    const onSite = async (query = '') => {
      const response = await call(ctx.app, 'GET', `/api/handover/on-site/list?${query}`, tenant.headers);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body.data as Array<{ booking_id: number }>).map((row) => row.booking_id);
    };
    expect(await onSite()).toEqual([soon.id, later.id]);
    // The soon one comes back later and gets a new plate: the order and the search follow.
    await ctx.db
      .update(bookings)
      .set({ arrival_at: new Date('2026-06-14T18:00:00Z'), end_day: '2026-06-14', vehicle_reg: 'NE33 WER' })
      .where(eq(bookings.id, soon.id));
    expect(await onSite()).toEqual([later.id, soon.id]);
    expect(await onSite('search=ne33')).toEqual([soon.id]);
    expect(await onSite('search=so11')).toEqual([]);
    // The copies are the database's: a write of them is put back.
    await ctx.db.update(carPlaces).set({ vehicle_reg: 'FA44 KED' }).where(eq(carPlaces.booking_id, later.id));
    expect(await onSite('search=fa44')).toEqual([]);
  });
});
