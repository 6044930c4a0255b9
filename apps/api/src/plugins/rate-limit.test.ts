import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../../test/harness.ts';
import { createTenant } from '../../test/kit.ts';
import { buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { createRateLimitCounter } from './rate-limit-store.ts';

const LIMIT = 6;
const onPostgres = process.env.TEST_DB === 'postgres';

let ctx: TestContext;
let webDist: string;
beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'ps-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Parking Solutions</title>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log("app");');
  ctx = await createTestContext({ RATE_LIMIT_PER_MINUTE: LIMIT, RATE_LIMIT_SYNC_MS: 20, WEB_DIST_DIR: webDist });
});
afterAll(async () => {
  await ctx?.close();
  rmSync(webDist, { recursive: true, force: true });
});

/** Waits while the current minute (the rate limit's window) has less than `seconds` left. */
async function awayFromWindowEdge(seconds = 5) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the API rate limit', () => {
  it("counts API calls only: the web app's files and pages never use up the limit", async () => {
    await awayFromWindowEdge();
    const tenant = await createTenant(ctx);
    const address = { remoteAddress: '10.0.0.1' };
    for (let i = 0; i < LIMIT * 2; i++) {
      const file = await ctx.app.inject({ method: 'GET', url: '/assets/app.js', ...address });
      expect(file.statusCode).toBe(200);
      const page = await ctx.app.inject({ method: 'GET', url: '/dashboard', ...address });
      expect(page.statusCode).toBe(200);
    }
    const statuses = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      // A doubled slash reaches the same route, and counts the same.
      const url = i % 2 === 0 ? '/api/airport/list' : '//api/airport/list';
      statuses.push((await ctx.app.inject({ method: 'GET', url, headers: tenant.headers, ...address })).statusCode);
    }
    expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });
});

describe.runIf(onPostgres)('the shared rate-limit store on PostgreSQL', () => {
  it('counts in memory: no database write per request, one statement per sync adds every key and answers the shared counts', async () => {
    await awayFromWindowEdge();
    const first = createRateLimitCounter(ctx.db, { syncMs: 60_000 });
    const second = createRateLimitCounter(ctx.db, { syncMs: 60_000 });
    const key = `unit-${Date.now()}`;
    try {
      expect(first.incr(key, 60_000).current).toBe(1);
      expect(first.incr(key, 60_000).current).toBe(2);
      expect(first.incr(`${key}-other`, 60_000).current).toBe(1);
      const before = await ctx.db.select().from(rateLimitHits);
      expect(before.filter((row) => row.key.startsWith(key))).toEqual([]);

      await first.sync();
      expect(second.incr(key, 60_000).current).toBe(1);
      await second.sync();
      // The second process now knows the first's two requests.
      expect(second.read(key, 60_000).current).toBe(3);
      expect(second.incr(key, 60_000).current).toBe(4);
      const rows = await ctx.db.select().from(rateLimitHits);
      expect(Object.fromEntries(rows.filter((row) => row.key.startsWith(key)).map((row) => [row.key, row.hits]))).toEqual({
        [key]: 3,
        [`${key}-other`]: 1,
      });
    } finally {
      await first.stop();
      await second.stop();
    }
  });

  describe('two server instances on one database', () => {
    let other: { app: FastifyInstance; database: Database };
    beforeAll(async () => {
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
    });

    it('share one limit: requests alternating between them get 429 at the limit, not at twice it', async () => {
      await awayFromWindowEdge();
      const tenant = await createTenant(ctx);
      const address = { remoteAddress: '10.0.0.2' };
      const statuses: number[] = [];
      for (let i = 0; i < LIMIT + 4; i++) {
        const app = i % 2 === 0 ? ctx.app : other.app;
        statuses.push((await app.inject({ method: 'GET', url: '/api/airport/list', headers: tenant.headers, ...address })).statusCode);
        // Longer than a sync interval (20 ms here): the tolerance of the shared count is one interval.
        await pause(80);
      }
      expect(statuses).toEqual([...Array(LIMIT).fill(200), 429, 429, 429, 429]);
    });
  });
});
