import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompanyWithAdmin, randomIata, signIn } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { referenceCountries } from './reference.ts';

let ctx: TestContext;
let headers: Record<string, string>;
beforeAll(async () => {
  ctx = await createTestContext();
  const { admin } = await createCompanyWithAdmin(ctx.db);
  headers = (await signIn(ctx.app, admin.email ?? '', admin.password)).bearer as Record<string, string>;
});
afterAll(() => ctx?.close());

interface CountryRow {
  id: number;
  iso_code: string;
  name: string;
  dialling_code: string;
}

describe('reference countries', () => {
  it('are the whole ISO 3166-1 list, Sri Lanka keeping id 94', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/country/?page_size=1000', headers });
    expect(response.statusCode).toBe(200);
    const countries = response.json().data as CountryRow[];
    expect(countries).toHaveLength(249);
    const byCode = new Map(countries.map((country) => [country.iso_code, country]));
    expect(byCode.get('LK')).toEqual({ id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94' });
    // The ids that existed before keep their meaning (ISO 3166-1 numeric codes).
    expect(byCode.get('GB')?.id).toBe(826);
    expect(byCode.get('IN')?.id).toBe(356);
    expect(byCode.get('CH')?.id).toBe(756);
    // Airports in Tokyo, Hong Kong, Vienna and Copenhagen can now be added.
    expect(byCode.get('JP')).toMatchObject({ id: 392, dialling_code: '81' });
    expect(byCode.get('HK')).toMatchObject({ id: 344, dialling_code: '852' });
    expect(byCode.get('AT')).toMatchObject({ id: 40, dialling_code: '43' });
    expect(byCode.get('DK')).toMatchObject({ id: 208, dialling_code: '45' });
  });

  it('have unique ids and codes, and no other country uses id 94', () => {
    expect(new Set(referenceCountries.map((country) => country.id)).size).toBe(referenceCountries.length);
    expect(new Set(referenceCountries.map((country) => country.iso_code)).size).toBe(referenceCountries.length);
    expect(referenceCountries.filter((country) => country.id === 94).map((country) => country.iso_code)).toEqual(['LK']);
    for (const country of referenceCountries) {
      expect(country.iso_code).toMatch(/^[A-Z]{2}$/);
      expect(country.dialling_code).toMatch(/^\d{1,4}$/);
    }
  });
});

describe('airport time zones', () => {
  it.each(['Asia/Kolkata', 'Asia/Calcutta', 'Europe/Kyiv', 'UTC'])('accepts %s', async (timeZone) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: { iata_code: randomIata(), name: 'Time zone test', country_id: 356, time_zone: timeZone },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().data.time_zone).toBe(timeZone);
  });

  it('refuses an offset that names no place', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: { iata_code: randomIata(), name: 'Time zone test', country_id: 356, time_zone: '+05:30' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([expect.objectContaining({ field: 'time_zone', code: 'validation.timeZone' })]);
  });
});
