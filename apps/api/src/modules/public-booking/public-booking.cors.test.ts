import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPricedRoute } from '../../../test/factories/quote.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { call, clientKeyHeaders, createTenant, type Tenant } from '../../../test/kit.ts';
import { bookings } from '../../db/schema/index.ts';

/**
 * Cross-origin calls of the public booking API (issue 23, section 1): a browser may call it from the origins the company
 * lists for its web site, and from no other; servers (no `Origin`) and this server's own pages are not cross-origin.
 */

let ctx: TestContext;
type Company = Tenant & { company: { id: number; client_key: string } };
let shop: Company;
let other: Company;
beforeAll(async () => {
  ctx = await createTestContext();
  shop = (await createTenant(ctx)) as Company;
  other = (await createTenant(ctx)) as Company;
  await insertPricedRoute(ctx.db, shop.company.id);
});
afterAll(() => ctx?.close());

const SITE = 'https://www.shop.example';

const preflight = (origin: string, method: string, url = '/api/public/quote') =>
  ctx.app.inject({
    method: 'OPTIONS',
    url,
    headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'authorization, idempotency-key' },
  });
const airportsFrom = (origin: string | undefined, company = shop.company) =>
  ctx.app.inject({
    method: 'GET',
    url: '/api/public/airport/list?page_size=1000',
    headers: { ...clientKeyHeaders(company), ...(origin ? { origin } : {}) },
  });

describe('the origins a company lists', () => {
  it('are kept as browsers send them, and a wrong one is refused on its field in the caller language', async () => {
    const set = (origins: unknown, language = 'en') =>
      call(
        ctx.app,
        'PATCH',
        '/api/company/details/update',
        { ...shop.headers, 'accept-language': language },
        { public_booking_origins: origins },
      );
    for (const wrong of ['ftp://www.shop.example', 'https://www.shop.example/book', 'www.shop.example', 'https://user@shop.example']) {
      const refused = await set([wrong], 'ta');
      expect(refused.status, wrong).toBe(400);
      expect(JSON.stringify(refused.body.details)).toContain('public_booking_origins');
      expect(JSON.stringify(refused.body.details)).toMatch(/[\u0B80-\u0BFF]/);
    }
    const saved = await set(['HTTPS://WWW.Shop.Example:443/', 'http://localhost:8080', 'https://www.shop.example']);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const details = await call(ctx.app, 'GET', '/api/company/details', shop.headers);
    expect((details.body.data as { public_booking_origins: string[] }).public_booking_origins).toEqual([SITE, 'http://localhost:8080']);
  });
});

describe('a browser on another site', () => {
  it('gets a preflight only for a listed origin and a client-key route', async () => {
    const allowed = await preflight(SITE, 'POST', '/api/public/booking/add');
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe(SITE);
    expect(allowed.headers['access-control-allow-headers']).toContain('idempotency-key');
    expect(allowed.headers['access-control-allow-methods']).toBe('POST');
    expect(String(allowed.headers.vary)).toContain('Origin');

    for (const refused of [
      await preflight('https://elsewhere.example', 'GET'),
      // A method the route does not answer, and a route for signed-in users only.
      await preflight(SITE, 'DELETE'),
      await preflight(SITE, 'GET', '/api/booking/list'),
    ]) {
      expect(refused.statusCode).toBe(403);
      expect(refused.headers).not.toHaveProperty('access-control-allow-origin');
      expect(refused.json().code).toBe('origin_not_allowed');
    }
  });

  it("reads the company's answers from a listed origin only, with its own company's key", async () => {
    const listed = await airportsFrom(SITE);
    expect(listed.statusCode).toBe(200);
    expect(listed.headers['access-control-allow-origin']).toBe(SITE);

    const elsewhere = await airportsFrom('https://elsewhere.example');
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.headers).not.toHaveProperty('access-control-allow-origin');
    expect(elsewhere.json()).not.toHaveProperty('data');
    // The shop's site with a company that does not list it.
    expect((await airportsFrom(SITE, other.company)).statusCode).toBe(403);

    // A server (no Origin) and this server's own pages are not cross-origin.
    const server = await airportsFrom(undefined);
    expect(server.statusCode).toBe(200);
    expect(server.headers).not.toHaveProperty('access-control-allow-origin');
    expect((await airportsFrom('http://localhost:80')).statusCode).toBe(200);
  });

  it('cannot book from an origin the company does not list: refused before anything is written', async () => {
    const before = await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.company_id, shop.company.id));
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/public/booking/add',
      headers: { ...clientKeyHeaders(shop.company), origin: 'https://elsewhere.example', 'idempotency-key': randomUUID() },
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('origin_not_allowed');
    expect(await ctx.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.company_id, shop.company.id))).toEqual(before);
  });

  it("reads that the company takes no bookings online when it switches them off (the site's page can say so)", async () => {
    await call(ctx.app, 'PATCH', '/api/company/details/update', shop.headers, { public_booking_enabled: false });
    try {
      const off = await airportsFrom(SITE);
      expect(off.statusCode).toBe(401);
      expect(off.json().code).toBe('public_booking_off');
      expect(off.headers['access-control-allow-origin']).toBe(SITE);
    } finally {
      await call(ctx.app, 'PATCH', '/api/company/details/update', shop.headers, { public_booking_enabled: true });
    }
  });
});
