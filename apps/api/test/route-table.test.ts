import { assignablePermissions, builtInRolePermissions, FINANCE_PERMISSION, mayCall, permissionParts, roleTemplates } from '@ps/contracts';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roles } from '../src/db/schema/index.ts';
import { guardRoutes } from '../src/kit/routes.ts';
import { insertDriver } from './factories/drivers.ts';
import { createUser } from './factories.ts';
import { createTestContext, type TestContext } from './harness.ts';
import { createSuperAdmin, createTenant, type Headers, mintAccessToken, type Tenant } from './kit.ts';

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
  // The company's public site reads its published blog posts and their covers with the client key (issue 9, section 4).
  'GET /api/blog/public/list',
  'GET /api/blog/public/get/:language/:slug',
  'GET /api/blog/public/cover/:id',
  // The public booking API: a company's own web site with its client key (issue 23, section 1).
  'GET /api/public/airport/list',
  'GET /api/public/package/list',
  'GET /api/public/service/list',
  'GET /api/public/quote',
  'POST /api/public/booking/add',
  'POST /api/public/booking/access',
  'POST /api/public/booking/verify',
  'GET /api/public/booking/get',
  'POST /api/public/booking/cancel',
  'PATCH /api/public/booking/update',
  'POST /api/public/booking/request-car',
  // The browser's preflight of a client-key call from a company's own web site (plugins/public-origins.ts).
  'OPTIONS /api/*',
  // Prometheus's scrape, with METRICS_TOKEN as its bearer (plugins/metrics.ts; issue 24, section 4).
  'GET /metrics',
];

/** Two roles a company makes of its own: a read-only accountant and a dispatcher (the role screen's usual one). */
const ACCOUNTANT = assignablePermissions.filter((permission) => permissionParts(permission).action === 'view');
const DISPATCHER = roleTemplates.dispatcher;

type CallerName = 'super_admin' | 'admin' | 'driver' | 'accountant' | 'dispatcher';
let ctx: TestContext;
let callers: Record<CallerName, Tenant>;
/** What each caller's role allows, as the matrix says it should. */
let allowed: Record<CallerName, ReadonlySet<string>>;

/** An office user of the company with a role the company made, signed in. */
async function withOwnRole(companyId: number, name: string, permissions: readonly string[]): Promise<Tenant> {
  const [role] = await ctx.db
    .insert(roles)
    .values({ company_id: companyId, name, permissions: [...permissions] })
    .returning();
  const user = await createUser(ctx.db, { company_id: companyId, role: 'admin', role_id: role?.id ?? null });
  return { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
}

beforeAll(async () => {
  // Every route is called several times from one address within a minute, more than the API's rate limit allows
  // (the limit has tests of its own): it is set out of this walk's way.
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: 100_000 });
  const admin = await createTenant(ctx, 'admin');
  // A driver with a profile: their trips and attendance need one (a driver's account without it is refused there).
  const { user: driverUser } = await insertDriver(ctx.db, admin.company.id);
  callers = {
    super_admin: await createSuperAdmin(ctx),
    admin,
    driver: { company: null, user: driverUser, headers: { authorization: `Bearer ${await mintAccessToken(ctx, driverUser)}` } },
    accountant: await withOwnRole(admin.company.id, 'Accountant', ACCOUNTANT),
    dispatcher: await withOwnRole(admin.company.id, 'Dispatcher', DISPATCHER),
  };
  allowed = {
    super_admin: new Set(builtInRolePermissions.super_admin),
    admin: new Set(builtInRolePermissions.admin),
    driver: new Set(builtInRolePermissions.driver),
    accountant: new Set(['session', ...ACCOUNTANT]),
    dispatcher: new Set(['session', ...DISPATCHER]),
  };
});
afterAll(() => ctx?.close());

/**
 * Routes of a company's own records that every signed-in user may call (`session`) but the organisation's super
 * admin, who has no company, is refused (403, `company_scope`).
 */
const COMPANY_ONLY_SESSION_ROUTES = new Set(['GET /api/web-config/company']);

/** Streams that stay open while the client listens (their own tests open and close them): not called when allowed. */
const STREAMS = new Set(['GET /api/live/events']);

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

  it('every permission a role can hold guards at least one route, so each cell of the matrix is walked below', () => {
    // A money endpoint's finance.view guards it too.
    const guarding = new Set(
      ctx.app.routeTable.flatMap((route) => [route.permission, route.finance ? FINANCE_PERMISSION : null]).filter(Boolean),
    );
    const everyPermission = new Set([
      ...builtInRolePermissions.super_admin,
      ...builtInRolePermissions.admin,
      ...builtInRolePermissions.driver,
    ]);
    expect([...everyPermission].filter((permission) => !guarding.has(permission))).toEqual([]);
  });

  // Each built-in role and two roles a company made: a route answers 403 exactly to the callers whose role lacks its
  // permission, and lets the others through to the route itself (validation, a 404 for ids that exist nowhere...).
  for (const name of ['super_admin', 'admin', 'driver', 'accountant', 'dispatcher'] as const) {
    it(`every guarded route answers 403 to the ${name} role exactly when it lacks the route's permission`, async () => {
      const wrong: string[] = [];
      let refused = 0;
      let passed = 0;
      for (const route of ctx.app.routeTable) {
        if (!route.permission) continue;
        const key = `${route.method} ${route.url}`;
        const needs = route.finance ? { permission: route.permission, finance: true as const } : { permission: route.permission };
        const may =
          mayCall(needs, (permission) => allowed[name].has(permission)) &&
          !(name === 'super_admin' && COMPANY_ONLY_SESSION_ROUTES.has(key));
        if (may && STREAMS.has(key)) continue;
        const response = await ctx.app.inject({
          method: route.method as 'GET',
          url: concrete(route.url),
          headers: callers[name].headers,
          payload: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        });
        if (may ? [401, 403].includes(response.statusCode) || response.statusCode >= 500 : response.statusCode !== 403) {
          wrong.push(`${key} (${route.permission}): ${response.statusCode}`);
        }
        if (may) passed++;
        else refused++;
      }
      expect(wrong).toEqual([]);
      expect(passed).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    }, 180_000);
  }
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
