import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createCompanyWithAdmin, signIn } from './factories.ts';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from './harness.ts';
import { clientKeyHeaders, createTenant } from './kit.ts';

/**
 * Two server instances on one PostgreSQL database, as two processes behind a load balancer would be: each
 * has its own cache of callers and its own LISTEN connection. A sign-out on one must stop the access token
 * on the other. (PGlite belongs to one process, so this runs on PostgreSQL only.)
 */
const onPostgres = process.env.TEST_DB === 'postgres';

let ctx: TestContext;
let other: { app: FastifyInstance; database: Database };
beforeAll(async () => {
  if (!onPostgres) return;
  ctx = await createTestContext();
  const database = await openDatabase({
    databaseUrl: ctx.config.DATABASE_URL,
    dataDir: ctx.config.DATA_DIR,
    connectTimeoutMs: ctx.config.DB_CONNECT_TIMEOUT_MS,
  });
  const app = await buildApp({ config: ctx.config, database, secret: TEST_JWT_SECRET });
  await app.ready();
  other = { app, database };
});
afterAll(async () => {
  await other?.app.close();
  await other?.database.close();
  await ctx?.close();
});

/** Polls until `check` is true or the bound passes (the notification is asynchronous); no timing asserted. */
async function eventually(check: () => Promise<boolean>, boundMs = 5000): Promise<boolean> {
  const until = Date.now() + boundMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

/** Runs `work` with a connection that watches the database's LISTEN connections. */
async function withObserver<T>(work: (observer: pg.Client) => Promise<T>): Promise<T> {
  const observer = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
  await observer.connect();
  try {
    return await work(observer);
  } finally {
    await observer.end();
  }
}
const listenerFilter = "datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()";
async function listeners(observer: pg.Client): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where ${listenerFilter}`);
  return rows[0]?.n ?? 0;
}

describe.runIf(onPostgres)('several server processes on one PostgreSQL database', () => {
  it('agree at once: a sign-out on one stops the access token on the other', async () => {
    // Both instances listen (each on a connection of its own) before the test relies on it.
    expect(await withObserver(async (observer) => eventually(async () => (await listeners(observer)) >= 2))).toBe(true);

    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const onOther = () => other.app.inject({ method: 'GET', url: '/api/airport/list', headers: session.bearer });
    // The other instance now holds the caller in its cache.
    expect((await onOther()).statusCode).toBe(200);
    expect((await onOther()).statusCode).toBe(200);

    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect(await eventually(async () => (await onOther()).statusCode === 401)).toBe(true);
    expect((await onOther()).json().code).toBe('token_invalid');
  });

  it("agree on a company's client key: a rotated key and online booking switched off are refused on the other too", async () => {
    expect(await withObserver(async (observer) => eventually(async () => (await listeners(observer)) >= 2))).toBe(true);
    const tenant = await createTenant(ctx);
    const company = tenant.company as { id: number; client_key: string };
    const airportsOnOther = (key: string) =>
      other.app.inject({ method: 'GET', url: '/api/public/airport/list', headers: clientKeyHeaders(company, key) });
    // The other instance now holds the company in its client-key cache.
    expect((await airportsOnOther(company.client_key)).statusCode).toBe(200);
    expect((await airportsOnOther(company.client_key)).statusCode).toBe(200);

    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/company/client-key/rotate', headers: tenant.headers });
    expect(rotated.statusCode).toBe(200);
    const newKey = (rotated.json() as { data: { client_key: string } }).data.client_key;
    expect(await eventually(async () => (await airportsOnOther(company.client_key)).statusCode === 401)).toBe(true);
    expect((await airportsOnOther(newKey)).statusCode).toBe(200);

    const off = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/company/details/update',
      headers: tenant.headers,
      payload: { public_booking_enabled: false },
    });
    expect(off.statusCode).toBe(200);
    expect(await eventually(async () => (await airportsOnOther(newKey)).json().code === 'public_booking_off')).toBe(true);
  });

  it('still agree after the listening connections were cut: nothing stale is served meanwhile or after', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const first = await signIn(ctx.app, admin.email ?? '', admin.password);
    const second = await signIn(ctx.app, admin.email ?? '', admin.password);
    const onOther = (bearer: Record<string, string>) => other.app.inject({ method: 'GET', url: '/api/airport/list', headers: bearer });
    expect((await onOther(first.bearer)).statusCode).toBe(200);

    await withObserver(async (observer) => {
      await observer.query(`select pg_terminate_backend(pid) from pg_stat_activity where ${listenerFilter}`);
      // While the other instance has no notifications, it must not answer from its cache.
      await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: first.refreshToken } });
      expect(await eventually(async () => (await onOther(first.bearer)).statusCode === 401)).toBe(true);
      // Both reconnect by themselves.
      expect(await eventually(async () => (await listeners(observer)) >= 2, 10_000)).toBe(true);
    });

    expect((await onOther(second.bearer)).statusCode).toBe(200);
    await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: second.refreshToken } });
    expect(await eventually(async () => (await onOther(second.bearer)).statusCode === 401)).toBe(true);
  });
});
