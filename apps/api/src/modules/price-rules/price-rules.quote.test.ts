import type { PriceRuleSimulationResult, Quote } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type BookingRoute,
  bookingBody,
  createBookingThroughApi,
  insertBooking,
  insertBookingRoute,
} from '../../../test/factories/bookings.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createTenant, type Tenant } from '../../../test/kit.ts';
import { bands, bookings } from '../../db/schema/index.ts';
import { addDays, dayAt } from '../../lib/dates.ts';
import { translator } from '../../lib/i18n.ts';
import { createQuoteService } from '../quote/quote.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type World = Tenant & { company: NonNullable<Tenant['company']>; route: BookingRoute };

async function world(options: { timeZone?: string; capacity?: number } = {}): Promise<World> {
  const tenant = await createTenant(ctx);
  const route = await insertBookingRoute(ctx.db, tenant.company.id, options);
  return { ...tenant, route };
}

async function addRule(w: Tenant, body: Record<string, unknown>) {
  const response = await call(ctx.app, 'POST', '/api/price-rule/add', w.headers, { status: 1, position: 1, ...body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.data as { id: number; name: string };
}

async function quote(w: World, params: Record<string, string>, language = 'en') {
  const query = new URLSearchParams({
    airport_id: String(w.route.airport.id),
    departure_id: String(w.route.carPark.id),
    arrival_id: String(w.route.terminal.id),
    ...params,
  });
  const response = await call(ctx.app, 'GET', `/api/location-price/admin/list?${query}`, { ...w.headers, 'accept-language': language });
  return { ...response, quote: (response.body.data as { quote: Quote } | undefined)?.quote as Quote };
}

const ruleTexts = (q: Quote) =>
  q.explanation.filter((step) => step.step === 'rule' || step.step === 'price_limit').map((step) => step.text);

describe('price rules in the quote', () => {
  it('prices a departure just after midnight at the airport by its local day, not the UTC one', async () => {
    const w = await world({ timeZone: 'Asia/Kolkata' });
    await addRule(w, {
      name: 'August',
      valid_from: '2026-08-01',
      valid_to: '2026-08-31',
      kind: 'days',
      config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 10 },
    });
    // 19:00 UTC on 31 July is 00:30 on 1 August in Kolkata: August, the short stay's August default 1008, +10 %.
    const august = await createBookingThroughApi(ctx, w, w.route, {
      departure_at: '2026-07-31T19:00:00Z',
      arrival_at: '2026-08-02T10:00:00Z',
    });
    expect(august.base_price).toBe(1109);
    // 18:00 UTC on 31 July is 23:30 on 31 July there: July's price (1007), no rule.
    const july = await createBookingThroughApi(ctx, w, w.route, {
      departure_at: '2026-07-31T18:00:00Z',
      arrival_at: '2026-08-02T10:00:00Z',
    });
    expect(july.base_price).toBe(1007);
  });

  it('explains occupancy and days rules in order, in English and Tamil, and counts the busiest day of the stay', async () => {
    const w = await world({ capacity: 10 });
    await addRule(w, {
      name: 'Summer busy',
      position: 1,
      valid_from: '2026-06-01',
      valid_to: '2026-08-31',
      kind: 'occupancy',
      config: {
        steps: [
          { above: 50, percent: 5 },
          { above: 80, percent: 15 },
        ],
      },
    });
    await addRule(w, {
      name: 'August Saturday',
      position: 2,
      valid_from: '2026-08-01',
      valid_to: '2026-08-31',
      kind: 'days',
      config: { weekdays: [6], percent: 10 },
    });
    // 9 of 10 spaces held on 16 August (a day inside the stay 15-17 August), 2 on 15 August; a cancelled stay does not count.
    for (let i = 0; i < 9; i++) {
      await insertBooking(ctx.db, w.company.id, w.route, { start_day: '2026-08-16', end_day: '2026-08-20' });
    }
    await insertBooking(ctx.db, w.company.id, w.route, { start_day: '2026-08-16', end_day: '2026-08-20', status: 'cancelled' });
    const result = await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    // 1008 (August, short stay) +15 % = 1159, +10 % = 1275.
    expect(result.quote.grid_price).toBe(1008);
    expect(result.quote.base_price).toBe(1275);
    expect(result.quote.total).toBe(1275);
    expect(ruleTexts(result.quote)).toEqual([
      `Summer busy: the car park ${w.route.carPark.name} is 90 % full on 16 August 2026 (above 80 %): +15 %, £10.08 → £11.59.`,
      'August Saturday: departure on Saturday, 15 August 2026: +10 %, £11.59 → £12.75.',
    ]);
    const tamil = await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' }, 'ta');
    expect(ruleTexts(tamil.quote)[0]).toContain('90 % நிரம்பியுள்ளது');
    expect(tamil.quote.base_price).toBe(1275);
    // A stay before the busy days: 0 % full, only the Saturday.
    const early = await quote(w, { departure_date: '2026-08-01', arrival_date: '2026-08-03' });
    expect(ruleTexts(early.quote)).toEqual(['August Saturday: departure on Saturday, 1 August 2026: +10 %, £10.08 → £11.09.']);
  });

  it('applies no draft, and nothing of another company', async () => {
    const w = await world();
    const other = await world();
    await addRule(w, {
      name: 'Draft surge',
      status: 0,
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      kind: 'days',
      config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 50 },
    });
    await addRule(other, {
      name: 'Theirs',
      valid_from: '2026-01-01',
      valid_to: '2026-12-31',
      kind: 'days',
      config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 50 },
    });
    const result = await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' });
    expect(result.quote.base_price).toBe(1008);
    expect(ruleTexts(result.quote)).toEqual([]);
  });

  it('refuses a short stay and a blackout day with their codes, in the caller language', async () => {
    const w = await world();
    await addRule(w, { name: 'August weeks', valid_from: '2026-08-01', valid_to: '2026-08-31', kind: 'min_stay', config: { min_days: 5 } });
    await addRule(w, {
      name: 'Air show',
      position: 2,
      valid_from: '2026-09-01',
      valid_to: '2026-09-30',
      kind: 'blackout',
      config: { dates: ['2026-09-12'] },
    });
    const short = await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' });
    expect(short.status).toBe(400);
    expect(short.body).toMatchObject({
      error: 'quote_min_stay',
      message: 'The rule “August weeks” needs a stay of at least 5 days; this stay is 3 days.',
    });
    expect((await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-19' })).status).toBe(200);
    const closed = await quote(w, { departure_date: '2026-09-12', arrival_date: '2026-09-14' }, 'ta');
    expect(closed.status).toBe(400);
    expect(closed.body.error).toBe('quote_blackout');
    expect(closed.body.message).toContain('முன்பதிவுகளுக்கு மூடுகிறது');
    // The booking add is refused the same way, nothing written.
    const add = await call(
      ctx.app,
      'POST',
      '/api/booking/add',
      w.headers,
      bookingBody(w.route, { departure_at: '2026-09-12T08:00:00Z', arrival_at: '2026-09-14T08:00:00Z' }),
    );
    expect(add.status).toBe(400);
    expect(add.body.error).toBe('quote_blackout');
    expect(await ctx.db.select().from(bookings).where(eq(bookings.company_id, w.company.id))).toEqual([]);
  });

  it("holds the band's floor and ceiling, set on the band's form", async () => {
    const w = await world();
    const band = w.route.bands.short;
    const limits = await call(ctx.app, 'PATCH', `/api/band/update/${band.id}`, w.headers, { floor_price: 900, ceiling_price: 1200 });
    expect(limits.status, JSON.stringify(limits.body)).toBe(200);
    expect(limits.body.data).toMatchObject({ floor_price: 900, ceiling_price: 1200 });
    const reversed = await call(ctx.app, 'PATCH', `/api/band/update/${band.id}`, w.headers, { floor_price: 1300 });
    expect(reversed.status).toBe(400);
    const rule = await addRule(w, {
      name: 'Surge',
      valid_from: '2026-08-01',
      valid_to: '2026-08-31',
      kind: 'days',
      config: { weekdays: [6], percent: 100 },
    });
    const high = await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' });
    expect(high.quote.base_price).toBe(1200);
    expect(high.quote.explanation.find((step) => step.step === 'price_limit')?.data).toMatchObject({ limit: 'ceiling', before: 2016 });
    await call(ctx.app, 'PATCH', `/api/price-rule/update/${rule.id}`, w.headers, { kind: 'days', config: { weekdays: [6], percent: -50 } });
    expect((await quote(w, { departure_date: '2026-08-15', arrival_date: '2026-08-17' })).quote.base_price).toBe(900);
  });

  it('counts the lead time from an injected booking time on the airport clock', async () => {
    const w = await world();
    await addRule(w, {
      name: 'Early bird',
      valid_from: '2026-01-01',
      valid_to: '2027-12-31',
      kind: 'lead_time',
      config: { mode: 'early_bird', days: 30, percent: -10 },
    });
    const service = createQuoteService(ctx.db);
    const caller = { companyId: w.company.id, language: 'en' as const, t: translator('en') };
    const query = {
      airport_id: w.route.airport.id,
      departure_id: w.route.carPark.id,
      arrival_id: w.route.terminal.id,
      departure_date: '2026-08-15',
      arrival_date: '2026-08-17',
    };
    const early = await service.quote(caller, query, { now: new Date('2026-07-16T12:00:00Z') });
    expect(early.quote.base_price).toBe(907);
    expect(early.quote.explanation.find((step) => step.step === 'rule')?.text).toBe(
      'Early bird: booked 30 days ahead (at least 30): −10 %, £10.08 → £9.07.',
    );
    // 23:30 UTC on 16 July is 00:30 on 17 July in London: 29 days ahead.
    expect((await service.quote(caller, query, { now: new Date('2026-07-16T23:30:00Z') })).quote.base_price).toBe(1008);
  });
});

describe('a booking keeps the price it was sold at', () => {
  it('is not changed by a later rule change; a re-pricing update uses the rules as they are then', async () => {
    const w = await world();
    const rule = await addRule(w, {
      name: 'June',
      valid_from: '2026-06-01',
      valid_to: '2026-06-30',
      kind: 'days',
      config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 10 },
    });
    // The factory's stay: 10-12 June, the short stay's June default 1006, +10 % = 1107.
    const sold = await createBookingThroughApi(ctx, w, w.route);
    expect(sold.total).toBe(1107);
    expect(
      (
        await call(ctx.app, 'PATCH', `/api/price-rule/update/${rule.id}`, w.headers, {
          kind: 'days',
          config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 50 },
        })
      ).status,
    ).toBe(200);
    const kept = await call(ctx.app, 'GET', `/api/booking/get/${sold.id}`, w.headers);
    expect(kept.body.data).toMatchObject({ base_price: 1107, total: 1107 });
    // A change that does not re-price keeps it too.
    const notes = await call(ctx.app, 'PATCH', `/api/booking/update/${sold.id}`, w.headers, { notes: 'Blue car' });
    expect(notes.status).toBe(200);
    expect(notes.body.data).toMatchObject({ total: 1107 });
    // A new departure time re-prices with the rule as it is now: 1006 +50 % = 1509.
    const moved = await call(ctx.app, 'PATCH', `/api/booking/update/${sold.id}`, w.headers, { departure_at: '2026-06-10T09:00:00Z' });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data).toMatchObject({ base_price: 1509, total: 1509 });
  });
});

describe('the simulation', () => {
  it("re-prices last month's bookings with a draft rule set at their own booking time, and sums them", async () => {
    const w = await world();
    const other = await world();
    const today = dayAt(new Date(), 'Europe/London');
    const departure = addDays(today, -10);
    const month = Number(departure.slice(5, 7));
    const draft = await addRule(w, {
      name: 'Everyday plus',
      status: 0,
      valid_from: addDays(today, -60),
      valid_to: addDays(today, 60),
      kind: 'days',
      config: { weekdays: [1, 2, 3, 4, 5, 6, 7], percent: 10 },
    });
    const early = await addRule(w, {
      name: 'Early bird',
      status: 0,
      position: 2,
      valid_from: addDays(today, -60),
      valid_to: addDays(today, 60),
      kind: 'lead_time',
      config: { mode: 'early_bird', days: 20, percent: -20 },
    });
    const at = (day: string) => new Date(`${day}T08:00:00Z`);
    // Booked 30 days ahead (early bird) and 2 days ahead (not), each paid 1000; one outside the period, one cancelled.
    const ahead = await insertBooking(ctx.db, w.company.id, w.route, {
      start_day: departure,
      end_day: addDays(departure, 2),
      departure_at: at(departure),
      arrival_at: at(addDays(departure, 2)),
      created_at: at(addDays(departure, -30)),
    });
    const late = await insertBooking(ctx.db, w.company.id, w.route, {
      start_day: departure,
      end_day: addDays(departure, 2),
      departure_at: at(departure),
      arrival_at: at(addDays(departure, 2)),
      created_at: at(addDays(departure, -2)),
    });
    await insertBooking(ctx.db, w.company.id, w.route, { start_day: addDays(today, -40), end_day: addDays(today, -38) });
    await insertBooking(ctx.db, w.company.id, w.route, { start_day: departure, end_day: addDays(departure, 2), status: 'cancelled' });

    const response = await call(ctx.app, 'POST', '/api/price-rule/simulate', w.headers, {
      period: 'last_month',
      rule_ids: [draft.id, early.id],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const result = response.body.data as PriceRuleSimulationResult;
    const grid = 1000 + month; // the short stay's default of the departure month
    const plus = grid + Math.floor((grid * 10 + 50) / 100);
    const earlyPrice = plus + Math.floor((plus * -20 + 50) / 100);
    expect(result).toMatchObject({ period: 'last_month', from: addDays(today, -30), to: addDays(today, -1), count: 2, refused: 0 });
    expect(result.total_before).toBe(2000);
    expect(result.total_after).toBe(earlyPrice + plus);
    expect(result.difference).toBe(earlyPrice + plus - 2000);
    expect(result.rows.map((row) => [row.booking_id, row.paid, row.simulated, row.rules])).toEqual([
      [ahead.id, 1000, earlyPrice, ['Everyday plus', 'Early bird']],
      [late.id, 1000, plus, ['Everyday plus']],
    ]);
    // The drafts changed no booking, and the live quote still ignores them.
    expect((await ctx.db.select({ total: bookings.total }).from(bookings).where(eq(bookings.id, ahead.id)))[0]?.total).toBe(1000);

    // Another company's admin cannot simulate with these rules (400 on rule_ids), nor read them (404).
    const theirs = await call(ctx.app, 'POST', '/api/price-rule/simulate', other.headers, { period: 'last_month', rule_ids: [draft.id] });
    expect(theirs.status).toBe(400);
    expect(theirs.body.details).toMatchObject([{ field: 'rule_ids' }]);
    expect((await call(ctx.app, 'GET', `/api/price-rule/get/${draft.id}`, other.headers)).status).toBe(404);
    const own = await call(ctx.app, 'POST', '/api/price-rule/simulate', other.headers, { period: 'last_month' });
    expect(own.body.data).toMatchObject({ count: 0, total_before: 0, rule_ids: [] });
  });

  it('counts a booking a draft minimum stay would refuse, with its reason, outside the totals', async () => {
    const w = await world();
    const today = dayAt(new Date(), 'Europe/London');
    await addRule(w, {
      name: 'Week minimum',
      status: 0,
      valid_from: addDays(today, -1),
      valid_to: addDays(today, 40),
      kind: 'min_stay',
      config: { min_days: 7 },
    });
    await insertBooking(ctx.db, w.company.id, w.route, { start_day: addDays(today, 3), end_day: addDays(today, 5) });
    const response = await call(ctx.app, 'POST', '/api/price-rule/simulate', w.headers, { period: 'next_30_days' });
    expect(response.body.data).toMatchObject({ count: 1, refused: 1, total_before: 0, total_after: 0 });
    expect((response.body.data as PriceRuleSimulationResult).rows[0]?.refused).toBe(
      'The rule “Week minimum” needs a stay of at least 7 days; this stay is 3 days.',
    );
  });

  it("refuses a config that does not fit its kind, and another company's car park", async () => {
    const w = await world();
    const other = await world();
    const bad = await call(ctx.app, 'POST', '/api/price-rule/add', w.headers, {
      name: 'Bad',
      position: 1,
      valid_from: '2026-08-01',
      valid_to: '2026-07-01',
      kind: 'occupancy',
      config: { steps: [{ above: 120, percent: 0 }] },
    });
    expect(bad.status).toBe(400);
    const fields = (bad.body.details as { field: string }[]).map((detail) => detail.field).sort();
    expect(fields).toEqual(['config.steps.0.above', 'config.steps.0.percent', 'valid_to']);
    const foreign = await call(ctx.app, 'POST', '/api/price-rule/add', w.headers, {
      name: 'Foreign',
      position: 1,
      valid_from: '2026-08-01',
      valid_to: '2026-08-31',
      location_ids: [other.route.carPark.id],
      kind: 'days',
      config: { weekdays: [6], percent: 10 },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.details).toMatchObject([{ field: 'location_ids' }]);
    expect(await ctx.db.select().from(bands).where(eq(bands.company_id, w.company.id))).toHaveLength(5);
  });
});
