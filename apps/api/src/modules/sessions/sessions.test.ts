import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { addUser, call, createTenant, type Tenant } from '../../../test/kit.ts';
import { auditLog, sessions } from '../../db/schema/index.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const CHROME_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

type Session = { id: string; ip: string; browser: string | null; os: string | null; current: boolean; last_used_at: string };

/** A real sign-in of `user` from a browser and an address: its access token's headers and the session's id. */
async function signIn(user: { email: string | null; password: string }, userAgent: string, address: string) {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    headers: { 'user-agent': userAgent },
    payload: { type: 'email', email: user.email, password: user.password, org_instance_id: 1 },
  });
  expect(response.statusCode, response.body).toBe(202);
  const data = response.json().data as { access_token: string; refresh_token: string };
  const headers = { authorization: `Bearer ${data.access_token}` };
  const listed = await call(ctx.app, 'GET', '/api/auth/sessions', headers);
  const current = (listed.body.data as Session[]).find((session) => session.current);
  if (!current) throw new Error('no current session');
  return { headers, refresh: data.refresh_token, id: current.id };
}

async function twoSignIns() {
  const tenant = await createTenant(ctx);
  const office = await signIn(tenant.user, CHROME_ON_WINDOWS, '203.0.113.10');
  const phone = await signIn(tenant.user, SAFARI_ON_IPHONE, '198.51.100.7');
  return { tenant, office, phone };
}

describe('GET /api/auth/sessions', () => {
  it("lists the user's open sessions, the latest used first, with address, browser and system, this one marked", async () => {
    const { office, phone } = await twoSignIns();
    const listed = await call(ctx.app, 'GET', '/api/auth/sessions', office.headers);
    expect(listed.status).toBe(200);
    expect(listed.response.headers['cache-control']).toBe('no-store');
    const mine = (listed.body.data as Session[]).filter((session) => [office.id, phone.id].includes(session.id));
    expect(mine).toHaveLength(2);
    expect(mine.find((session) => session.id === office.id)).toMatchObject({
      ip: '203.0.113.10',
      browser: 'Chrome',
      os: 'Windows',
      current: true,
    });
    expect(mine.find((session) => session.id === phone.id)).toMatchObject({
      ip: '198.51.100.7',
      browser: 'Safari',
      os: 'iOS',
      current: false,
    });
    // Nothing of a token is in the answer.
    expect(JSON.stringify(listed.body)).not.toContain(office.refresh);
  });

  it('leaves out ended, expired and idle sessions, and other users’ sessions', async () => {
    const { tenant, office, phone } = await twoSignIns();
    const third = await signIn(tenant.user, CHROME_ON_WINDOWS, '203.0.113.11');
    await call(ctx.app, 'POST', '/api/auth/logout', {}, { refresh_token: third.refresh });
    const colleague = await addUser(ctx, tenant.company.id, 'admin');
    await ctx.db
      .update(sessions)
      .set({ last_used_at: new Date(Date.now() - (ctx.config.SESSION_IDLE_TIMEOUT_SECONDS + 60) * 1000) })
      .where(eq(sessions.id, phone.id));
    // The test's own sign-in (a minted token's session, from 127.0.0.1) has passed its absolute end.
    await ctx.db
      .update(sessions)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(and(eq(sessions.user_id, tenant.user.id), eq(sessions.ip, '127.0.0.1')));
    const ids = ((await call(ctx.app, 'GET', '/api/auth/sessions', office.headers)).body.data as Session[]).map((session) => session.id);
    expect(ids).toEqual([office.id]);
    const theirs = ((await call(ctx.app, 'GET', '/api/auth/sessions', colleague.headers)).body.data as Session[]).map((s) => s.id);
    expect(theirs).not.toContain(office.id);
  });
});

describe('DELETE /api/auth/sessions/{id}', () => {
  it('ends another session of one’s own at once: its token stops and its refresh no longer renews it', async () => {
    const { office, phone } = await twoSignIns();
    const ended = await call(ctx.app, 'DELETE', `/api/auth/sessions/${phone.id}`, office.headers);
    expect(ended.status).toBe(200);
    expect(ended.body.message).toBe(en.success.sessionEnded);
    expect((await call(ctx.app, 'GET', '/api/auth/sessions', phone.headers)).status).toBe(401);
    const refreshed = await call(ctx.app, 'POST', '/api/auth/refresh', {}, { refresh_token: phone.refresh });
    expect(refreshed.status).toBe(401);
    expect((await call(ctx.app, 'GET', '/api/auth/sessions', office.headers)).status).toBe(200);
    // A second end of the same session finds nothing open.
    expect((await call(ctx.app, 'DELETE', `/api/auth/sessions/${phone.id}`, office.headers)).status).toBe(404);
  });

  it('ends this very session too (signing out here)', async () => {
    const { office } = await twoSignIns();
    expect((await call(ctx.app, 'DELETE', `/api/auth/sessions/${office.id}`, office.headers)).status).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/auth/sessions', office.headers)).status).toBe(401);
  });

  it("gives 404 for another user's session, of the same company or another, and leaves it open", async () => {
    const first = await twoSignIns();
    const colleague = await addUser(ctx, first.tenant.company.id, 'admin');
    const stranger = await createTenant(ctx);
    for (const caller of [colleague, stranger] as Tenant[]) {
      const refused = await call(ctx.app, 'DELETE', `/api/auth/sessions/${first.phone.id}`, caller.headers);
      expect(refused.status).toBe(404);
    }
    expect((await call(ctx.app, 'GET', '/api/auth/sessions', first.phone.headers)).status).toBe(200);
  });

  it('refuses an id that is not a session id with 400 in the caller’s language', async () => {
    const { office } = await twoSignIns();
    const refused = await call(ctx.app, 'DELETE', '/api/auth/sessions/12', { ...office.headers, 'accept-language': 'ta' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain(ta.validation.invalidValue);
  });
});

describe('POST /api/user/sessions/end/{id}', () => {
  it('ends every session of a user of the company, audited with how many were open; they can sign in again', async () => {
    const tenant = await createTenant(ctx);
    const driver = await createUser(ctx.db, { company_id: tenant.company.id, role: 'driver' });
    const one = await signIn(driver, CHROME_ON_WINDOWS, '203.0.113.20');
    const two = await signIn(driver, SAFARI_ON_IPHONE, '203.0.113.21');
    const ended = await call(ctx.app, 'POST', `/api/user/sessions/end/${driver.id}`, tenant.headers);
    expect(ended.status).toBe(200);
    expect(ended.body.data).toEqual({ ended: 2 });
    expect(ended.body.message).toBe('2 sessions ended.');
    for (const session of [one, two]) expect((await call(ctx.app, 'GET', '/api/auth/sessions', session.headers)).status).toBe(401);
    const open = await ctx.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.user_id, driver.id), isNull(sessions.revoked_at)));
    expect(open).toEqual([]);
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(driver.id))));
    expect(entry).toMatchObject({
      action: 'update',
      actor_user_id: tenant.user.id,
      changes: { open_sessions: { from: 2, to: 0 } },
    });
    await signIn(driver, CHROME_ON_WINDOWS, '203.0.113.20');
  });

  it("gives a second company's admin 404 and ends nothing", async () => {
    const tenant = await createTenant(ctx);
    const driver = await createUser(ctx.db, { company_id: tenant.company.id, role: 'driver' });
    const session = await signIn(driver, CHROME_ON_WINDOWS, '203.0.113.30');
    const stranger = await createTenant(ctx);
    const refused = await call(ctx.app, 'POST', `/api/user/sessions/end/${driver.id}`, stranger.headers);
    expect(refused.status).toBe(404);
    expect((await call(ctx.app, 'GET', '/api/auth/sessions', session.headers)).status).toBe(200);
  });

  it('refuses one’s own sessions (409, in the caller’s language) and a driver (403)', async () => {
    const tenant = await createTenant(ctx);
    const own = await call(ctx.app, 'POST', `/api/user/sessions/end/${tenant.user.id}`, { ...tenant.headers, 'accept-language': 'ta' });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe(ta.errors.cannot_end_own_sessions);
    const driver = await addUser(ctx, tenant.company.id, 'driver');
    expect((await call(ctx.app, 'POST', `/api/user/sessions/end/${tenant.user.id}`, driver.headers)).status).toBe(403);
  });
});
