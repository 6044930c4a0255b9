import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardRoutes } from '../src/kit/routes.ts';
import { hasPermission } from '../src/modules/auth/permissions.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { createSuperAdmin, createTenant, type Headers, type Tenant } from './kit.ts';

/**
 * One test over the whole route table: every `/api` route outside a short public allowlist answers 401
 * without a token and 403 to each role that lacks its permission, before it reads a body or a record.
 */

/** The only routes reachable without a user token; a new one must be added here on purpose. */
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/verify',
  'POST /api/auth/change-password',
  'POST /api/auth/refresh',
  'POST /api/auth/logout',
  'GET /api/web-config',
  'GET /api/location/public/list',
];

let ctx: TestContext;
let callers: Record<'super_admin' | 'admin' | 'driver', Tenant>;
beforeAll(async () => {
  // Every route is called several times from one address within a minute, more than the API's rate limit allows
  // (the limit has tests of its own): it is set out of this walk's way.
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: 100_000 });
  callers = {
    super_admin: await createSuperAdmin(ctx),
    admin: await createTenant(ctx, 'admin'),
    driver: await createTenant(ctx, 'driver'),
  };
});
afterAll(() => ctx?.close());

/** A path of the route with its parameters filled in (ids that exist nowhere). */
const concrete = (url: string) => url.replace(/:[a-z_]+/gi, '2147483000');

describe('the route table', () => {
  it('has exactly the public routes of the allowlist', () => {
    const publicRoutes = ctx.app.routeTable.filter((route) => route.public).map((route) => `${route.method} ${route.url}`);
    expect(publicRoutes.sort()).toEqual([...PUBLIC_ROUTES].sort());
  });

  it('every other /api route answers 401 without a token and with a forged one', async () => {
    const guarded = ctx.app.routeTable.filter((route) => route.permission);
    expect(guarded.length).toBeGreaterThan(10);
    for (const route of guarded) {
      for (const headers of [{}, { authorization: 'Bearer not.a.token' }] as Headers[]) {
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      }
    }
  });

  it('every guarded route answers 403 to each role without its permission', async () => {
    let refusals = 0;
    for (const route of ctx.app.routeTable) {
      if (!route.permission) continue;
      for (const [role, caller] of Object.entries(callers)) {
        if (hasPermission(role as keyof typeof callers, route.permission)) continue;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: caller.headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        expect(response.statusCode, `${role}: ${route.method} ${route.url}`).toBe(403);
        refusals++;
      }
    }
    expect(refusals).toBeGreaterThan(10);
  });
});

describe('the route guard', () => {
  it('refuses to register an /api route that declares neither a permission nor a public reason', async () => {
    const app = Fastify();
    app.decorate('requirePermission', () => async () => {});
    guardRoutes(app);
    expect(() => app.get('/api/forgotten', async () => ({ leaked: true }))).toThrow(/declares neither a permission nor a public reason/);
    app.get('/api/declared', { config: { public: 'reference' } }, async () => ({ ok: true }));
    expect(app.routeTable.map((route) => route.url)).toEqual(['/api/declared']);
    await app.close();
  });
});
