import type { Quote, QuotePriceRow } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  insertBand,
  insertBandMonth,
  insertLocation,
  insertLocationPrice,
  insertPackage,
  insertPricedRoute,
  insertService,
  insertVoucher,
} from '../../../test/factories/quote.ts';
import { createAirport } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Headers } from '../../../test/kit.ts';
import { bandMonths, companies } from '../../db/schema/index.ts';
import { discountOf, percentOf, stayDays } from './quote.service.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type World = Awaited<ReturnType<typeof world>>;

/** A company with a signed-in admin and a priced route (test/factories/quote.ts). */
async function world(timeZone = 'Europe/London') {
  const tenant = await createTenant(ctx);
  const route = await insertPricedRoute(ctx.db, tenant.company.id, timeZone);
  return { ...tenant, ...route, companyId: tenant.company.id };
}

interface QuoteParams {
  departure_date: string;
  arrival_date: string;
  package_id?: number;
  service_ids?: string;
  voucher_code?: string;
  type?: string;
  airport_id?: number;
  departure_id?: number;
  arrival_id?: number;
}

/** The price search for the world's car park (departure and arrival the same car park unless told). */
async function quote(w: World, params: QuoteParams, headers: Headers = w.headers) {
  const all: Record<string, string | number> = {
    airport_id: w.airport.id,
    departure_id: w.carPark.id,
    arrival_id: w.carPark.id,
    ...params,
  };
  const query = new URLSearchParams(Object.entries(all).map(([key, value]): [string, string] => [key, String(value)]));

  const response = await call(ctx.app, 'GET', `/api/location-price/admin/list?${query}`, headers);
  const data = response.body.data as { prices: QuotePriceRow[]; quote: Quote } | undefined;
  return { ...response, quote: data?.quote as Quote, prices: data?.prices as QuotePriceRow[] };
}

const stepOf = (q: Quote, step: Quote['explanation'][number]['step']) => {
  const found = q.explanation.find((entry) => entry.step === step);
  if (!found) throw new Error(`no ${step} step`);
  return found;
};

const fields = (body: Record<string, unknown>) => ((body.details as { field: string }[] | undefined) ?? []).map((detail) => detail.field);

describe('days', () => {
  it('counts both dates: Monday to Wednesday is 3 days, the same day is 1', async () => {
    const w = await world();
    const monToWed = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-04' });
    expect(monToWed.status).toBe(200);
    expect(monToWed.quote.days).toBe(3);
    expect(stepOf(monToWed.quote, 'days').data).toEqual({ departure_date: '2026-03-02', arrival_date: '2026-03-04', days: 3 });
    const sameDay = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02' });
    expect(sameDay.quote.days).toBe(1);
    // Across the clocks going forward (29 March 2026 in London) and a leap day: calendar days, not hours.
    expect((await quote(w, { departure_date: '2026-03-28', arrival_date: '2026-03-30' })).quote.days).toBe(3);
    expect(stayDays('2028-02-28', '2028-03-01')).toBe(3);
  });
});

describe('band', () => {
  it('is the active parking band holding the days when no package is given', async () => {
    const w = await world();
    const cases: [string, string, number][] = [
      ['2026-03-02', '2026-03-04', w.bands.short.id],
      ['2026-03-02', '2026-03-05', w.bands.week.id],
      ['2026-03-02', '2026-03-08', w.bands.week.id],
      ['2026-03-02', '2026-03-09', w.bands.fortnight.id],
    ];
    for (const [departure, arrival, bandId] of cases) {
      const result = await quote(w, { departure_date: departure, arrival_date: arrival });
      expect(result.quote.band.id).toBe(bandId);
      expect(stepOf(result.quote, 'band').data).toMatchObject({ band_id: bandId, reason: 'parking' });
    }
  });

  it("is a band of the package's type when a package is given", async () => {
    const w = await world();
    const valet = await insertPackage(ctx.db, w.companyId, { name: 'Meet and Greet Standard', type: 'meet_and_greet', price: 1500 });
    const result = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-04', package_id: valet.id });
    expect(result.status).toBe(200);
    expect(result.quote.band).toMatchObject({ id: w.bands.valet.id, type: 'meet_and_greet' });
    expect(result.quote.base_price).toBe(5003);
    expect(stepOf(result.quote, 'band').data).toMatchObject({ reason: 'package', package_id: valet.id, band_type: 'meet_and_greet' });
  });

  it('is a band of the requested type without a package; the package type wins over it', async () => {
    const w = await world();
    const valetType = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-04', type: 'meet_and_greet' });
    expect(valetType.status).toBe(200);
    expect(valetType.quote.band).toMatchObject({ id: w.bands.valet.id, type: 'meet_and_greet' });
    expect(stepOf(valetType.quote, 'band')).toMatchObject({
      data: { reason: 'type', band_type: 'meet_and_greet' },
      text: 'No package was chosen and the stay is meet and greet, so meet and greet bands apply: a stay of 3 days falls in the band “Valet week” (1–7 days).',
    });
    const parkingPackage = await insertPackage(ctx.db, w.companyId, { type: 'parking' });
    const packageWins = await quote(w, {
      departure_date: '2026-03-02',
      arrival_date: '2026-03-04',
      type: 'meet_and_greet',
      package_id: parkingPackage.id,
    });
    expect(packageWins.quote.band).toMatchObject({ id: w.bands.short.id, type: 'parking' });
    const noBand = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-04', type: 'park_and_ride' });
    expect(noBand.status).toBe(404);
    expect(noBand.body.code).toBe('quote_no_band');
    expect((await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-04', type: 'valet' })).status).toBe(400);
  });

  it('leaves inactive bands out', async () => {
    const w = await world();
    const inactive = await insertBand(ctx.db, w.companyId, { name: 'Old long stay', min_days: 15, max_days: 30, status: 0 });
    await insertBandMonth(ctx.db, w.companyId, inactive.id, 3, 9999);
    const result = await quote(w, { departure_date: '2026-03-01', arrival_date: '2026-03-20' });
    expect(result.status).toBe(404);
    expect(result.body.code).toBe('quote_no_band');
  });

  it('answers 404 quote_no_band naming the days and the type', async () => {
    const w = await world();
    const tooLong = await quote(w, { departure_date: '2026-03-01', arrival_date: '2026-03-20' });
    expect(tooLong.status).toBe(404);
    expect(tooLong.body).toMatchObject({
      code: 'quote_no_band',
      message: 'No active parking band covers a stay of 20 days. Add one under Bands or change the dates.',
    });
    const shuttle = await insertPackage(ctx.db, w.companyId, { type: 'park_and_ride' });
    const noType = await quote(w, { departure_date: '2026-03-01', arrival_date: '2026-03-01', package_id: shuttle.id });
    expect(noType.status).toBe(404);
    expect(noType.body.message).toBe('No active park and ride band covers a stay of 1 day. Add one under Bands or change the dates.');
    // A stay far longer than any band (and than a smallint) is the same clear answer, never a 500.
    const years = await quote(w, { departure_date: '2026-01-01', arrival_date: '2226-01-01' });
    expect(years.status).toBe(404);
    expect(years.body.code).toBe('quote_no_band');
  });
});

describe('month', () => {
  it('is the month of the departure date: the last day of a month and the first of the next', async () => {
    const w = await world();
    const march = await quote(w, { departure_date: '2026-03-31', arrival_date: '2026-03-31' });
    expect(march.quote.month).toBe(3);
    expect(march.quote.base_price).toBe(1003);
    const april = await quote(w, { departure_date: '2026-04-01', arrival_date: '2026-04-01' });
    expect(april.quote.month).toBe(4);
    expect(april.quote.base_price).toBe(1004);
    const newYear = await quote(w, { departure_date: '2026-12-31', arrival_date: '2027-01-01' });
    expect(newYear.quote.month).toBe(12);
    expect(newYear.quote.base_price).toBe(1012);
  });

  it('decides for a stay that crosses into a new month', async () => {
    const w = await world();
    const result = await quote(w, { departure_date: '2026-03-30', arrival_date: '2026-04-02' });
    expect(result.quote).toMatchObject({ days: 4, month: 3, base_price: 2003 });
    expect(stepOf(result.quote, 'month').text).toBe(
      'The departure date 30 Mar 2026 is in March, so March prices apply, even if the stay runs into the next month.',
    );
  });

  it("is the airport's calendar day whatever its time zone (no shift to UTC or the server's zone)", async () => {
    for (const zone of ['Pacific/Kiritimati', 'America/Los_Angeles', 'Asia/Colombo', 'Pacific/Pago_Pago']) {
      const w = await world(zone);
      const lastOfMarch = await quote(w, { departure_date: '2026-03-31', arrival_date: '2026-04-01' });
      expect(lastOfMarch.quote).toMatchObject({ month: 3, days: 2, base_price: 1003 });
      const firstOfApril = await quote(w, { departure_date: '2026-04-01', arrival_date: '2026-04-01' });
      expect(firstOfApril.quote).toMatchObject({ month: 4, days: 1, base_price: 1004 });
    }
  });
});

describe('base price', () => {
  it("is the route's price for the band and month first", async () => {
    const w = await world();
    const all = await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      month: null,
      price: 1500,
    });
    const march = await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      month: 3,
      price: 1750,
    });
    const result = await quote(w, { departure_date: '2026-03-10', arrival_date: '2026-03-11' });
    expect(result.quote).toMatchObject({
      base_price: 1750,
      base_price_source: 'route_month',
      location_price_id: march.id,
      band_month_id: null,
    });
    expect(stepOf(result.quote, 'base_price').data).toMatchObject({ source: 'route_month', location_price_id: march.id, price: 1750 });
    // Every row of the route comes back, with the band's name and type.
    expect(result.prices.map((row) => row.id).sort()).toEqual([all.id, march.id].sort());
    expect(result.prices.find((row) => row.id === march.id)).toEqual({
      id: march.id,
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      band_name: 'Short stay',
      band_type: 'parking',
      month: 3,
      price: 1750,
    });
  });

  it("is else the route's price for the band in every month (month null)", async () => {
    const w = await world();
    const all = await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      month: null,
      price: 1500,
    });
    // A price of another month and of another band do not count.
    await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      month: 4,
      price: 1900,
    });
    await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.week.id,
      month: 3,
      price: 2900,
    });
    const result = await quote(w, { departure_date: '2026-03-10', arrival_date: '2026-03-11' });
    expect(result.quote).toMatchObject({ base_price: 1500, base_price_source: 'route_all_months', location_price_id: all.id });
    expect(result.prices).toHaveLength(3);
  });

  it('is else the band-month default, and a price of another route does not count', async () => {
    const w = await world();
    await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.terminal.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.short.id,
      month: 3,
      price: 111,
    });
    const [defaultRow] = await ctx.db.select().from(bandMonths).where(eq(bandMonths.band_id, w.bands.short.id));
    const result = await quote(w, { departure_date: '2026-03-10', arrival_date: '2026-03-11' });
    expect(result.quote).toMatchObject({ base_price: 1003, base_price_source: 'band_month', location_price_id: null });
    expect(result.quote.band_month_id).toBeTypeOf('number');
    expect(defaultRow).toBeDefined();
    expect(result.prices).toEqual([]);
  });

  it('answers 404 quote_no_price naming the band and month when there is none, never a quote of 0', async () => {
    const w = await world();
    const lonely = await insertBand(ctx.db, w.companyId, { name: 'Long stay', min_days: 15, max_days: 30 });
    const result = await quote(w, { departure_date: '2026-06-01', arrival_date: '2026-06-20' });
    expect(result.status).toBe(404);
    expect(result.body).toMatchObject({
      code: 'quote_no_price',
      message:
        'There is no price for the band “Long stay” in June. Add a price for this route, or a default price for the band in that month.',
    });
    await insertBandMonth(ctx.db, w.companyId, lonely.id, 7, 4000);
    expect((await quote(w, { departure_date: '2026-06-01', arrival_date: '2026-06-20' })).status).toBe(404);
    expect((await quote(w, { departure_date: '2026-07-01', arrival_date: '2026-07-20' })).quote.base_price).toBe(4000);
  });
});

describe('package, services and voucher', () => {
  it('adds the package and each service, and lists them', async () => {
    const w = await world();
    const pkg = await insertPackage(ctx.db, w.companyId, { name: 'Valet Plus', type: 'meet_and_greet', price: 1200 });
    const wash = await insertService(ctx.db, w.companyId, { name: 'Car wash', price: 1500 });
    const ev = await insertService(ctx.db, w.companyId, { name: 'EV charging', price: 2250 });
    const result = await quote(w, {
      departure_date: '2026-03-02',
      arrival_date: '2026-03-04',
      package_id: pkg.id,
      service_ids: `${ev.id},${wash.id}`,
    });
    expect(result.status).toBe(200);
    expect(result.quote).toMatchObject({
      base_price: 5003,
      package_price: 1200,
      services_price: 3750,
      subtotal: 9953,
      discount: 0,
      total: 9953,
      currency: 'GBP',
      package: { id: pkg.id, name: 'Valet Plus', type: 'meet_and_greet', price: 1200 },
      voucher: null,
    });
    expect(result.quote.services).toEqual([
      { id: wash.id, name: 'Car wash', price: 1500 },
      { id: ev.id, name: 'EV charging', price: 2250 },
    ]);
    expect(stepOf(result.quote, 'services').text).toBe('Additional services (Car wash £15.00, EV charging £22.50) add £37.50.');
    expect(stepOf(result.quote, 'total').text).toBe(
      'Base price £50.03 + package £12.00 + services £37.50 − discount £0.00 = £99.53 to pay.',
    );
  });

  it('rounds a percent discount half up to the minor unit', async () => {
    expect(percentOf(1005, 10)).toBe(101);
    expect(percentOf(1004, 10)).toBe(100);
    expect(percentOf(1015, 10)).toBe(102);
    const w = await world();
    const wash = await insertService(ctx.db, w.companyId, { price: 2 });
    // Subtotal 1003 + 2 = 1005; 10 % is 100.5, which rounds up to 101.
    const voucher = await insertVoucher(ctx.db, w.companyId, { code: 'TENOFF', discount_type: 'percent', discount_value: 10 });
    const result = await quote(w, {
      departure_date: '2026-03-02',
      arrival_date: '2026-03-02',
      service_ids: String(wash.id),
      voucher_code: 'TENOFF',
    });
    expect(result.quote).toMatchObject({ subtotal: 1005, discount: 101, total: 904 });
    expect(result.quote.voucher).toEqual({ id: voucher.id, code: 'TENOFF', discount_type: 'percent', discount_value: 10 });
    expect(stepOf(result.quote, 'voucher').data).toMatchObject({ voucher_id: voucher.id, subtotal: 1005, discount: 101, capped: false });
    expect(stepOf(result.quote, 'voucher').text).toBe('Voucher TENOFF gives 10% off the subtotal of £10.05: £1.01 off (rounded half up).');
  });

  it('takes a fixed discount off, and never more than the subtotal', async () => {
    const w = await world();
    await insertVoucher(ctx.db, w.companyId, { code: 'FIVER', discount_type: 'fixed', discount_value: 500 });
    await insertVoucher(ctx.db, w.companyId, { code: 'HUGE', discount_type: 'fixed', discount_value: 100_000 });
    await insertVoucher(ctx.db, w.companyId, { code: 'ALL', discount_type: 'percent', discount_value: 100 });
    const fixed = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'FIVER' });
    expect(fixed.quote).toMatchObject({ subtotal: 1003, discount: 500, total: 503 });
    const capped = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'HUGE' });
    expect(capped.quote).toMatchObject({ subtotal: 1003, discount: 1003, total: 0 });
    expect(stepOf(capped.quote, 'voucher').data.capped).toBe(true);
    expect(stepOf(capped.quote, 'voucher').text).toBe(
      'Voucher HUGE gives £1,000.00 off, more than the subtotal of £10.03, so the discount stops at £10.03.',
    );
    const whole = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'ALL' });
    expect(whole.quote).toMatchObject({ discount: 1003, total: 0 });
    expect(discountOf({ discount_type: 'fixed', discount_value: 10 }, 5)).toEqual({ discount: 5, capped: true });
  });

  it('finds the code whatever its case', async () => {
    const w = await world();
    await insertVoucher(ctx.db, w.companyId, { code: 'Summer10', discount_type: 'percent', discount_value: 10 });
    for (const code of ['summer10', 'SUMMER10', 'Summer10']) {
      const result = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: code });
      expect(result.status).toBe(200);
      expect(result.quote.voucher?.code).toBe('Summer10');
    }
  });

  it('holds the usage limit: used up is 400 voucher_used_up, under it or unlimited applies', async () => {
    const w = await world();
    await insertVoucher(ctx.db, w.companyId, {
      code: 'USEDUP',
      discount_type: 'fixed',
      discount_value: 100,
      usage_limit: 2,
      times_used: 2,
    });
    await insertVoucher(ctx.db, w.companyId, {
      code: 'ONELEFT',
      discount_type: 'fixed',
      discount_value: 100,
      usage_limit: 2,
      times_used: 1,
    });
    await insertVoucher(ctx.db, w.companyId, {
      code: 'ENDLESS',
      discount_type: 'fixed',
      discount_value: 100,
      usage_limit: null,
      times_used: 5000,
    });
    const usedUp = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'USEDUP' });
    expect(usedUp.status).toBe(400);
    expect(usedUp.body).toMatchObject({ code: 'voucher_used_up', message: 'This voucher has reached its usage limit.' });
    expect(fields(usedUp.body)).toEqual(['voucher_code']);
    expect((await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'ONELEFT' })).quote.discount).toBe(
      100,
    );
    expect((await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'ENDLESS' })).quote.discount).toBe(
      100,
    );
  });

  it('holds the dates: valid from and to the departure date inclusive, else 400 voucher_not_valid', async () => {
    const w = await world();
    await insertVoucher(ctx.db, w.companyId, {
      code: 'MARCH',
      discount_type: 'fixed',
      discount_value: 100,
      valid_from: '2026-03-01',
      valid_to: '2026-03-31',
    });
    const ok = async (date: string) => (await quote(w, { departure_date: date, arrival_date: date, voucher_code: 'MARCH' })).status;
    expect(await ok('2026-03-01')).toBe(200);
    expect(await ok('2026-03-31')).toBe(200);
    const early = await quote(w, { departure_date: '2026-02-28', arrival_date: '2026-03-02', voucher_code: 'MARCH' });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ code: 'voucher_not_valid', message: 'This voucher is not valid on the departure date.' });
    expect(fields(early.body)).toEqual(['voucher_code']);
    // The departure date decides, even when the stay ends after the voucher.
    expect((await quote(w, { departure_date: '2026-03-31', arrival_date: '2026-04-03', voucher_code: 'MARCH' })).status).toBe(200);
    expect(await ok('2026-04-01')).toBe(400);
  });

  it('refuses an inactive voucher (400 voucher_inactive) and an unknown one (404 voucher_unknown)', async () => {
    const w = await world();
    await insertVoucher(ctx.db, w.companyId, { code: 'SLEEPING', discount_type: 'fixed', discount_value: 100, status: 0 });
    const inactive = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'sleeping' });
    expect(inactive.status).toBe(400);
    expect(inactive.body).toMatchObject({ code: 'voucher_inactive', message: 'This voucher is not active.' });
    const unknown = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02', voucher_code: 'NOPE' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'voucher_unknown', message: 'There is no voucher with this code.' });
    expect(fields(unknown.body)).toEqual(['voucher_code']);
  });
});

describe('explanation', () => {
  it('gives every step as data and as an English sentence', async () => {
    const w = await world();
    await insertLocationPrice(ctx.db, w.companyId, {
      airport_id: w.airport.id,
      departure_id: w.carPark.id,
      arrival_id: w.carPark.id,
      band_id: w.bands.week.id,
      month: 3,
      price: 4550,
    });
    const result = await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-06' });
    expect(result.quote.explanation.map((step) => step.step)).toEqual([
      'days',
      'band',
      'month',
      'base_price',
      'package',
      'services',
      'voucher',
      'total',
    ]);
    const texts = Object.fromEntries(result.quote.explanation.map((step) => [step.step, step.text]));
    expect(texts).toEqual({
      days: 'From 2 Mar 2026 to 6 Mar 2026 is 5 days, both dates counted.',
      band: 'No package was chosen, so parking bands apply: a stay of 5 days falls in the band “Week” (4–7 days).',
      month: 'The departure date 2 Mar 2026 is in March, so March prices apply, even if the stay runs into the next month.',
      base_price: `The route ${w.carPark.name} → ${w.carPark.name} has its own price for “Week” in March: £45.50.`,
      package: 'No package: nothing added.',
      services: 'No additional services.',
      voucher: 'No voucher.',
      total: 'Base price £45.50 + package £0.00 + services £0.00 − discount £0.00 = £45.50 to pay.',
    });
  });

  it('speaks Tamil with Accept-Language: ta, money in the company currency', async () => {
    const w = await world();
    await ctx.db.update(companies).set({ currency: 'LKR' }).where(eq(companies.id, w.companyId));
    const pkg = await insertPackage(ctx.db, w.companyId, { name: 'Valet', type: 'meet_and_greet', price: 0 });
    const result = await quote(
      w,
      { departure_date: '2026-03-02', arrival_date: '2026-03-02', package_id: pkg.id },
      { ...w.headers, 'accept-language': 'ta' },
    );
    expect(result.status).toBe(200);
    expect(result.quote.currency).toBe('LKR');
    const texts = Object.fromEntries(result.quote.explanation.map((step) => [step.step, step.text]));
    expect(texts.days).toBe('2 மார்., 2026 முதல் 2 மார்., 2026 வரை, இரு தேதிகளையும் சேர்த்து 1 நாள்.');
    expect(texts.band).toBe(
      '“Valet” தொகுப்பு சந்தித்து வரவேற்பு வகையைச் சேர்ந்தது, எனவே சந்தித்து வரவேற்பு வரம்புகள் பொருந்தும்: 1 நாள் தங்குதல் “Valet week” வரம்பில் (1–7 நாட்கள்) அடங்கும்.',
    );
    expect(texts.month).toContain('மார்ச் மாதத்தில் உள்ளது');
    expect(texts.base_price).toContain('இயல்புநிலை விலை பொருந்தும்');
    expect(texts.base_price).toContain(new Intl.NumberFormat('ta-IN', { style: 'currency', currency: 'LKR' }).format(50.03));
    expect(texts.voucher).toBe('வவுச்சர் இல்லை.');
    const error = await quote(w, { departure_date: '2026-03-05', arrival_date: '2026-03-02' }, { ...w.headers, 'accept-language': 'ta' });
    expect(error.body.message).toBe('வருகைத் தேதி புறப்படும் தேதிக்கு முன்பாக உள்ளது.');
  });
});

describe('errors', () => {
  it('refuses an arrival before the departure: 400 quote_dates_reversed on arrival_date', async () => {
    const w = await world();
    const result = await quote(w, { departure_date: '2026-03-05', arrival_date: '2026-03-04' });
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ code: 'quote_dates_reversed', message: 'The arrival date is before the departure date.' });
    expect(fields(result.body)).toEqual(['arrival_date']);
  });

  it('refuses malformed and missing input with 400 per field', async () => {
    const w = await world();
    const result = await quote(w, { departure_date: '2026-02-30', arrival_date: '05/03/2026', service_ids: '1,x' });
    expect(result.status).toBe(400);
    expect(fields(result.body).sort()).toEqual(['arrival_date', 'departure_date', 'service_ids']);
    const missing = await call(ctx.app, 'GET', '/api/location-price/admin/list', w.headers);
    expect(missing.status).toBe(400);
    expect(fields(missing.body).sort()).toEqual(['airport_id', 'arrival_date', 'arrival_id', 'departure_date', 'departure_id']);
  });

  it('refuses a location of another airport, and unknown or inactive packages and services, on the field', async () => {
    const w = await world();
    const elsewhere = await createAirport(ctx.db, w.companyId);
    const away = await insertLocation(ctx.db, w.companyId, elsewhere.id);
    const day = { departure_date: '2026-03-02', arrival_date: '2026-03-02' };
    const badDeparture = await quote(w, { ...day, departure_id: away.id });
    expect([badDeparture.status, fields(badDeparture.body)]).toEqual([400, ['departure_id']]);
    const badArrival = await quote(w, { ...day, arrival_id: 999_999 });
    expect([badArrival.status, fields(badArrival.body)]).toEqual([400, ['arrival_id']]);
    const badAirport = await quote(w, { ...day, airport_id: 999_999 });
    expect([badAirport.status, fields(badAirport.body)]).toEqual([400, ['airport_id']]);
    const retired = await insertPackage(ctx.db, w.companyId, { status: 0 });
    for (const packageId of [retired.id, 999_999]) {
      const result = await quote(w, { ...day, package_id: packageId });
      expect([result.status, fields(result.body)]).toEqual([400, ['package_id']]);
    }
    const service = await insertService(ctx.db, w.companyId);
    const oldService = await insertService(ctx.db, w.companyId, { status: 0 });
    for (const ids of [`${service.id},999999`, `${service.id},${oldService.id}`]) {
      const result = await quote(w, { ...day, service_ids: ids });
      expect([result.status, fields(result.body)]).toEqual([400, ['service_ids']]);
    }
    // The same service twice counts once.
    expect((await quote(w, { ...day, service_ids: `${service.id},${service.id}` })).quote.services_price).toBe(1000);
  });

  it('is for those with location_prices.view: a driver gets 403, no token 401', async () => {
    const w = await world();
    const driver = await addUser(ctx, w.companyId, 'driver');
    expect((await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02' }, driver.headers)).status).toBe(403);
    expect((await quote(w, { departure_date: '2026-03-02', arrival_date: '2026-03-02' }, {})).status).toBe(401);
  });
});

describe('tenancy', () => {
  it("never reaches another company's route, package, service or voucher", async () => {
    const ours = await world();
    const theirs = await world();
    const day = { departure_date: '2026-03-02', arrival_date: '2026-03-02' };
    // Their admin with our ids: our airport and locations are unknown to them.
    const withOurAirport = await quote(ours, day, theirs.headers);
    expect([withOurAirport.status, fields(withOurAirport.body)]).toEqual([400, ['airport_id']]);
    const withOurCarPark = await quote(theirs, { ...day, departure_id: ours.carPark.id }, theirs.headers);
    expect([withOurCarPark.status, fields(withOurCarPark.body)]).toEqual([400, ['departure_id']]);
    // We cannot use their package, service or voucher either.
    const theirPackage = await insertPackage(ctx.db, theirs.companyId, { type: 'parking', price: 1 });
    const theirService = await insertService(ctx.db, theirs.companyId);
    await insertVoucher(ctx.db, theirs.companyId, { code: 'THEIRS', discount_type: 'percent', discount_value: 50 });
    expect(fields((await quote(ours, { ...day, package_id: theirPackage.id })).body)).toEqual(['package_id']);
    expect(fields((await quote(ours, { ...day, service_ids: String(theirService.id) })).body)).toEqual(['service_ids']);
    expect((await quote(ours, { ...day, voucher_code: 'theirs' })).body.code).toBe('voucher_unknown');
  });

  it("does not change with a second company's prices, bands and vouchers", async () => {
    const ours = await world();
    const before = await quote(ours, { departure_date: '2026-03-02', arrival_date: '2026-03-04' });
    const theirs = await world();
    await insertLocationPrice(ctx.db, theirs.companyId, {
      airport_id: theirs.airport.id,
      departure_id: theirs.carPark.id,
      arrival_id: theirs.carPark.id,
      band_id: theirs.bands.short.id,
      month: 3,
      price: 1,
    });
    await insertLocationPrice(ctx.db, theirs.companyId, {
      airport_id: theirs.airport.id,
      departure_id: theirs.carPark.id,
      arrival_id: theirs.carPark.id,
      band_id: theirs.bands.short.id,
      month: null,
      price: 2,
    });
    // A band of theirs that would cover 20 days for us does not either.
    const long = await insertBand(ctx.db, theirs.companyId, { min_days: 15, max_days: 30 });
    await insertBandMonth(ctx.db, theirs.companyId, long.id, 3, 3);
    const after = await quote(ours, { departure_date: '2026-03-02', arrival_date: '2026-03-04' });
    expect(after.quote).toEqual(before.quote);
    expect(after.prices).toEqual([]);
    expect((await quote(ours, { departure_date: '2026-03-01', arrival_date: '2026-03-20' })).body.code).toBe('quote_no_band');
    // Their own quote uses their prices.
    expect((await quote(theirs, { departure_date: '2026-03-02', arrival_date: '2026-03-04' })).quote.base_price).toBe(1);
  });
});
