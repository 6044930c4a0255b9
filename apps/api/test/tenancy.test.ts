import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../src/demo/demo.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { createCompanyThroughApi, type Tenant } from './kit.ts';

/**
 * Tenancy over the whole route table (issue 9, section 7): a company's admin sees exactly the same through every
 * read route before and after another company fills the database (the demo company: airports, prices, bookings,
 * payments, drivers, trips, payouts, agencies...), and deletes nothing of it. A route that leaked another company's
 * rows into a list, a statistic, an export page or a get by id would answer differently the second time.
 */

/** Streams stay open while the client listens; they have tests of their own. */
const STREAMS = new Set(['GET /api/live/events']);
/**
 * The organisation's master lists (core airports, core locations, core agencies, countries): shared by every company
 * on purpose, and the demo data adds to them.
 */
const ORGANISATION_READS = ['/api/core/', '/api/coreagency/', '/api/country'];
/** Records keyed by a uuid, not a number (one's own sessions: tested with another user's in the sessions tests). */
const UUID_KEYED = new Set(['DELETE /api/auth/sessions/:id']);
/** Deletes that need a body (a payment's reason): sent valid, so the answer is about the record, not the input. */
const DELETE_BODIES: Record<string, object> = { 'DELETE /api/payment/delete/:id': { reason: 'Tenancy check' } };
/** Ids tried on every route with an id: the demo company's records have these. */
const IDS = Array.from({ length: 25 }, (_, index) => index + 1);
/**
 * Filters some read routes need (a day, a direction, a period, the global search's text); any other route ignores what
 * it does not know.
 */
const COMMON_QUERY = 'date=2026-11-26&type=in&segment=day&from=2026-11-01&to=2026-11-30&driver_id=1&booking_id=1&q=ar';

/**
 * Routes read with a query of their own: the reports' XLSX is a zip whose entries carry the time they were written (so
 * two answers differ in bytes); its CSV is read instead, and reports.test.ts reads another company's XLSX back.
 */
const OWN_QUERY: Record<string, string> = { '/api/reports/export': 'format=csv&report=channels' };

let ctx: TestContext;
let outsider: Tenant;
beforeAll(async () => {
  // Every read route is called many times from one address: the API's rate limit is set out of the way (it has tests).
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: 1_000_000 });
  // The outsider's company comes first and has nothing but its admin; the demo company is added later.
  outsider = await createCompanyThroughApi(ctx);
});
afterAll(() => ctx?.close());

const readRoutes = () =>
  ctx.app.routeTable.filter(
    (route) =>
      route.permission &&
      route.method === 'GET' &&
      !STREAMS.has(`${route.method} ${route.url}`) &&
      !ORGANISATION_READS.some((prefix) => route.url.startsWith(prefix)),
  );

/** What the outsider's admin gets from every read route: status and body, by URL. */
async function everythingTheOutsiderReads(): Promise<Map<string, { status: number; body: string }>> {
  const answers = new Map<string, { status: number; body: string }>();
  const read = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url, headers: outsider.headers });
    answers.set(url, { status: response.statusCode, body: response.body });
    return response.statusCode;
  };
  for (const route of readRoutes()) {
    if (route.url.includes(':')) {
      for (const id of IDS) await read(route.url.replace(/:[a-z_]+/gi, String(id)));
      continue;
    }
    const ownQuery = OWN_QUERY[route.url];
    if (ownQuery) {
      await read(`${route.url}?${ownQuery}`);
      continue;
    }
    if ((await read(route.url)) === 400) await read(`${route.url}?${COMMON_QUERY}`);
    // A second page and a search too: the count and the search must not see others either.
    if (route.url.endsWith('/list')) await read(`${route.url}?page=2&page_size=5&search=a`);
  }
  return answers;
}

/** A fingerprint of every row of the company, table by table (each table with a company_id column). */
async function companyFingerprint(companyId: number): Promise<Record<string, string>> {
  const tables = (await ctx.db.execute(sql`
    select table_name from information_schema.columns
    where table_schema = 'public' and column_name = 'company_id' order by table_name`)) as unknown as {
    rows: Array<{ table_name: string }>;
  };
  const names = tables.rows.map((row) => row.table_name);
  const fingerprint: Record<string, string> = {};
  for (const name of names) {
    const query: SQL = sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest
      from ${sql.identifier(name)} t where company_id = ${companyId}`;
    const result = (await ctx.db.execute(query)) as unknown as { rows: Array<{ digest: string }> };
    fingerprint[name] = result.rows[0]?.digest ?? '';
  }
  return fingerprint;
}

describe('tenancy over the whole route table', () => {
  let demoCompanyId: number;

  it('a company admin reads exactly the same through every read route before and after another company fills the database', async () => {
    const before = await everythingTheOutsiderReads();
    await seedDemoData(ctx.db);
    const [demo] =
      (
        (await ctx.db.execute(sql`select id from companies where name = 'Parking Solutions Demo'`)) as unknown as {
          rows: Array<{ id: number }>;
        }
      ).rows ?? [];
    demoCompanyId = Number(demo?.id);
    expect(demoCompanyId).toBeGreaterThan(0);
    const after = await everythingTheOutsiderReads();

    expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
    const changed = [...after].filter(([url, answer]) => {
      const earlier = before.get(url);
      return earlier?.status !== answer.status || earlier.body !== answer.body;
    });
    expect(changed.map(([url, answer]) => `${url}: ${before.get(url)?.status} -> ${answer.status} ${answer.body.slice(0, 200)}`)).toEqual(
      [],
    );
    // The walk read something: lists answered, and ids answered 404 rather than nothing at all.
    expect([...after.values()].filter((answer) => answer.status === 200).length).toBeGreaterThan(50);
    expect([...after.values()].filter((answer) => answer.status === 404).length).toBeGreaterThan(100);
  }, 600_000);

  it("deletes nothing of another company's: every delete by id is a 404 and the other company's rows are as they were", async () => {
    expect(demoCompanyId).toBeGreaterThan(0);
    const before = await companyFingerprint(demoCompanyId);
    expect(Object.keys(before).length).toBeGreaterThan(20);
    const answered: string[] = [];
    for (const route of ctx.app.routeTable) {
      if (!route.permission || route.method !== 'DELETE' || !route.url.includes(':') || UUID_KEYED.has(`DELETE ${route.url}`)) continue;
      for (const id of IDS) {
        const url = route.url.replace(/:[a-z_]+/gi, String(id));
        const payload = DELETE_BODIES[`DELETE ${route.url}`];
        const response = await ctx.app.inject({ method: 'DELETE', url, headers: outsider.headers, ...(payload ? { payload } : {}) });
        const code = (response.json() as { code?: string }).code ?? '';
        // Refusals that are about the outsider's own things: their own account, the built-in roles every company sees.
        const own = response.statusCode === 409 && ['cannot_delete_self', 'role_built_in'].includes(code);
        // 403: the organisation's lists and companies, which a company admin may not delete at all.
        if (response.statusCode !== 404 && response.statusCode !== 403 && !own) answered.push(`${url}: ${response.statusCode} ${code}`);
      }
    }
    expect(answered).toEqual([]);
    // A body kept for a route that no longer exists would hide nothing, but says the walk is out of date.
    const routes = new Set(ctx.app.routeTable.map((route) => `${route.method} ${route.url}`));
    expect(Object.keys(DELETE_BODIES).filter((key) => !routes.has(key))).toEqual([]);
    expect(await companyFingerprint(demoCompanyId)).toEqual(before);
  }, 600_000);
});
