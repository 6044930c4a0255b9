import { Writable } from 'node:stream';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCompany, createCompanyWithAdmin, createUser, loginBody, signIn } from '../../../test/factories.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { auditLog, companies, securityEvents, sessions, users } from '../../db/schema/index.ts';
import { notifyAccessChanged } from '../../plugins/access.ts';

/** Issue 5, section 1: each defect's test. */
let ctx: TestContext;
const logLines: string[] = [];
const MAX_FAILURES = 3;
beforeAll(async () => {
  ctx = await createTestContext(
    { LOG_LEVEL: 'info', LOGIN_MAX_FAILURES_PER_IDENTIFIER: MAX_FAILURES, LOGIN_MAX_FAILURES_PER_ADDRESS: 1000 },
    {
      logStream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  );
});
afterAll(() => ctx.close());

type Headers = Record<string, string>;
const post = (url: string, payload?: Record<string, unknown>, headers: Headers = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}), ...(remoteAddress ? { remoteAddress } : {}) });
const login = (payload: Record<string, unknown>, remoteAddress?: string) => post('/api/auth/login', payload, {}, remoteAddress);
const details = (bearer: Headers) => ctx.app.inject({ method: 'GET', url: '/api/auth/get-details-by-token', headers: bearer });
const bearerOf = (accessToken: string) => ({ authorization: `Bearer ${accessToken}` });
/** The code of the time step `steps` away from now (sign-in accepts one step either side). */
const codeAt = (secret: string, steps = 0) => generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** Lets the next codes be accepted again (each test otherwise has only three usable time steps). */
const forgetUsedCodes = (userId: number) => ctx.db.update(users).set({ totp_last_step: null }).where(eq(users.id, userId));

/** An admin with two-factor on (through the API), signed in; returns the secret. */
async function adminWithTwoFactor() {
  const { company, admin } = await createCompanyWithAdmin(ctx.db);
  const session = await signIn(ctx.app, admin.email ?? '', admin.password);
  const setup = await post('/api/auth/totp/setup', undefined, session.bearer);
  expect(setup.statusCode).toBe(200);
  const secret: string = setup.json().data.secret;
  expect((await post('/api/auth/totp/enable', { code: await codeAt(secret) }, session.bearer)).statusCode).toBe(200);
  await forgetUsedCodes(admin.id);
  return { company, admin, secret, session };
}

async function verifyStepToken(email: string, password: string, remoteAddress?: string): Promise<string> {
  const first = await login(loginBody(email, password), remoteAddress);
  expect(first.statusCode).toBe(200);
  expect(first.json().data.context).toBe('verify');
  return first.json().data.step_token;
}

describe('two-factor setup changes nothing until confirmed', () => {
  it('keeps two-factor on with the old secret while a new one is pending, and asks the password or a code first', async () => {
    const { admin, secret, session } = await adminWithTwoFactor();

    const bare = await post('/api/auth/totp/setup', undefined, session.bearer);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toEqual([{ field: 'password', code: 'errors.reauth_required', message: en.errors.reauth_required }]);
    const wrong = await post('/api/auth/totp/setup', { password: 'not-the-password' }, session.bearer);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ field: 'password', code: 'errors.wrong_current_password' });

    const replaced = await post('/api/auth/totp/setup', { password: admin.password }, session.bearer);
    expect(replaced.statusCode).toBe(200);
    const newSecret: string = replaced.json().data.secret;
    expect(newSecret).not.toBe(secret);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ totp_enabled: true, totp_secret: secret, totp_pending_secret: newSecret });

    // Sign-in still asks for a code, of the old secret; the pending one's codes do not sign in.
    const stepToken = await verifyStepToken(admin.email ?? '', admin.password);
    const withPending = await post('/api/auth/verify', { step_token: stepToken, code: await codeAt(newSecret) });
    expect(withPending.statusCode).toBe(400);
    expect((await post('/api/auth/verify', { step_token: stepToken, code: await codeAt(secret) })).statusCode).toBe(202);

    // Confirming makes the new secret the active one.
    const enabled = await post('/api/auth/totp/enable', { code: await codeAt(newSecret, 1) }, session.bearer);
    expect(enabled.statusCode).toBe(200);
    const [after] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(after).toMatchObject({ totp_enabled: true, totp_secret: newSecret, totp_pending_secret: null });

    // Audited, with the secrets as "[changed]" only.
    const entries = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entity_id, String(admin.id))));
    const changes = entries.map((entry) => entry.changes as Record<string, unknown>);
    expect(changes).toContainEqual({ totp_pending_secret: { to: '[changed]' } });
    expect(JSON.stringify(changes)).not.toContain(newSecret);
  });

  it('accepts a current code instead of the password, once', async () => {
    const { admin, secret, session } = await adminWithTwoFactor();
    const code = await codeAt(secret);
    expect((await post('/api/auth/totp/setup', { code }, session.bearer)).statusCode).toBe(200);
    const again = await post('/api/auth/totp/setup', { code }, session.bearer);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('invalid_totp_code');
    const [row] = await ctx.db.select().from(users).where(eq(users.id, admin.id));
    expect(row?.totp_enabled).toBe(true);
  });

  it('leaves two-factor off and changes nothing else when started while off', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    expect((await post('/api/auth/totp/setup', undefined, session.bearer)).statusCode).toBe(200);
    expect((await login(loginBody(admin.email ?? '', admin.password))).statusCode).toBe(202);
  });
});

describe('codes: counted per account and accepted once', () => {
  it('locks the account after repeated wrong codes, across step tokens', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) {
      // A new step token each time: the count belongs to the account, not to the token.
      const stepToken = await verifyStepToken(admin.email ?? '', admin.password);
      const wrong = await post('/api/auth/verify', { step_token: stepToken, code: '000000' });
      expect(wrong.statusCode).toBe(400);
    }
    const stepToken = await verifyStepToken(admin.email ?? '', admin.password);
    const locked = await post('/api/auth/verify', { step_token: stepToken, code: await codeAt(secret) }, { 'accept-language': 'ta' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_code_attempts');
    expect(locked.json().message).toBe(ta.errors.too_many_code_attempts_other.replace('{{count}}', '15'));
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('refuses a code used once already, at sign-in and at totp/enable', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const code = await codeAt(secret);
    const first = await post('/api/auth/verify', { step_token: await verifyStepToken(admin.email ?? '', admin.password), code });
    expect(first.statusCode).toBe(202);
    const replay = await post('/api/auth/verify', { step_token: await verifyStepToken(admin.email ?? '', admin.password), code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().code).toBe('invalid_totp_code');
    // An older step's code is refused too, once a later one was accepted.
    const later = await post('/api/auth/verify', {
      step_token: await verifyStepToken(admin.email ?? '', admin.password),
      code: await codeAt(secret, 1),
    });
    expect(later.statusCode).toBe(202);
    const older = await post('/api/auth/verify', {
      step_token: await verifyStepToken(admin.email ?? '', admin.password),
      code: await codeAt(secret, -1),
    });
    expect(older.statusCode).toBe(400);

    // totp/enable: a code of a time step already used does not confirm a new secret.
    const { admin: other } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, other.email ?? '', other.password);
    const newSecret: string = (await post('/api/auth/totp/setup', undefined, session.bearer)).json().data.secret;
    const enableCode = await codeAt(newSecret);
    expect((await post('/api/auth/totp/enable', { code: enableCode }, session.bearer)).statusCode).toBe(200);
    const stepToken = await verifyStepToken(other.email ?? '', other.password);
    expect((await post('/api/auth/verify', { step_token: stepToken, code: enableCode })).statusCode).toBe(400);
  });
});

describe('revocation takes effect on the next request', () => {
  it('refuses the access token of a signed-out session, even right after it was used', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    expect((await details(session.bearer)).statusCode).toBe(200);
    expect((await post('/api/auth/logout', { refresh_token: session.refreshToken })).statusCode).toBe(200);
    const after = await details(session.bearer);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('token_invalid');
  });

  it("refuses the other sessions' access tokens after a password change, keeping the caller's", async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const here = await signIn(ctx.app, admin.email ?? '', admin.password);
    const elsewhere = await signIn(ctx.app, admin.email ?? '', admin.password);
    expect((await details(elsewhere.bearer)).statusCode).toBe(200);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: here.bearer,
      payload: { current_password: admin.password, new_password: 'Harbour-7431', confirm_password: 'Harbour-7431' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await details(elsewhere.bearer)).statusCode).toBe(401);
    expect((await details(here.bearer)).statusCode).toBe(200);
  });

  it("refuses the family's access tokens once a reused refresh token ends it", async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const rotated = (await post('/api/auth/refresh', { refresh_token: session.refreshToken })).json().data;
    expect((await details(bearerOf(rotated.access_token))).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refresh_token: session.refreshToken })).statusCode).toBe(401);
    expect((await details(bearerOf(rotated.access_token))).statusCode).toBe(401);
    expect((await details(session.bearer)).statusCode).toBe(401);
  });

  it('stops a user disabled, or a company deactivated, by any write that calls notifyAccessChanged', async () => {
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    const colleague = await createUser(ctx.db, { company_id: company.id, role: 'admin' });
    const mine = await signIn(ctx.app, admin.email ?? '', admin.password);
    const theirs = await signIn(ctx.app, colleague.email ?? '', colleague.password);
    // A route whose handler reads no user row: only the per-request session check stands in the way.
    const airports = (bearer: Headers) => ctx.app.inject({ method: 'GET', url: '/api/airport/list', headers: bearer });
    expect((await airports(mine.bearer)).statusCode).toBe(200);
    expect((await airports(theirs.bearer)).statusCode).toBe(200);

    await ctx.db.update(users).set({ status: 0 }).where(eq(users.id, colleague.id));
    await notifyAccessChanged(ctx.db, { userId: colleague.id });
    expect((await airports(theirs.bearer)).statusCode).toBe(401);
    expect((await airports(mine.bearer)).statusCode).toBe(200);

    await ctx.db.update(companies).set({ status: 0 }).where(eq(companies.id, company.id));
    await notifyAccessChanged(ctx.db, { companyId: company.id });
    expect((await airports(mine.bearer)).statusCode).toBe(401);
  });
});

describe('the per-request session check is cached', () => {
  it('reads the session once, not on every request of it', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const reads = vi.spyOn(ctx.db, 'select');
    try {
      const queriesOf = async () => {
        reads.mockClear();
        expect((await details(session.bearer)).statusCode).toBe(200);
        return reads.mock.calls.length;
      };
      // The cache is used once this process listens for changes (at once on PGlite, a moment after the
      // start on PostgreSQL): a bounded number of tries, no timing asserted.
      const counts = [await queriesOf()];
      for (
        let attempt = 0;
        attempt < 40 && !(counts.length >= 3 && counts.at(-1) === counts.at(-2) && counts.at(-1) === (counts[0] ?? 0) - 1);
        attempt++
      ) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        counts.push(await queriesOf());
      }
      // The handler's own read of the user stays; the session check's read is gone once cached.
      expect(counts.at(-1)).toBe((counts[0] ?? 0) - 1);
      expect(counts.at(-2)).toBe(counts.at(-1));
    } finally {
      reads.mockRestore();
    }
  });
});

describe('common passwords are refused for every new password', () => {
  it('refuses them at the change-password step, the own change and a driver temporary password, in EN and TA', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);

    const driver = await post(
      '/api/auth/driver/add',
      { first_name: 'Common', last_name: 'Case', email: 'common.case@example.com', temporary_password: 'qwerty123' },
      session.bearer,
    );
    expect(driver.statusCode).toBe(400);
    expect(driver.json().details).toEqual([
      { field: 'temporary_password', code: 'errors.password_common', message: en.errors.password_common },
    ]);

    const own = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: { ...session.bearer, 'accept-language': 'ta' },
      payload: { current_password: admin.password, new_password: 'Welcome1', confirm_password: 'Welcome1' },
    });
    expect(own.statusCode).toBe(400);
    expect(own.json().details).toEqual([{ field: 'new_password', code: 'errors.password_common', message: ta.errors.password_common }]);

    const temporary = await createUser(ctx.db, { company_id: admin.company_id, role: 'driver', must_change_password: true });
    const step = await login(loginBody(temporary.email ?? '', temporary.password));
    expect(step.json().data.context).toBe('change-password');
    for (const common of ['Password1', 'PASSWORD1', 'Welcome1', 'qwerty123']) {
      const refused = await post('/api/auth/change-password', {
        step_token: step.json().data.step_token,
        new_password: common,
        confirm_password: common,
      });
      expect(refused.statusCode, common).toBe(400);
      expect(refused.json().details[0]).toMatchObject({ field: 'new_password', code: 'errors.password_common' });
    }
    const accepted = await post('/api/auth/change-password', {
      step_token: step.json().data.step_token,
      new_password: 'Lantern-8204',
      confirm_password: 'Lantern-8204',
    });
    expect(accepted.statusCode).toBe(202);
  });
});

describe('throttling per account and per address, and the owner past a lock', () => {
  it('counts e-mail and phone of one account together', async () => {
    const company = await createCompany(ctx.db);
    const user = await createUser(ctx.db, { company_id: company.id, phn_nbr: '779998877', country_id: 94 });
    const byPhone = (password: string, remoteAddress?: string) =>
      login({ phn_nbr: '0779998877', password, type: 'phone', org_instance_id: 1, country_id: 94 }, remoteAddress);
    await login(loginBody(user.email ?? '', 'wrong-one'));
    await byPhone('wrong-two');
    await login(loginBody(user.email ?? '', 'wrong-three'));
    // Locked: by phone too, from an address that never signed in to this account.
    const locked = await byPhone(user.password, '198.51.100.20');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
  });

  it('counts an unknown identifier on its own, with the same answers as a real account', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const unknown = 'Nobody.Here@Example.com';
    const real: number[] = [];
    const fake: number[] = [];
    for (let attempt = 0; attempt <= MAX_FAILURES; attempt++) {
      real.push((await login(loginBody(admin.email ?? '', `wrong-${attempt}`), '203.0.113.50')).statusCode);
      fake.push((await login(loginBody(attempt % 2 ? unknown.toLowerCase() : unknown, `wrong-${attempt}`), '203.0.113.51')).statusCode);
    }
    expect(real).toEqual([401, 401, 401, 429]);
    expect(fake).toEqual(real);
  });

  it('lets the owner in past a lock: right password from a known address, or with a correct code; nobody else', async () => {
    const { admin, secret } = await adminWithTwoFactor();
    const email = admin.email ?? '';
    // The owner signed in before from inject's default address (adminWithTwoFactor).
    const home = '127.0.0.1';
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) await login(loginBody(email, `attacker-${attempt}`), '203.0.113.66');

    // The attacker, even with the password, and a guessed code, gets the same 429 as a wrong password.
    const wrongPassword = await login(loginBody(email, 'attacker-x'), '203.0.113.66');
    const rightPassword = await login(loginBody(email, admin.password), '203.0.113.66');
    const guessedCode = await login(loginBody(email, admin.password, { totp_code: '123456' }), '203.0.113.66');
    for (const response of [wrongPassword, rightPassword, guessedCode]) {
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual(wrongPassword.json());
    }

    // The owner from a known address: the usual verify step.
    const fromHome = await login(loginBody(email, admin.password), home);
    expect(fromHome.statusCode).toBe(200);
    expect(fromHome.json().data.context).toBe('verify');

    // The owner from a new address, with a current code: signed in.
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) await login(loginBody(email, `attacker-${attempt}`), '203.0.113.66');
    const travelling = await login(loginBody(email, admin.password, { totp_code: await codeAt(secret) }), '198.51.100.99');
    expect(travelling.statusCode).toBe(202);
  });

  it('lets an owner without two-factor in from a known address only', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const email = admin.email ?? '';
    await signIn(ctx.app, email, admin.password);
    for (let attempt = 0; attempt < MAX_FAILURES; attempt++) await login(loginBody(email, `attacker-${attempt}`), '203.0.113.67');
    expect((await login(loginBody(email, admin.password), '198.51.100.98')).statusCode).toBe(429);
    expect((await login(loginBody(email, admin.password))).statusCode).toBe(202);
  });
});

describe('sessions end', () => {
  async function sessionRow(accessToken: string) {
    const family = decodeJwt(accessToken).fam as string;
    return {
      family,
      set: (values: Partial<typeof sessions.$inferInsert>) => ctx.db.update(sessions).set(values).where(eq(sessions.id, family)),
    };
  }

  it('at the absolute end: refresh refuses, and no token issued lives past it', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const row = await sessionRow(session.accessToken);
    const end = new Date(Date.now() + 60_000);
    await row.set({ expires_at: end });
    const refreshed = await post('/api/auth/refresh', { refresh_token: session.refreshToken });
    expect(refreshed.statusCode).toBe(200);
    const pair = refreshed.json().data;
    for (const token of [pair.access_token, pair.refresh_token]) {
      expect(decodeJwt(token).exp).toBeLessThanOrEqual(Math.floor(end.getTime() / 1000));
    }

    await row.set({ expires_at: new Date(Date.now() - 1000) });
    await notifyAccessChanged(ctx.db, { family: row.family });
    const ended = await post('/api/auth/refresh', { refresh_token: pair.refresh_token });
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('token_expired');
    expect((await details(bearerOf(pair.access_token))).statusCode).toBe(401);
  });

  it('after the idle timeout without a refresh', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const row = await sessionRow(session.accessToken);
    await row.set({ last_used_at: new Date(Date.now() - (ctx.config.SESSION_IDLE_TIMEOUT_SECONDS + 1) * 1000) });
    await notifyAccessChanged(ctx.db, { family: row.family });
    expect((await details(session.bearer)).statusCode).toBe(401);
    const refreshed = await post('/api/auth/refresh', { refresh_token: session.refreshToken });
    expect(refreshed.statusCode).toBe(401);
    expect(refreshed.json().code).toBe('token_expired');
  });

  it('defaults to 30 days absolute and 12 hours idle, and a sign-in records its address and browser', async () => {
    expect(ctx.config.SESSION_MAX_AGE_SECONDS).toBe(30 * 24 * 3600);
    expect(ctx.config.SESSION_IDLE_TIMEOUT_SECONDS).toBe(12 * 3600);
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: loginBody(admin.email ?? '', admin.password),
      headers: { 'user-agent': 'TestBrowser/1.0' },
      remoteAddress: '192.0.2.77',
    });
    const family = decodeJwt(response.json().data.access_token).fam as string;
    const [row] = await ctx.db.select().from(sessions).where(eq(sessions.id, family));
    expect(row).toMatchObject({ user_id: admin.id, ip: '192.0.2.77', user_agent: 'TestBrowser/1.0', revoked_at: null });
    const lifetime = (row?.expires_at.getTime() ?? 0) - (row?.created_at.getTime() ?? 0);
    expect(Math.abs(lifetime - 30 * 24 * 3600 * 1000)).toBeLessThan(60_000);
  });
});

describe('security events in the log', () => {
  const events = () =>
    logLines.flatMap((line) => {
      const parsed = JSON.parse(line) as Record<string, unknown>;
      return typeof parsed.event === 'string' ? [parsed] : [];
    });

  it('logs sign-ins, locks, reuse, revocations, refusals and changes with who, where, which request and when; no secret', async () => {
    const { company, admin, secret } = await adminWithTwoFactor();
    const email = admin.email ?? '';
    const driver = await createUser(ctx.db, { company_id: company.id, role: 'driver' });
    const driverSession = await signIn(ctx.app, driver.email ?? '', driver.password);
    const forbidden = await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/list', headers: driverSession.bearer });
    expect(forbidden.statusCode).toBe(403);
    await post('/api/auth/refresh', { refresh_token: driverSession.refreshToken });
    await post('/api/auth/refresh', { refresh_token: driverSession.refreshToken });
    const code = await codeAt(secret);
    await post('/api/auth/verify', { step_token: await verifyStepToken(email, admin.password), code });
    for (let attempt = 0; attempt <= MAX_FAILURES; attempt++) await login(loginBody(email, 'Wrong-Secret-9'), '203.0.113.80');
    const session = await signIn(ctx.app, driver.email ?? '', driver.password);
    await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: session.bearer,
      payload: { current_password: driver.password, new_password: 'Meadow-5521', confirm_password: 'Meadow-5521' },
    });

    const later = await signIn(ctx.app, driver.email ?? '', 'Meadow-5521');
    await post('/api/auth/logout', { refresh_token: later.refreshToken });

    const logged = events();
    expect(
      logged.find((line) => line.event === 'auth.session_revoked' && line.reason === 'logout' && line.user_id === driver.id),
    ).toMatchObject({
      user_id: driver.id,
      company_id: company.id,
      session_id: expect.any(String),
    });
    const find = (event: string, userId: number) => logged.find((line) => line.event === event && line.user_id === userId);
    for (const [event, userId] of [
      ['auth.login_succeeded', admin.id],
      ['auth.login_failed', admin.id],
      ['auth.login_locked', admin.id],
      ['auth.totp_enabled', admin.id],
      ['auth.permission_denied', driver.id],
      ['auth.refresh_reused', driver.id],
      ['auth.session_revoked', driver.id],
      ['auth.password_changed', driver.id],
    ] as const) {
      const line = find(event, userId);
      expect(line, event).toMatchObject({ event, user_id: userId, company_id: company.id });
      expect(typeof line?.address, event).toBe('string');
      expect(typeof line?.request_id, event).toBe('string');
      expect(new Date(String(line?.time)).getTime(), event).toBeGreaterThan(Date.now() - 120_000);
    }
    expect(find('auth.login_failed', admin.id)?.address).toBe('203.0.113.80');
    const text = logLines.join('\n');
    for (const secretValue of [
      admin.password,
      driver.password,
      'Wrong-Secret-9',
      'Meadow-5521',
      secret,
      code,
      driverSession.refreshToken,
    ]) {
      expect(text).not.toContain(secretValue);
    }

    // Each line is also a row of security_events, with the same who, where, why and request; no secret either.
    await ctx.app.securityEvents.settled();
    const rows = await ctx.db.select().from(securityEvents);
    for (const line of logged) {
      const row = rows.find((candidate) => candidate.request_id === line.request_id && candidate.event === line.event);
      expect(row, `${String(line.event)} stored`).toMatchObject({
        user_id: line.user_id ?? null,
        company_id: line.company_id ?? null,
        reason: line.reason ?? null,
        address: line.address,
      });
      for (const key of ['session_id', 'permission', 'lock'] as const) {
        if (line[key] !== undefined) expect(row?.details[key], `${String(line.event)} ${key}`).toBe(line[key]);
      }
      expect(Math.abs((row?.created_at.getTime() ?? 0) - new Date(String(line.time)).getTime())).toBeLessThan(60_000);
    }
    expect(rows.find((row) => row.event === 'auth.login_failed' && row.user_id === admin.id)?.address).toBe('203.0.113.80');
    const stored = JSON.stringify(rows);
    for (const secretValue of [
      admin.password,
      driver.password,
      'Wrong-Secret-9',
      'Meadow-5521',
      secret,
      code,
      driverSession.refreshToken,
    ]) {
      expect(stored).not.toContain(secretValue);
    }
  });

  it('keeps the row of a failed sign-in although the sign-in is refused, and the row cannot be changed', async () => {
    const response = await login(loginBody('nobody-here@example.com', 'Wrong-Secret-9'), '198.51.100.4');
    expect(response.statusCode).toBe(401);
    await ctx.app.securityEvents.settled();
    const [row] = await ctx.db.select().from(securityEvents).where(eq(securityEvents.address, '198.51.100.4'));
    expect(row).toMatchObject({ event: 'auth.login_failed', reason: 'unknown_identifier', user_id: null });
    await expect(
      ctx.db
        .update(securityEvents)
        .set({ reason: 'x' })
        .where(eq(securityEvents.id, row?.id ?? 0)),
    ).rejects.toThrow();
    await expect(ctx.db.delete(securityEvents).where(eq(securityEvents.id, row?.id ?? 0))).rejects.toThrow();
  });
});

describe('answers that carry tokens', () => {
  it('are never cached', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const signedIn = await login(loginBody(admin.email ?? '', admin.password));
    const tokens = signedIn.json().data;
    const temporary = await createUser(ctx.db, { company_id: admin.company_id, must_change_password: true });
    const step = await login(loginBody(temporary.email ?? '', temporary.password));
    const refreshed = await post('/api/auth/refresh', { refresh_token: tokens.refresh_token });
    const setup = await post('/api/auth/totp/setup', undefined, bearerOf(tokens.access_token));
    const changed = await post('/api/auth/change-password', {
      step_token: step.json().data.step_token,
      new_password: 'Pebble-7319',
      confirm_password: 'Pebble-7319',
    });
    for (const [name, response, status] of [
      ['login 202', signedIn, 202],
      ['login 200 step', step, 200],
      ['refresh', refreshed, 200],
      ['totp setup', setup, 200],
      ['change-password step', changed, 202],
    ] as const) {
      expect(response.statusCode, name).toBe(status);
      expect(response.headers['cache-control'], name).toBe('no-store');
    }
  });
});

describe('where the server listens', () => {
  it('answers this machine only with demo data, unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/parking' }).HOST).toBe('0.0.0.0');
  });
});

describe('API reference', () => {
  it('describes every auth route beyond its summary', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { summary?: string; description?: string }>>;
    };
    const operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ name: `${method} ${path}`, operation })));
    expect(operations.length).toBeGreaterThanOrEqual(13);
    for (const { name, operation } of operations) {
      expect(operation.summary, name).toBeTruthy();
      expect(operation.description, name).toBeTruthy();
    }
  });
});
