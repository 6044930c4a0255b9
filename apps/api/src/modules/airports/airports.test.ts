import { airportSortFields, coreAirportSortFields } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeCrudResource } from '../../../test/crud-suite.ts';
import { createAirport, createCompanyWithAdmin, createLocation, createUser, randomIata, signIn } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { airports, auditLog } from '../../db/schema/index.ts';

describeCrudResource('airports', {
  base: '/api/airport',
  entity: 'airport',
  createBody: () => ({ iata_code: randomIata(), name: 'Kit Airport', country_id: 826, time_zone: 'Europe/London' }),
  update: { body: { name: 'Renamed Airport', status: 0 }, expect: { name: 'Renamed Airport', status: 0 } },
  invalid: { body: { iata_code: 'X1', name: ' ', time_zone: 'Mars/Olympus' }, fields: ['iata_code', 'name', 'country_id', 'time_zone'] },
  sortFields: airportSortFields,
  searchTermOf: (record) => String(record.iata_code),
});

describeCrudResource('core airports', {
  base: '/api/core/airport',
  entity: 'core_airport',
  scope: 'organisation',
  createBody: () => ({ iata_code: randomIata(), name: 'Core Kit Airport', country_id: 826, time_zone: 'Europe/London' }),
  update: { body: { name: 'Renamed Core Airport' }, expect: { name: 'Renamed Core Airport' } },
  invalid: { body: { iata_code: 'X1', name: ' ' }, fields: ['iata_code', 'name', 'country_id', 'time_zone'] },
  sortFields: coreAirportSortFields,
  searchTermOf: (record) => String(record.iata_code),
});

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

type Headers = Record<string, string>;
interface FieldDetail {
  field: string;
  message: string;
  code: string;
}

/** A new company with a signed-in admin: every test works in its own company. */
async function tenant() {
  const { company, admin } = await createCompanyWithAdmin(ctx.db);
  const session = await signIn(ctx.app, admin.email ?? '', admin.password);
  return { company, admin, headers: session.bearer as Headers };
}

function newAirportBody(overrides: Record<string, unknown> = {}) {
  return { iata_code: randomIata(), name: 'Gatwick North', country_id: 826, time_zone: 'Europe/London', ...overrides };
}

async function airportRow(id: number) {
  const [row] = await ctx.db.select().from(airports).where(eq(airports.id, id));
  return row;
}

async function airportCount(companyId: number) {
  return (await ctx.db.select().from(airports).where(eq(airports.company_id, companyId))).length;
}

function detailsOf(response: { json(): unknown }): FieldDetail[] {
  return ((response.json() as { details?: FieldDetail[] }).details ?? []) as FieldDetail[];
}

function detailFor(response: { json(): unknown }, field: string): FieldDetail | undefined {
  return detailsOf(response).find((detail) => detail.field === field);
}

/** The standard 400 body: code, `error` = code, English text, and one detail per named field. */
function expectValidationError(response: { statusCode: number; json(): unknown }, expected: Record<string, string>) {
  expect(response.statusCode).toBe(400);
  const body = response.json() as { message: string; error: string; code: string };
  expect(body).toMatchObject({ message: en.errors.validation_failed, error: 'validation_failed', code: 'validation_failed' });
  for (const [field, key] of Object.entries(expected)) {
    const detail = detailFor(response, field);
    expect(detail, `detail for ${field} in ${JSON.stringify(detailsOf(response))}`).toBeDefined();
    expect(detail?.code).toBe(`validation.${key}`);
    expect(detail?.message).toBe(en.validation[key as keyof typeof en.validation]);
  }
}

describe('POST /api/airport/add', () => {
  it('creates an airport: 201, upper-cased IATA code, country name, status 1 by default', async () => {
    const { company, headers } = await tenant();
    const code = randomIata();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: { iata_code: code.toLowerCase(), name: '  Colombo Main  ', country_id: 94, time_zone: 'Asia/Colombo' },
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.message).toBe(en.success.created);
    expect(body.data).toMatchObject({
      company_id: company.id,
      core_airport_id: null,
      iata_code: code,
      name: 'Colombo Main',
      country_id: 94,
      country_name: 'Sri Lanka',
      time_zone: 'Asia/Colombo',
      status: 1,
    });
    expect(body.data.id).toEqual(expect.any(Number));
    expect(new Date(body.data.created_at).toISOString()).toBe(body.data.created_at);
    expect(new Date(body.data.updated_at).toISOString()).toBe(body.data.updated_at);

    const row = await airportRow(body.data.id);
    expect(row).toMatchObject({ company_id: company.id, iata_code: code, name: 'Colombo Main', status: 1 });
  });

  it('keeps status 0 when given and links a core airport', async () => {
    const { headers } = await tenant();
    const core = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?search=LHR', headers });
    const lhr = core.json().data.find((airport: { iata_code: string }) => airport.iata_code === 'LHR');
    expect(lhr).toBeDefined();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: newAirportBody({ status: 0, core_airport_id: lhr.id }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data).toMatchObject({ status: 0, core_airport_id: lhr.id });
  });

  it('answers in Tamil when asked', async () => {
    const { headers } = await tenant();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: { ...headers, 'accept-language': 'ta' },
      payload: newAirportBody(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe(ta.success.created);
  });

  it('refuses a taken IATA code in the same company (409 airport_iata_taken) but allows it in another company', async () => {
    const first = await tenant();
    const second = await tenant();
    const code = randomIata();
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: first.headers,
      payload: newAirportBody({ iata_code: code }),
    });
    expect(created.statusCode).toBe(201);

    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: first.headers,
      payload: newAirportBody({ iata_code: code.toLowerCase(), name: 'Another name' }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: en.errors.airport_iata_taken, error: 'airport_iata_taken', code: 'airport_iata_taken' });
    expect(detailFor(again, 'iata_code')).toEqual({
      field: 'iata_code',
      code: 'errors.airport_iata_taken',
      message: en.errors.airport_iata_taken,
    });
    expect(await airportCount(first.company.id)).toBe(1);

    const tamil = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: { ...first.headers, 'accept-language': 'ta' },
      payload: newAirportBody({ iata_code: code }),
    });
    expect(tamil.statusCode).toBe(409);
    expect(tamil.json().message).toBe(ta.errors.airport_iata_taken);
    expect(detailFor(tamil, 'iata_code')?.message).toBe(ta.errors.airport_iata_taken);

    const elsewhere = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: second.headers,
      payload: newAirportBody({ iata_code: code }),
    });
    expect(elsewhere.statusCode).toBe(201);
    expect(elsewhere.json().data).toMatchObject({ iata_code: code, company_id: second.company.id });
  });

  it('names every missing field with the required message, in English and in Tamil', async () => {
    const { company, headers } = await tenant();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers, payload: {} });
    expectValidationError(response, { iata_code: 'required', name: 'required', country_id: 'required', time_zone: 'required' });

    const tamil = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers: { ...headers, 'accept-language': 'ta' },
      payload: {},
    });
    expect(tamil.statusCode).toBe(400);
    expect(tamil.json()).toMatchObject({ message: ta.errors.validation_failed, error: 'validation_failed', code: 'validation_failed' });
    for (const field of ['iata_code', 'name', 'country_id', 'time_zone']) {
      expect(detailFor(tamil, field)).toEqual({ field, code: 'validation.required', message: ta.validation.required });
    }
    expect(await airportCount(company.id)).toBe(0);
  });

  it.each([
    ['an IATA code of two letters', { iata_code: 'LH' }, 'iata_code', 'iataCode'],
    ['an IATA code with digits', { iata_code: 'L1R' }, 'iata_code', 'iataCode'],
    ['an IATA code of four letters', { iata_code: 'LHRX' }, 'iata_code', 'iataCode'],
    ['a blank name', { name: '    ' }, 'name', 'notBlank'],
    ['an empty name', { name: '' }, 'name', 'required'],
    ['a two-letter name', { name: 'ab' }, 'name', 'min3'],
    ['a name of 101 characters', { name: 'x'.repeat(101) }, 'name', 'max100'],
    ['an unknown time zone', { time_zone: 'Mars/Olympus' }, 'time_zone', 'timeZone'],
    ['a country id of 0', { country_id: 0 }, 'country_id', 'positiveInteger'],
    ['a fractional country id', { country_id: 1.5 }, 'country_id', 'positiveInteger'],
    ['a status of 2', { status: 2 }, 'status', 'invalidValue'],
    ['an unknown field company_id', { company_id: 1 }, 'company_id', 'unknownField'],
    ['an unknown field role', { role: 'admin' }, 'role', 'unknownField'],
  ])('refuses %s with a 400 detail on the field', async (_label, overrides, field, key) => {
    const { company, headers } = await tenant();
    const response = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers, payload: newAirportBody(overrides) });
    expectValidationError(response, { [field]: key });
    expect(await airportCount(company.id)).toBe(0);
  });

  it('refuses an unknown country id with a 400 on country_id and writes nothing', async () => {
    const { company, headers } = await tenant();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: newAirportBody({ country_id: 999_999 }),
    });
    expectValidationError(response, { country_id: 'invalidValue' });
    expect(await airportCount(company.id)).toBe(0);
    expect(await ctx.db.select().from(auditLog).where(eq(auditLog.company_id, company.id))).toHaveLength(0);
  });

  it('refuses values the database cannot hold (a country id beyond its range, a NUL character) with a 400, not a 500', async () => {
    const { company, headers } = await tenant();
    for (const overrides of [{ country_id: 99_999_999_999 }, { core_airport_id: 99_999_999_999 }, { name: 'Nul\u0000Field' }]) {
      const response = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers, payload: newAirportBody(overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ error: 'validation_failed', code: 'validation_failed' });
      expect(response.body).not.toMatch(/Failed query|invalid byte|out of range/);
    }
    expect(await airportCount(company.id)).toBe(0);
  });

  it('lets exactly one of two simultaneous creations of the same code through', async () => {
    const { company, headers } = await tenant();
    const code = randomIata();
    const answers = await Promise.all(
      [1, 2].map(() => ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers, payload: newAirportBody({ iata_code: code }) })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json().code).toBe('airport_iata_taken');
    expect(await airportCount(company.id)).toBe(1);
  });

  it('refuses an unknown core airport id with a 400 on core_airport_id', async () => {
    const { company, headers } = await tenant();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: newAirportBody({ core_airport_id: 999_999 }),
    });
    expectValidationError(response, { core_airport_id: 'invalidValue' });
    expect(await airportCount(company.id)).toBe(0);
  });

  it('refuses a company_id in the body even when it names the caller’s own company', async () => {
    const other = await tenant();
    const { company, headers } = await tenant();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/airport/add',
      headers,
      payload: newAirportBody({ company_id: other.company.id }),
    });
    expectValidationError(response, { company_id: 'unknownField' });
    expect(await airportCount(company.id)).toBe(0);
    expect(await airportCount(other.company.id)).toBe(0);
  });

  it('refuses a missing body and a body of the wrong type', async () => {
    const { headers } = await tenant();
    const noBody = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toMatchObject({ error: 'validation_failed', code: 'validation_failed', message: en.errors.validation_failed });
    const array = await ctx.app.inject({ method: 'POST', url: '/api/airport/add', headers, payload: [newAirportBody()] });
    expect(array.statusCode).toBe(400);
    expect(array.json()).toMatchObject({ error: 'validation_failed' });
  });
});

describe('GET /api/airport/list', () => {
  // One company with five airports of known codes and names.
  let headers: Headers;
  let companyId: number;
  const list = (query = '', extra: Headers = {}) =>
    ctx.app.inject({ method: 'GET', url: `/api/airport/list${query}`, headers: { ...headers, ...extra } });

  beforeAll(async () => {
    const t = await tenant();
    headers = t.headers;
    companyId = t.company.id;
    // Created in this order, one after another, so created_at follows it.
    const rows: Array<{ iata_code: string; name: string; status: 0 | 1 }> = [
      { iata_code: 'MAN', name: 'Manchester Terminal', status: 1 },
      { iata_code: 'BHX', name: 'Birmingham 100% Parking', status: 1 },
      { iata_code: 'EDI', name: 'Edinburgh_North', status: 0 },
      { iata_code: 'CMB', name: 'Colombo Bandaranaike', status: 1 },
      { iata_code: 'LGW', name: 'Gatwick South', status: 0 },
    ];
    for (const row of rows) {
      await createAirport(ctx.db, companyId, row);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  it('pages through the airports sorted by IATA code by default', async () => {
    const first = await list('?page=1&page_size=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.message).toBe(en.success.list);
    expect(body.pagination).toEqual({ page: 1, page_size: 2, total: 5 });
    expect(body.data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['BHX', 'CMB']);
    expect(body.data[0]).toMatchObject({ company_id: companyId, country_name: 'United Kingdom', country_id: 826 });

    const third = await list('?page=3&page_size=2');
    expect(third.json().pagination).toEqual({ page: 3, page_size: 2, total: 5 });
    expect(third.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['MAN']);

    const beyond = await list('?page=4&page_size=2');
    expect(beyond.json()).toMatchObject({ data: [], pagination: { page: 4, page_size: 2, total: 5 } });

    const defaults = await list();
    expect(defaults.json().pagination).toEqual({ page: 1, page_size: 20, total: 5 });
    expect(defaults.json().data).toHaveLength(5);
  });

  it.each([
    ['iata_code', ['BHX', 'CMB', 'EDI', 'LGW', 'MAN']],
    ['-iata_code', ['MAN', 'LGW', 'EDI', 'CMB', 'BHX']],
    ['name', ['BHX', 'CMB', 'EDI', 'LGW', 'MAN']],
    ['-name', ['MAN', 'LGW', 'EDI', 'CMB', 'BHX']],
    ['created_at', ['MAN', 'BHX', 'EDI', 'CMB', 'LGW']],
    ['-created_at', ['LGW', 'CMB', 'EDI', 'BHX', 'MAN']],
    // Equal values keep the creation order (id), in both directions, so pages never overlap.
    ['status', ['EDI', 'LGW', 'MAN', 'BHX', 'CMB']],
    ['-status', ['MAN', 'BHX', 'CMB', 'EDI', 'LGW']],
    ['time_zone', ['MAN', 'BHX', 'EDI', 'CMB', 'LGW']],
  ])('sorts by %s', async (sort, expected) => {
    const response = await list(`?sort=${encodeURIComponent(sort)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(expected);

    const paged: string[] = [];
    for (const page of [1, 2, 3]) {
      const answer = await list(`?sort=${encodeURIComponent(sort)}&page=${page}&page_size=2`);
      paged.push(...answer.json().data.map((a: { iata_code: string }) => a.iata_code));
    }
    expect(paged).toEqual(expected);
  });

  it('searches by code and by name, ignoring case', async () => {
    const byCode = await list('?search=cmb');
    expect(byCode.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['CMB']);
    expect(byCode.json().pagination.total).toBe(1);
    const byName = await list('?search=GATWICK');
    expect(byName.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['LGW']);
    const partial = await list('?search=ter');
    // "Manchester Terminal"
    expect(partial.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['MAN']);
    const none = await list('?search=nowhere');
    expect(none.json()).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it('takes % and _ in a search literally', async () => {
    const percent = await list(`?search=${encodeURIComponent('%')}`);
    expect(percent.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['BHX']);
    const underscore = await list(`?search=${encodeURIComponent('_')}`);
    expect(underscore.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['EDI']);
    const backslash = await list(`?search=${encodeURIComponent('\\')}`);
    expect(backslash.statusCode).toBe(200);
    expect(backslash.json().data).toEqual([]);
  });

  it('refuses a NUL character in a search with a 400, not a 500', async () => {
    const response = await list('?search=a%00b');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'validation_failed', code: 'validation_failed', message: en.errors.validation_failed });
  });

  it('filters by status=1 (active) and status=0 (inactive)', async () => {
    const active = await list('?status=1');
    expect(active.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['BHX', 'CMB', 'MAN']);
    expect(active.json().pagination.total).toBe(3);
    const inactive = await list('?status=0');
    expect(inactive.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(['EDI', 'LGW']);
    expect(inactive.json().pagination.total).toBe(2);
    const both = await list('?status=1&search=gatwick');
    expect(both.json()).toMatchObject({ data: [], pagination: { total: 0 } });
  });

  it.each([
    ['?sort=password', 'sort', 'invalidValue'],
    ['?sort=-company_id', 'sort', 'invalidValue'],
    ['?status=2', 'status', 'invalidValue'],
    ['?status=active', 'status', 'invalidValue'],
    ['?page=0', 'page', 'tooShort'],
    ['?page=abc', 'page', 'invalidType'],
    ['?page_size=1001', 'page_size', 'tooLong'],
    ['?page_size=0', 'page_size', 'tooShort'],
    [`?search=${'x'.repeat(101)}`, 'search', 'max100'],
  ])('refuses %s with a 400 detail on %s', async (query, field, key) => {
    expectValidationError(await list(query), { [field]: key });
  });

  it('gives Tamil detail messages for a bad query when asked', async () => {
    const response = await list('?status=7', { 'accept-language': 'ta' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(ta.errors.validation_failed);
    expect(detailFor(response, 'status')).toEqual({
      field: 'status',
      code: 'validation.invalidValue',
      message: ta.validation.invalidValue,
    });
  });

  it('accepts time_zone and company_id query parameters; company_id never widens the list', async () => {
    const other = await tenant();
    await createAirport(ctx.db, other.company.id, { iata_code: 'ZZZ', name: 'Foreign field' });
    const response = await list(`?time_zone=${encodeURIComponent('Europe/London')}&company_id=${other.company.id}&page_size=1000`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as Array<{ company_id: number; iata_code: string }>;
    expect(data).toHaveLength(5);
    expect(data.every((airport) => airport.company_id === companyId)).toBe(true);
    expect(data.map((airport) => airport.iata_code)).not.toContain('ZZZ');

    const own = await list(`?company_id=${companyId}&time_zone=Asia%2FColombo`);
    expect(own.statusCode).toBe(200);
    expect(own.json().pagination.total).toBe(5);
  });

  it('answers the same with a trailing slash', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/airport/list/?page_size=2', headers });
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination).toEqual({ page: 1, page_size: 2, total: 5 });
  });
});

describe('GET /api/airport/get/{id}', () => {
  it('returns one airport of the company', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Jaffna Park', country_id: 94, time_zone: 'Asia/Colombo' });
    const response = await ctx.app.inject({ method: 'GET', url: `/api/airport/get/${airport.id}`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: en.success.fetched,
      data: {
        id: airport.id,
        company_id: company.id,
        core_airport_id: null,
        iata_code: airport.iata_code,
        name: 'Jaffna Park',
        country_id: 94,
        country_name: 'Sri Lanka',
        country_iso_code: 'LK',
        time_zone: 'Asia/Colombo',
        status: 1,
        created_at: airport.created_at.toISOString(),
        updated_at: airport.updated_at.toISOString(),
      },
    });
    const slash = await ctx.app.inject({
      method: 'GET',
      url: `/api/airport/get/${airport.id}/?time_zone=UTC&company_id=${company.id}`,
      headers,
    });
    expect(slash.statusCode).toBe(200);
    expect(slash.json().data.id).toBe(airport.id);
  });

  it('answers 404 for an unknown id, in English and Tamil', async () => {
    const { headers } = await tenant();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/airport/get/2147483000', headers });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: en.errors.not_found, error: 'not_found', code: 'not_found' });
    const tamil = await ctx.app.inject({
      method: 'GET',
      url: '/api/airport/get/2147483000',
      headers: { ...headers, 'accept-language': 'ta' },
    });
    expect(tamil.json()).toEqual({ message: ta.errors.not_found, error: 'not_found', code: 'not_found' });
  });

  it.each([
    ['abc', 'invalidType'],
    ['1.5', 'positiveInteger'],
    ['0', 'positiveInteger'],
    ['-1', 'positiveInteger'],
  ])('refuses the id %s on get, update and delete with a 400 on id (%s)', async (id, key) => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    for (const [method, url, payload] of [
      ['GET', `/api/airport/get/${id}`, undefined],
      ['PATCH', `/api/airport/update/${id}`, { name: 'Whatever name' }],
      ['DELETE', `/api/airport/delete/${id}`, undefined],
    ] as const) {
      const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expectValidationError(response, { id: key });
    }
    expect(await airportRow(airport.id)).toEqual(airport);
  });

  it('refuses an id beyond the database range with a 400 (not a 500) on get, update and delete', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    for (const id of ['2147483648', '99999999999']) {
      for (const [method, url, payload] of [
        ['GET', `/api/airport/get/${id}`, undefined],
        ['PATCH', `/api/airport/update/${id}`, { name: 'Whatever name' }],
        ['DELETE', `/api/airport/delete/${id}`, undefined],
      ] as const) {
        const response = await ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json()).toMatchObject({
          error: 'validation_failed',
          code: 'validation_failed',
          message: en.errors.validation_failed,
        });
        expect(detailsOf(response)).toEqual([{ field: 'id', code: 'validation.invalidValue', message: en.validation.invalidValue }]);
      }
    }
    expect(await airportRow(airport.id)).toEqual(airport);
  });

  it('names a wrong-typed id in Tamil', async () => {
    const { headers } = await tenant();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/airport/get/abc', headers: { ...headers, 'accept-language': 'ta' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: ta.errors.validation_failed,
      error: 'validation_failed',
      code: 'validation_failed',
      details: [{ field: 'id', code: 'validation.invalidType', message: ta.validation.invalidType }],
    });
  });
});

describe('PATCH /api/airport/update/{id}', () => {
  it('changes only the fields sent and answers the whole airport', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Old Name' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { name: 'New Name' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe(en.success.updated);
    expect(response.json().data).toMatchObject({
      id: airport.id,
      name: 'New Name',
      iata_code: airport.iata_code,
      country_id: 826,
      country_name: 'United Kingdom',
      time_zone: 'Europe/London',
      status: 1,
    });
    expect(new Date(response.json().data.updated_at).getTime()).toBeGreaterThanOrEqual(airport.updated_at.getTime());
    expect(await airportRow(airport.id)).toMatchObject({ name: 'New Name', iata_code: airport.iata_code, status: 1 });
  });

  it('toggles the status with {status: 0} and back with {status: 1}', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    const off = await ctx.app.inject({ method: 'PATCH', url: `/api/airport/update/${airport.id}`, headers, payload: { status: 0 } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ status: 0, name: airport.name });
    expect((await airportRow(airport.id))?.status).toBe(0);
    const on = await ctx.app.inject({ method: 'PATCH', url: `/api/airport/update/${airport.id}`, headers, payload: { status: 1 } });
    expect(on.json().data.status).toBe(1);
    expect((await airportRow(airport.id))?.status).toBe(1);
  });

  it('upper-cases a new IATA code and changes the country (with its name)', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    const code = randomIata();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { iata_code: code.toLowerCase(), country_id: 94, time_zone: 'Asia/Colombo' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ iata_code: code, country_id: 94, country_name: 'Sri Lanka', time_zone: 'Asia/Colombo' });
  });

  it('refuses an IATA code another airport of the company has (409) and changes nothing', async () => {
    const { company, headers } = await tenant();
    const taken = await createAirport(ctx.db, company.id);
    const airport = await createAirport(ctx.db, company.id, { name: 'Keep Me' });
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { iata_code: taken.iata_code, name: 'Changed Name' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      message: en.errors.airport_iata_taken,
      error: 'airport_iata_taken',
      code: 'airport_iata_taken',
    });
    expect(detailFor(response, 'iata_code')?.message).toBe(en.errors.airport_iata_taken);
    expect(await airportRow(airport.id)).toMatchObject({ iata_code: airport.iata_code, name: 'Keep Me' });
  });

  it('allows keeping its own IATA code and taking a code another company uses', async () => {
    const other = await tenant();
    const foreign = await createAirport(ctx.db, other.company.id);
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    const same = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { iata_code: airport.iata_code },
    });
    expect(same.statusCode).toBe(200);
    const borrowed = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { iata_code: foreign.iata_code },
    });
    expect(borrowed.statusCode).toBe(200);
    expect(borrowed.json().data.iata_code).toBe(foreign.iata_code);
  });

  it.each([
    ['an empty body', {}, '', 'required'],
    ['a bad IATA code', { iata_code: 'A1' }, 'iata_code', 'iataCode'],
    ['a blank name', { name: '   ' }, 'name', 'notBlank'],
    ['an unknown time zone', { time_zone: 'Europe/Atlantis' }, 'time_zone', 'timeZone'],
    ['a status of 5', { status: 5 }, 'status', 'invalidValue'],
    ['a null name', { name: null }, 'name', 'required'],
    ['an unknown field company_id', { company_id: 1 }, 'company_id', 'unknownField'],
    ['an unknown field id', { id: 1, name: 'Fine Name' }, 'id', 'unknownField'],
    ['an unknown field created_at', { created_at: '2020-01-01T00:00:00.000Z' }, 'created_at', 'unknownField'],
  ])('refuses %s with a 400 and changes nothing', async (_label, payload, field, key) => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id, { name: 'Untouched' });
    const response = await ctx.app.inject({ method: 'PATCH', url: `/api/airport/update/${airport.id}`, headers, payload });
    expectValidationError(response, { [field]: key });
    expect(await airportRow(airport.id)).toEqual(airport);
  });

  it('refuses an unknown country id with a 400 on country_id and changes nothing', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers,
      payload: { country_id: 999_999, name: 'Changed' },
    });
    expectValidationError(response, { country_id: 'invalidValue' });
    const tamil = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/airport/update/${airport.id}`,
      headers: { ...headers, 'accept-language': 'ta' },
      payload: { country_id: 999_999 },
    });
    expect(detailFor(tamil, 'country_id')).toEqual({
      field: 'country_id',
      code: 'validation.invalidValue',
      message: ta.validation.invalidValue,
    });
    expect(await airportRow(airport.id)).toEqual(airport);
  });

  it('answers 404 for an unknown id', async () => {
    const { headers } = await tenant();
    const response = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/airport/update/2147483000',
      headers,
      payload: { name: 'Nowhere' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: en.errors.not_found, error: 'not_found', code: 'not_found' });
  });
});

describe('DELETE /api/airport/delete/{id}', () => {
  it('refuses to delete an airport a location still uses (409 airport_in_use); the airport stays', async () => {
    const { company, headers } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    await createLocation(ctx.db, company.id, airport.id);
    const response = await ctx.app.inject({ method: 'DELETE', url: `/api/airport/delete/${airport.id}`, headers });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ message: en.errors.airport_in_use, error: 'airport_in_use', code: 'airport_in_use' });
    const tamil = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/airport/delete/${airport.id}`,
      headers: { ...headers, 'accept-language': 'ta' },
    });
    expect(tamil.statusCode).toBe(409);
    expect(tamil.json().message).toBe(ta.errors.airport_in_use);
    expect(await airportRow(airport.id)).toEqual(airport);
    const get = await ctx.app.inject({ method: 'GET', url: `/api/airport/get/${airport.id}`, headers });
    expect(get.statusCode).toBe(200);
  });
});

describe('permissions', () => {
  const companyRoutes = (id: number) =>
    [
      ['POST', '/api/airport/add', newAirportBody()],
      ['GET', '/api/airport/list', undefined],
      ['GET', `/api/airport/get/${id}`, undefined],
      ['PATCH', `/api/airport/update/${id}`, { name: 'Changed Name' }],
      ['DELETE', `/api/airport/delete/${id}`, undefined],
    ] as const;

  it('answers 401 without a token, with the message in `error`, and changes nothing', async () => {
    const { company } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    for (const [method, url, payload] of [
      ...companyRoutes(airport.id),
      ['GET', '/api/core/airport/list', undefined] as const,
      ['GET', '/api/country/', undefined] as const,
    ]) {
      const response = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toEqual({ message: en.errors.unauthorized, error: en.errors.unauthorized, code: 'unauthorized' });
    }
    const tamil = await ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: { 'accept-language': 'ta' } });
    expect(tamil.json()).toEqual({ message: ta.errors.unauthorized, error: ta.errors.unauthorized, code: 'unauthorized' });
    expect(await airportRow(airport.id)).toEqual(airport);
    expect(await airportCount(company.id)).toBe(1);
  });

  it('answers 403 to a super admin on company airport routes but lists core airports and countries', async () => {
    const { company } = await tenant();
    const airport = await createAirport(ctx.db, company.id);
    const superAdmin = await createUser(ctx.db, { company_id: null, role: 'super_admin' });
    const { bearer } = await signIn(ctx.app, superAdmin.email ?? '', superAdmin.password);
    for (const [method, url, payload] of companyRoutes(airport.id)) {
      const response = await ctx.app.inject({ method, url, headers: bearer, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ error: 'forbidden', code: 'forbidden', message: en.errors.forbidden });
    }
    expect(await airportRow(airport.id)).toEqual(airport);

    const core = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list', headers: bearer });
    expect(core.statusCode).toBe(200);
    expect(core.json().pagination.total).toBeGreaterThanOrEqual(10);
    const countries = await ctx.app.inject({ method: 'GET', url: '/api/country/?page_size=1000', headers: bearer });
    expect(countries.statusCode).toBe(200);
  });
});

describe('GET /api/core/airport/list', () => {
  it('pages, searches and filters the core list', async () => {
    const { headers } = await tenant();
    const all = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?page_size=1000', headers });
    expect(all.statusCode).toBe(200);
    expect(all.json().message).toBe(en.success.list);
    const codes = all.json().data.map((a: { iata_code: string }) => a.iata_code);
    expect(codes).toEqual(expect.arrayContaining(['LHR', 'LGW', 'STN', 'LTN', 'MAN', 'BHX', 'EDI', 'CMB', 'HRI', 'JAF']));
    expect(codes).toEqual([...codes].sort());
    const total = all.json().pagination.total;
    expect(total).toBe(codes.length);

    const page = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?page=2&page_size=3', headers });
    expect(page.json().pagination).toEqual({ page: 2, page_size: 3, total });
    expect(page.json().data.map((a: { iata_code: string }) => a.iata_code)).toEqual(codes.slice(3, 6));

    const search = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?search=london&sort=-name', headers });
    expect(search.json().data.map((a: { name: string }) => a.name)).toEqual([
      'London Stansted',
      'London Luton',
      'London Heathrow',
      'London Gatwick',
    ]);
    const byCode = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?search=cmb', headers });
    expect(byCode.json().data).toEqual([
      {
        id: expect.any(Number),
        iata_code: 'CMB',
        name: 'Colombo Bandaranaike',
        country_id: 94,
        country_name: 'Sri Lanka',
        country_iso_code: 'LK',
        time_zone: 'Asia/Colombo',
        status: 1,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);

    const active = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?status=1&page_size=1000', headers });
    expect(active.statusCode).toBe(200);
    expect(active.json().data.length).toBeGreaterThanOrEqual(10);
    expect(active.json().data.every((a: { status: number }) => a.status === 1)).toBe(true);

    const bad = await ctx.app.inject({ method: 'GET', url: '/api/core/airport/list?sort=created_at', headers });
    expect(bad.statusCode).toBe(400);
    expect(detailFor(bad, 'sort')).toBeDefined();
  });
});

describe('GET /api/country/', () => {
  it('lists the countries with dialling codes, including Sri Lanka as id 94', async () => {
    const { headers } = await tenant();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/country/?page_size=1000', headers });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.message).toBe(en.success.list);
    expect(body.pagination).toMatchObject({ page: 1, page_size: 1000 });
    expect(body.pagination.total).toBe(body.data.length);
    expect(body.data).toContainEqual({ id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94' });
    expect(body.data).toContainEqual({ id: 826, iso_code: 'GB', name: 'United Kingdom', dialling_code: '44' });
    const names = body.data.map((country: { name: string }) => country.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));

    const noSlash = await ctx.app.inject({ method: 'GET', url: '/api/country?search=lanka', headers });
    expect(noSlash.statusCode).toBe(200);
    expect(noSlash.json().data).toEqual([{ id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94' }]);

    const tooMany = await ctx.app.inject({ method: 'GET', url: '/api/country/?page_size=1001', headers });
    expect(tooMany.statusCode).toBe(400);
    expect(detailFor(tooMany, 'page_size')).toBeDefined();
  });

  it('is readable by a driver', async () => {
    const { company } = await tenant();
    const driver = await createUser(ctx.db, { company_id: company.id, role: 'driver' });
    const { bearer } = await signIn(ctx.app, driver.email ?? '', driver.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/country/?page_size=1000&time_zone=UTC', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual({ id: 94, iso_code: 'LK', name: 'Sri Lanka', dialling_code: '94' });
  });
});
