import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAirport, createCompanyWithAdmin, signIn } from '../../test/factories.ts';
import { createTestContext, type TestContext } from '../../test/harness.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('JSON bodies', () => {
  it('takes an empty body with content-type application/json as no body (a body-less call works as without the header)', async () => {
    // A signed-in DELETE with the header and no body deletes, as it does without the header.
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    const [first, second] = [await createAirport(ctx.db, company.id), await createAirport(ctx.db, company.id)];
    const emptyJson = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/airport/delete/${first.id}`,
      headers: { ...bearer, 'content-type': 'application/json' },
      payload: '',
    });
    const without = await ctx.app.inject({ method: 'DELETE', url: `/api/airport/delete/${second.id}`, headers: bearer });
    expect(without.statusCode).toBe(200);
    expect(emptyJson.statusCode).toBe(200);
    expect(emptyJson.json()).toEqual(without.json());
  });

  it('answers a route that needs a body and gets an empty one as if no body came: its own 400', async () => {
    const emptyJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    const without = await ctx.app.inject({ method: 'POST', url: '/api/auth/login' });
    expect(emptyJson.statusCode).toBe(400);
    expect(emptyJson.json()).toEqual(without.json());
    expect(emptyJson.json()).not.toMatchObject({ error: 'FST_ERR_CTP_EMPTY_JSON_BODY' });
  });

  it('still refuses malformed JSON and prototype poisoning', async () => {
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(malformed.statusCode).toBe(400);
    const poisoned = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });
});
