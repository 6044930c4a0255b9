import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BOOKING_PAGE_DATA_ID, bookingPageSchema } from '@ps/contracts';
import publicBookingEn from '@ps/contracts/locales/publicBooking.en.json' with { type: 'json' };
import publicBookingTa from '@ps/contracts/locales/publicBooking.ta.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq, sql } from 'drizzle-orm';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany } from '../../../test/factories.ts';
import { createServerDatabase, createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, createCompanyThroughApi, createTenant, type Tenant } from '../../../test/kit.ts';
import { type Database, openDatabase } from '../../db/client.ts';
import { auditLog, companies, companyWebConfigs } from '../../db/schema/index.ts';

/**
 * The hosted booking page (issue 23, section 2): `/book/<slug>` answers the built page with its company's data in it
 * (its key, name, brand), framable by the company's own sites only; every company has an address, made of its name
 * when nobody chose one, and its admin changes it on the settings screen.
 */

const TEMPLATE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Book</title><script type="module" src="/booking-page/assets/app.js"></script></head>
<body><div id="app"></div></body>
</html>
`;

let ctx: TestContext;
let dist: string;
type Company = Tenant & { company: { id: number; client_key: string; booking_slug: string; name: string } };
let owner: Company;
let other: Company;
beforeAll(async () => {
  // The API's tests run without a web build: a small page stands in for apps/book's.
  dist = mkdtempSync(join(tmpdir(), 'ps-booking-page-'));
  mkdirSync(join(dist, 'booking-page'));
  writeFileSync(join(dist, 'booking-page', 'index.html'), TEMPLATE);
  ctx = await createTestContext({ WEB_DIST_DIR: dist });
  owner = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
});
afterAll(async () => {
  await ctx?.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (path: string) => ctx.app.inject({ method: 'GET', url: path });

/** The page's data block, read as the booking page app reads it. */
function pageDataOf(html: string) {
  const match = new RegExp(`<script type="application/json" id="${BOOKING_PAGE_DATA_ID}">([^<]*)</script>`).exec(html);
  if (!match?.[1]) throw new Error('the page carries no data block');
  return bookingPageSchema.parse(JSON.parse(match[1]));
}

/** The CSP's directives by name. */
function cspOf(header: unknown): Record<string, string> {
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name = '', ...sources]) => [name, sources.join(' ')]),
  );
}

describe('GET /book/:slug', () => {
  it("answers the built page with the company's own data (its key, brand and currency), never another company's", async () => {
    const response = await page(`/book/${owner.company.booking_slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    // The template as built, with the data before </head>.
    expect(response.body).toContain('<script type="module" src="/booking-page/assets/app.js"></script>');
    expect(response.body.indexOf(BOOKING_PAGE_DATA_ID)).toBeLessThan(response.body.indexOf('</head>'));
    expect(pageDataOf(response.body)).toEqual({
      company_id: owner.company.id,
      client_key: owner.company.client_key,
      slug: owner.company.booking_slug,
      name: owner.company.name,
      logo: 'data:image/png;base64,AAAA',
      primary_color: '#0095e8',
      background_color: '#f3f4f6',
      enabled: true,
      currency: 'GBP',
    });
    expect(response.body).not.toContain(other.company.client_key);

    // Manage my booking is the same app with the same data; an address typed in capitals finds the page too.
    for (const path of [`/book/${owner.company.booking_slug}/manage`, `/book/${owner.company.booking_slug.toUpperCase()}`]) {
      const same = await page(path);
      expect(same.statusCode, path).toBe(200);
      expect(pageDataOf(same.body)).toMatchObject({ company_id: owner.company.id, client_key: owner.company.client_key });
    }
    const theirs = pageDataOf((await page(`/book/${other.company.booking_slug}`)).body);
    expect(theirs).toMatchObject({ company_id: other.company.id, client_key: other.company.client_key });
    expect(JSON.stringify(theirs)).not.toContain(owner.company.client_key);
  });

  it('carries the brand as the web config has it, and says when the company takes no bookings online', async () => {
    const tenant = (await createTenant(ctx)) as Company;
    await ctx.db
      .update(companyWebConfigs)
      .set({ name: 'Harbour Gate Parking', primary_color: '#7a2e0e', background_color: '#ffffff', login_page_logo: null })
      .where(eq(companyWebConfigs.company_id, tenant.company.id));
    await ctx.db.update(companies).set({ currency: 'LKR', public_booking_enabled: false }).where(eq(companies.id, tenant.company.id));
    const response = await page(`/book/${tenant.company.booking_slug}`);
    expect(response.statusCode).toBe(200);
    expect(pageDataOf(response.body)).toMatchObject({
      name: 'Harbour Gate Parking',
      logo: null,
      primary_color: '#7a2e0e',
      background_color: '#ffffff',
      enabled: false,
      currency: 'LKR',
    });
  });

  it('writes a company name with </script> in it so that it cannot end the data block', async () => {
    const tenant = (await createTenant(ctx)) as Company;
    const name = 'Harbour </script><script>alert(1)</script><!-- & "Co"';
    await ctx.db.update(companyWebConfigs).set({ name }).where(eq(companyWebConfigs.company_id, tenant.company.id));
    const response = await page(`/book/${tenant.company.booking_slug}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!--');
    expect(response.body).toContain('\\u003c/script>');
    // The app reads the name back exactly.
    expect(pageDataOf(response.body).name).toBe(name);
  });

  it("may be framed by this site and the company's listed sites only; every other answer stays unframable", async () => {
    const origins = ['https://www.harbour.example', 'http://localhost:8080'];
    const saved = await call(ctx.app, 'PATCH', '/api/company/details/update', owner.headers, { public_booking_origins: origins });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    for (const path of [`/book/${owner.company.booking_slug}`, `/book/${owner.company.booking_slug}/manage`]) {
      const response = await page(path);
      expect(response.headers['x-frame-options'], path).toBeUndefined();
      const csp = cspOf(response.headers['content-security-policy']);
      expect(csp['frame-ancestors']).toBe("'self' https://www.harbour.example http://localhost:8080");
      // The rest of the app's policy holds; the logo's data: URL is still an allowed image.
      expect(csp['default-src']).toBe("'self'");
      expect(csp['script-src']).toBe("'self'");
      expect(csp['img-src']?.split(' ')).toEqual(expect.arrayContaining(["'self'", 'data:']));
    }
    // A company that lists no site: this site alone.
    expect(cspOf((await page(`/book/${other.company.booking_slug}`)).headers['content-security-policy'])['frame-ancestors']).toBe("'self'");
    // The API and the 404 page keep the app's rule.
    for (const path of ['/api/web-config', '/book/no-such-company']) {
      const response = await page(path);
      expect(response.headers['x-frame-options'], path).toBe('DENY');
      expect(cspOf(response.headers['content-security-policy'])['frame-ancestors'], path).toBe("'none'");
    }
  });

  it('is a short 404 page in English and Tamil for an address no active company has', async () => {
    const tenant = (await createTenant(ctx)) as Company;
    await ctx.db.update(companies).set({ status: 0 }).where(eq(companies.id, tenant.company.id));
    for (const path of ['/book/no-such-company', `/book/${tenant.company.booking_slug}`, '/book/Not%20an%20address!', '/book/x/manage']) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain('<html lang="en">');
      expect(response.body).toContain(publicBookingEn.bookingPage.notFound);
      expect(response.body).toContain(publicBookingTa.bookingPage.notFound);
      expect(response.body).not.toContain(BOOKING_PAGE_DATA_ID);
      expect(response.body).not.toContain(tenant.company.client_key);
    }
  });

  it('is a page, not an API call: the API reference leaves it out', async () => {
    const reference = (await page('/api/docs/json')).json() as { paths: Record<string, unknown> };
    expect(Object.keys(reference.paths).filter((path) => path.startsWith('/book'))).toEqual([]);
    expect(Object.keys(reference.paths)).toEqual(expect.arrayContaining(['/api/public/package/list', '/api/public/service/list']));
  });

  it('is a 404 page saying so when the booking page is not built', async () => {
    const unbuilt = await createTestContext({ WEB_DIST_DIR: join(dist, 'not-here') });
    try {
      const tenant = (await createTenant(unbuilt)) as Company;
      const response = await unbuilt.app.inject({ method: 'GET', url: `/book/${tenant.company.booking_slug}` });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.body).toContain(publicBookingEn.bookingPage.notBuilt);
      expect(response.body).toContain(publicBookingTa.bookingPage.notBuilt);
      expect(response.body).not.toContain(tenant.company.client_key);
    } finally {
      await unbuilt.close();
    }
  });
});

describe("a company's booking page address", () => {
  const update = (tenant: Tenant, body: unknown, language = 'en') =>
    call(ctx.app, 'PATCH', '/api/company/details/update', { ...tenant.headers, 'accept-language': language }, body);

  it('is changed by its admin (trimmed, in lower case), audited, and the page moves with it', async () => {
    const tenant = (await createTenant(ctx)) as Company;
    const before = tenant.company.booking_slug;
    const saved = await update(tenant, { booking_slug: '  Harbour-Gate-Parking ' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ booking_slug: 'harbour-gate-parking' });
    expect((await call(ctx.app, 'GET', '/api/company/details', tenant.headers)).body.data).toMatchObject({
      booking_slug: 'harbour-gate-parking',
    });

    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.company_id, tenant.company.id), eq(auditLog.entity, 'company')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', actor_user_id: tenant.user.id });
    expect(entries[0]?.changes).toEqual({ booking_slug: { from: before, to: 'harbour-gate-parking' } });

    const moved = await page('/book/harbour-gate-parking');
    expect(moved.statusCode).toBe(200);
    expect(pageDataOf(moved.body)).toMatchObject({ company_id: tenant.company.id, slug: 'harbour-gate-parking' });
    expect((await page(`/book/${before}`)).statusCode).toBe(404);
  });

  it("refuses an address that is not one, with the field's message in the caller's language, and saves nothing", async () => {
    const tenant = (await createTenant(ctx)) as Company;
    const cases: Array<[unknown, string]> = [
      ['harbour gate!', ta.validation.slug],
      ['harbour--gate', ta.validation.slug],
      ['-harbour', ta.validation.slug],
      ['x', ta.validation.min2],
      ['a'.repeat(61), ta.validation.tooLong],
      ['   ', ta.validation.required],
    ];
    for (const [slug, message] of cases) {
      const refused = await update(tenant, { booking_slug: slug, tax_number: 'GB 1' }, 'ta');
      expect(refused.status, String(slug)).toBe(400);
      expect(refused.body.details, String(slug)).toEqual([{ field: 'booking_slug', code: expect.any(String), message }]);
    }
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, tenant.company.id));
    expect(row).toMatchObject({ booking_slug: tenant.company.booking_slug, tax_number: null });
  });

  it("refuses another company's address: 409 booking_slug_taken on the field, in English and Tamil, nothing saved", async () => {
    const tenant = (await createTenant(ctx)) as Company;
    for (const [language, message] of [
      ['en', publicBookingEn.errors.booking_slug_taken],
      ['ta', publicBookingTa.errors.booking_slug_taken],
    ] as const) {
      const taken = await update(tenant, { booking_slug: other.company.booking_slug, tax_number: 'GB 2' }, language);
      expect(taken.status).toBe(409);
      expect(taken.body).toMatchObject({ code: 'booking_slug_taken', message });
      expect(taken.body.details).toEqual([{ field: 'booking_slug', code: 'errors.booking_slug_taken', message }]);
    }
    const [row] = await ctx.db.select().from(companies).where(eq(companies.id, tenant.company.id));
    expect(row).toMatchObject({ booking_slug: tenant.company.booking_slug, tax_number: null });
    // Its own address again is no conflict.
    expect((await update(tenant, { booking_slug: tenant.company.booking_slug })).status).toBe(200);
  });

  it('is made of the name for a company inserted without one (the factories, the demo, the super admin)', async () => {
    const first = await createCompany(ctx.db, { name: 'Sunrise Airport Cars Ltd.' });
    expect(first.booking_slug).toBe('sunrise-airport-cars-ltd');
    // The same name again: the company's id follows it.
    const second = await createCompany(ctx.db, { name: 'SUNRISE  airport cars (Ltd)' });
    expect(second.booking_slug).toBe(`sunrise-airport-cars-ltd-${second.id}`);
    // Cut to 50 characters, never ending on a hyphen.
    const long = await createCompany(ctx.db, { name: 'Heathrow and Gatwick Meet and Greet Valet Parking Company' });
    expect(long.booking_slug).toBe('heathrow-and-gatwick-meet-and-greet-valet-parking');
    // One character is too short to be an address; nothing Latin at all is a 'company'.
    const single = await createCompany(ctx.db, { name: 'A' });
    expect(single.booking_slug).toBe(`a-${single.id}`);
    const tamil = await createCompany(ctx.db, { name: 'வாகன நிறுத்தம்' });
    expect(tamil.booking_slug).toMatch(/^company(-\d+)?$/);
    // One given is kept.
    const chosen = await createCompany(ctx.db, { name: 'Chosen', booking_slug: 'my-own-address' });
    expect(chosen.booking_slug).toBe('my-own-address');

    // The super admin's add (no slug in its body or its code).
    const added = await createCompanyThroughApi(ctx);
    const [row] = await ctx.db
      .select({ name: companies.name, booking_slug: companies.booking_slug })
      .from(companies)
      .where(eq(companies.id, added.company.id));
    expect(row?.booking_slug).toBe(row?.name.toLowerCase().replace(/ /g, '-'));
    expect((await page(`/book/${row?.booking_slug}`)).statusCode).toBe(200);
  });
});

// On a server, two inserts really run side by side: the second must not take the address the first has not committed yet.
describe.runIf(process.env.TEST_DB === 'postgres')('two companies of one name made at once (PostgreSQL)', () => {
  it('the second waits for the first to commit, then takes the address numbered with its id', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reportInserted = () => {};
    const inserted = new Promise<void>((resolve) => {
      reportInserted = resolve;
    });
    const first = ctx.db.transaction(async (tx) => {
      const [row] = await tx.insert(companies).values({ name: 'Twin Harbour', client_key: 'key-twin-first' }).returning();
      reportInserted();
      await held;
      return row;
    });
    await inserted;
    const second = createCompany(ctx.db, { name: 'Twin Harbour' });
    // The second insert is waiting on the first's transaction (its address lock), not done and not failed.
    const waiting = async () =>
      (
        (await ctx.db.execute(sql`select count(*)::int as count from pg_locks where not granted`)) as unknown as {
          rows: { count: number }[];
        }
      ).rows[0]?.count ?? 0;
    for (let tries = 0; (await waiting()) === 0; tries++) {
      if (tries > 200) throw new Error('the second insert never waited');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    release();
    const [plain, numbered] = [await first, await second];
    expect(plain?.booking_slug).toBe('twin-harbour');
    expect(numbered.booking_slug).toBe(`twin-harbour-${numbered.id}`);
  });
});

describe('the migration that gives every company its address', () => {
  const migrationsFolder = resolve(import.meta.dirname, '../../db/migrations');
  const BEFORE = '0026_car_requests_and_origins';
  let dir: string;
  let database: Database;
  let drop = async () => {};

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ps-booking-slug-'));
    let databaseUrl: string | undefined;
    if (process.env.TEST_DB === 'postgres') ({ url: databaseUrl, drop } = await createServerDatabase(process.env.TEST_DATABASE_URL ?? ''));
    database = await openDatabase({ databaseUrl, dataDir: 'memory://', connectTimeoutMs: 5000 });
  });
  afterAll(async () => {
    await database?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("backfills the companies made before it from their names, the oldest keeping a shared name's plain address", async () => {
    // The migrations up to the one before, as a database of the previous version has them.
    const folder = join(dir, 'migrations');
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalPath = join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
    const upTo = journal.entries.findIndex((entry) => entry.tag === BEFORE);
    expect(upTo).toBeGreaterThan(0);
    writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo + 1) }));
    if (database.kind === 'postgres') await migrateNodePg(database.db as never, { migrationsFolder: folder });
    else await migratePglite(database.db as never, { migrationsFolder: folder });

    await database.db.execute(sql`insert into companies (id, name, client_key) values
      (1, 'Harbour Parking', 'k1'), (2, 'Harbour Parking!', 'k2'), (3, '***', 'k3'), (4, '', 'k4'), (5, 'Q', 'k5')`);
    await database.migrate();
    const rows = (
      (await database.db.execute(sql`select id, booking_slug from companies order by id`)) as unknown as {
        rows: { id: number; booking_slug: string }[];
      }
    ).rows;
    expect(rows).toEqual([
      { id: 1, booking_slug: 'harbour-parking' },
      { id: 2, booking_slug: 'harbour-parking-2' },
      { id: 3, booking_slug: 'company' },
      { id: 4, booking_slug: 'company-4' },
      { id: 5, booking_slug: 'q-5' },
    ]);
    // From now on the column is required, unique and in its format.
    await expect(database.db.execute(sql`update companies set booking_slug = 'harbour-parking' where id = 2`)).rejects.toThrow();
    await expect(database.db.execute(sql`update companies set booking_slug = 'Harbour Parking' where id = 2`)).rejects.toThrow();
    await expect(database.db.execute(sql`update companies set booking_slug = null where id = 2`)).rejects.toThrow();
  });
});
