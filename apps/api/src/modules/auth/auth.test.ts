import { Writable } from 'node:stream';
import { PHONE_LOGIN_COUNTRY_ID } from '@ps/contracts';
import en from '@ps/contracts/locales/en.json' with { type: 'json' };
import ta from '@ps/contracts/locales/ta.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { generate as generateTotp } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompany, createCompanyWithAdmin, createUser, loginBody, signIn } from '../../../test/factories.ts';
import { createTestContext, TEST_JWT_SECRET, type TestContext } from '../../../test/harness.ts';
import { auditLog, users } from '../../db/schema/index.ts';

let ctx: TestContext;
const logLines: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext(
    { LOG_LEVEL: 'trace', LOGIN_MAX_FAILURES_PER_IDENTIFIER: 3, LOGIN_MAX_FAILURES_PER_ADDRESS: 1000 },
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

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}, url = '/api/auth/login') =>
  ctx.app.inject({ method: 'POST', url, payload, headers });
const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
const details = (accessToken: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/auth/get-details-by-token', headers: { authorization: `Bearer ${accessToken}` } });
const secretKey = new TextEncoder().encode(TEST_JWT_SECRET);
/** The code of the time step `steps` away from now (30-second steps; sign-in accepts one step either side). */
const codeAt = (secret: string, steps: number) => generateTotp({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('POST /api/auth/login', () => {
  it('signs in by e-mail (any case) with 202, tokens, user data and the company, without company_id in the body', async () => {
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    const response = await login(loginBody(admin.email?.toUpperCase() ?? '', admin.password));
    expect(response.statusCode).toBe(202);
    const body = response.json();
    expect(body.message).toBe('User Login successfully.!');
    expect(body.data.context).toBe('signed-in');
    expect(body.data.access_token).toMatch(/^ey/);
    expect(body.data.refresh_token).toMatch(/^ey/);
    expect(body.data.user_data).toMatchObject({ id: admin.id, company_id: company.id, company_name: company.name, role: 'admin' });
    expect((await details(body.data.access_token)).json().data.email).toBe(admin.email);
    expect(body.data.user_data.permissions).toEqual(expect.arrayContaining(['airports.view', 'airports.create', 'airports.delete']));
  });

  it('signs in by phone number in any common format with country 94, and by username', async () => {
    const company = await createCompany(ctx.db);
    const user = await createUser(ctx.db, { company_id: company.id, phn_nbr: '771234567', country_id: 94, username: 'Dispatch.Lead' });
    for (const phone of ['0771234567', '+94 77 123 4567', '77-123-4567']) {
      const response = await login({
        phn_nbr: phone,
        password: user.password,
        type: 'phone',
        org_instance_id: 1,
        country_id: PHONE_LOGIN_COUNTRY_ID,
      });
      expect(response.statusCode, phone).toBe(202);
      expect(response.json().data.user_data.id).toBe(user.id);
    }
    const byUsername = await login({ username: 'dispatch.lead', password: user.password, type: 'username', org_instance_id: 1 });
    expect(byUsername.statusCode).toBe(202);
  });

  it('gives one generic 401 for a wrong password, an unknown user, an inactive company, a disabled user and another company', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const { admin: inactiveCompanyAdmin } = await createCompanyWithAdmin(ctx.db, { status: 0 });
    const disabled = await createUser(ctx.db, { company_id: admin.company_id, status: 0 });
    const otherCompany = await createCompany(ctx.db);
    const attempts = [
      loginBody(admin.email ?? '', 'wrong-password'),
      loginBody('nobody@example.com', 'whatever1'),
      loginBody(inactiveCompanyAdmin.email ?? '', inactiveCompanyAdmin.password),
      loginBody(disabled.email ?? '', disabled.password),
      loginBody(admin.email ?? '', admin.password, { company_id: otherCompany.id }),
    ];
    const bodies = [];
    for (const attempt of attempts) {
      const response = await login(attempt);
      expect(response.statusCode).toBe(401);
      bodies.push(response.json());
    }
    for (const body of bodies) {
      expect(body).toEqual({
        message: 'The sign-in details are not correct.',
        error: 'The sign-in details are not correct.',
        code: 'invalid_credentials',
      });
    }
  });

  it('answers in Tamil when Accept-Language asks for it', async () => {
    const response = await login(loginBody('nobody-ta@example.com', 'whatever1'), { 'accept-language': 'ta' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('உள்நுழைவு விவரங்கள் சரியில்லை.');
  });

  it('refuses bad input with 400 and a detail per field, and unknown fields such as role', async () => {
    const response = await login({ email: 'ab', password: 'x', type: 'email', org_instance_id: 1, role: 'super_admin' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('validation_failed');
    expect(body.details).toEqual(
      expect.arrayContaining([
        { field: 'email', code: 'validation.min3', message: 'Minimum 3 characters' },
        { field: 'password', code: 'validation.min3', message: 'Minimum 3 characters' },
        { field: 'role', code: 'validation.unknownField', message: 'This field is not accepted here' },
      ]),
    );
    const wrongType = await login({ username: 'someone', password: 'secret1', type: 'email', org_instance_id: 1 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().details).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: 'email', code: 'validation.required' })]),
    );
    const phoneWithoutCountry = await login({ phn_nbr: '0771234567', password: 'secret1', type: 'phone', org_instance_id: 1 });
    expect(phoneWithoutCountry.json().details).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'country_id' })]));
    const wrongOrg = await login(loginBody('a@example.com', 'secret1', { org_instance_id: 2 }));
    expect(wrongOrg.statusCode).toBe(400);
  });
});

describe('sign-in throttling', () => {
  it('locks an identifier after repeated failures, whatever its case, path form or forwarded address', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const email = admin.email ?? '';
    await login(loginBody(email, 'wrong-1'));
    await login(loginBody(email.toUpperCase(), 'wrong-2'), { 'x-forwarded-for': '203.0.113.9' });
    await login(loginBody(` ${email} `, 'wrong-3'), {}, '/api/auth/login/');
    const locked = await login(loginBody(email, admin.password), { 'x-forwarded-for': '198.51.100.7' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().code).toBe('too_many_attempts');
    expect(locked.json().message).toMatch(/Too many failed sign-in attempts\. Please wait \d+ minutes/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const otherCase = await login(loginBody(email.toUpperCase(), admin.password), {}, '/api/auth/login/');
    expect(otherCase.statusCode).toBe(429);
    const extraField = await login({ ...loginBody(email, admin.password), nonce: 'x' });
    expect(extraField.statusCode).toBe(400);
  });

  it('locks an address after many failures across identifiers', async () => {
    const strict = await createTestContext({ LOGIN_MAX_FAILURES_PER_ADDRESS: 4, LOGIN_MAX_FAILURES_PER_IDENTIFIER: 100 });
    try {
      const { admin } = await createCompanyWithAdmin(strict.db);
      for (let attempt = 0; attempt < 4; attempt++) {
        await strict.app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody(`nobody${attempt}@example.com`, 'wrong-1') });
      }
      const response = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: loginBody(admin.email ?? '', admin.password),
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
      expect(response.statusCode).toBe(429);
      const fromElsewhere = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: loginBody(admin.email ?? '', admin.password),
        remoteAddress: '192.0.2.45',
      });
      expect(fromElsewhere.statusCode).toBe(202);
    } finally {
      await strict.close();
    }
  });

  it('clears the identifier count after a successful sign-in', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    await login(loginBody(admin.email ?? '', 'wrong-1'));
    await login(loginBody(admin.email ?? '', 'wrong-2'));
    expect((await login(loginBody(admin.email ?? '', admin.password))).statusCode).toBe(202);
    await login(loginBody(admin.email ?? '', 'wrong-3'));
    await login(loginBody(admin.email ?? '', 'wrong-4'));
    expect((await login(loginBody(admin.email ?? '', admin.password))).statusCode).toBe(202);
  });
});

describe('change-password step (account with a temporary password)', () => {
  it('answers 200 with the step, then signs in with 202 after a new password', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/driver/add',
      headers: bearer,
      payload: { first_name: 'Ravi', last_name: 'Kumar', email: 'Ravi.Driver@example.com', temporary_password: 'Tmp-4821x' },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ first_name: 'Ravi', email: 'ravi.driver@example.com', approve_status: 'pending' });

    const first = await login(loginBody('ravi.driver@example.com', 'Tmp-4821x'));
    expect(first.statusCode).toBe(200);
    const step = first.json().data;
    expect(step).toMatchObject({ context: 'change-password', user_name: 'Ravi Kumar', company_id: admin.company_id });
    expect(first.json().data.access_token).toBeUndefined();

    // The step token is good for its step only: not as an access token, not for the other step.
    expect((await details(step.step_token)).statusCode).toBe(401);
    const asVerify = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { step_token: step.step_token, code: '123456' },
    });
    expect(asVerify.statusCode).toBe(401);

    const mismatch = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { step_token: step.step_token, new_password: 'NewPass123', confirm_password: 'NewPass124' },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().details).toEqual([
      { field: 'confirm_password', code: 'validation.passwordMismatch', message: "Password and confirm password didn't match" },
    ]);
    const weak = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { step_token: step.step_token, new_password: 'short', confirm_password: 'short' },
    });
    expect(weak.statusCode).toBe(400);
    // Keeping the temporary password is not choosing one's own: refused on the field, in English and Tamil.
    const same = { step_token: step.step_token, new_password: 'Tmp-4821x', confirm_password: 'Tmp-4821x' };
    const kept = await ctx.app.inject({ method: 'POST', url: '/api/auth/change-password', payload: same });
    expect(kept.statusCode).toBe(400);
    expect(kept.json().details).toEqual([
      { field: 'new_password', code: 'errors.password_unchanged', message: en.errors.password_unchanged },
    ]);
    const keptTa = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { 'accept-language': 'ta' },
      payload: same,
    });
    expect(keptTa.json().details[0].message).toBe(ta.errors.password_unchanged);
    expect((await login(loginBody('ravi.driver@example.com', 'Tmp-4821x'))).statusCode).toBe(200);

    const done = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { step_token: step.step_token, new_password: 'NewPass123', confirm_password: 'NewPass123' },
    });
    expect(done.statusCode).toBe(202);
    expect(done.json().data.user_data.role).toBe('driver');
    expect(done.json().data.user_data.permissions).not.toContain('airports.view');
    expect((await login(loginBody('ravi.driver@example.com', 'Tmp-4821x'))).statusCode).toBe(401);
    expect((await login(loginBody('ravi.driver@example.com', 'NewPass123'))).statusCode).toBe(202);
    // The step token cannot be replayed once the password is changed.
    const replay = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { step_token: step.step_token, new_password: 'Other1234', confirm_password: 'Other1234' },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('refuses a duplicate driver e-mail with 409 and bad driver input with 400', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    const duplicate = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/driver/add',
      headers: bearer,
      payload: { first_name: 'Some', last_name: 'One', email: admin.email, temporary_password: 'Tmp-4821x' },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ code: 'email_taken', message: 'This email address is already in use.' });
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/driver/add',
      headers: { ...bearer, 'accept-language': 'ta' },
      payload: { first_name: 'R2D2', last_name: 'Droid', email: 'not-an-email', temporary_password: 'abc', company_id: 99 },
    });
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.map((detail: { field: string }) => detail.field);
    expect(fields).toEqual(expect.arrayContaining(['first_name', 'email', 'temporary_password', 'company_id']));
    expect(bad.json().details.find((detail: { field: string }) => detail.field === 'email').message).toBe('மின்னஞ்சல் வடிவம் தவறு');
  });
});

describe('verify step (two-factor sign-in)', () => {
  it('asks for a TOTP code after the password once two-factor is on', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/totp/setup', headers: bearer });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = setup.json().data;
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    const wrongEnable = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer,
      payload: { code: '000000' },
    });
    expect(wrongEnable.statusCode).toBe(400);
    const enable = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/enable',
      headers: bearer,
      payload: { code: await generateTotp({ secret }) },
    });
    expect(enable.statusCode).toBe(200);

    const first = await login(loginBody(admin.email ?? '', admin.password));
    expect(first.statusCode).toBe(200);
    expect(first.json().data.context).toBe('verify');
    const stepToken = first.json().data.step_token;

    const wrong = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { step_token: stepToken, code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('invalid_totp_code');
    const malformed = await ctx.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { step_token: stepToken, code: '12ab' } });
    expect(malformed.json().details).toEqual([expect.objectContaining({ field: 'code', code: 'validation.totpCode' })]);
    const asPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { step_token: stepToken, new_password: 'NewPass123', confirm_password: 'NewPass123' },
    });
    expect(asPassword.statusCode).toBe(401);

    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      // The next time step's code: the current one was used up by totp/enable.
      payload: { step_token: stepToken, code: await codeAt(secret, 1) },
    });
    expect(verified.statusCode).toBe(202);
    expect(verified.json().data.user_data).toMatchObject({ id: admin.id, totp_enabled: true });

    const signedIn = { authorization: `Bearer ${verified.json().data.access_token}` };
    const wrongPassword = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/disable',
      headers: signedIn,
      payload: { password: 'not-it' },
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details).toEqual([
      expect.objectContaining({ field: 'password', message: 'The current password is not correct.' }),
    ]);
    const disabled = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/totp/disable',
      headers: signedIn,
      payload: { password: admin.password },
    });
    expect(disabled.statusCode).toBe(200);
    expect((await login(loginBody(admin.email ?? '', admin.password))).statusCode).toBe(202);
  });
});

describe('refresh tokens', () => {
  it('rotates: a refresh token works once, and reusing it ends the whole family', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const first = await refresh(session.refreshToken);
    expect(first.statusCode).toBe(200);
    const pair = first.json().data;
    expect(pair.refresh_token).not.toBe(session.refreshToken);
    expect((await details(pair.access_token)).statusCode).toBe(200);

    const reused = await refresh(session.refreshToken);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('token_reused');
    // The thief's reuse also ends the legitimate successor.
    expect((await refresh(pair.refresh_token)).statusCode).toBe(401);
  });

  it('keeps access and refresh tokens apart', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    expect((await details(session.refreshToken)).statusCode).toBe(401);
    const accessAsRefresh = await refresh(session.accessToken);
    expect(accessAsRefresh.statusCode).toBe(401);
    expect(accessAsRefresh.json().error).toBe('Your session is not valid. Please sign in again.');
  });

  it('refuses tokens with alg none, another algorithm, a wrong key, or past expiry', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const claims = { typ: 'access', role: 'admin', company_id: admin.company_id, fam: 'f' };
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, sub: String(admin.id), iss: 'parking-solutions', exp: 4_000_000_000 })}.`;
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(admin.id))
      .setIssuer('parking-solutions')
      .setExpirationTime('1h')
      .sign(secretKey);
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setIssuer('parking-solutions')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    for (const token of [unsigned, hs512, wrongKey]) {
      const response = await details(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('token_invalid');
    }
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(admin.id))
      .setIssuer('parking-solutions')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secretKey);
    const response = await details(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'token_expired', error: 'Your session has expired. Please sign in again.' });
    expect(response.body).not.toContain(expired);
  });

  it('ends the session at sign-out', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    const out = await ctx.app.inject({ method: 'POST', url: '/api/auth/logout', payload: { refresh_token: session.refreshToken } });
    expect(out.statusCode).toBe(200);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });
});

describe('admin calls', () => {
  it('changes the own password and ends the other sessions only', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const here = await signIn(ctx.app, admin.email ?? '', admin.password);
    const elsewhere = await signIn(ctx.app, admin.email ?? '', admin.password);
    const wrongCurrent = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: here.bearer,
      payload: { current_password: 'not-it', new_password: 'Brand1234', confirm_password: 'Brand1234' },
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().details).toEqual([
      expect.objectContaining({ field: 'current_password', message: 'The current password is not correct.' }),
    ]);
    const unchanged = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: here.bearer,
      payload: { current_password: admin.password, new_password: admin.password, confirm_password: admin.password },
    });
    expect(unchanged.statusCode).toBe(400);
    expect(unchanged.json().details).toEqual([expect.objectContaining({ field: 'new_password', code: 'errors.password_unchanged' })]);
    const changed = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/auth/admin/change-password',
      headers: here.bearer,
      payload: { current_password: admin.password, new_password: 'Brand1234', confirm_password: 'Brand1234' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await refresh(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refresh(here.refreshToken)).statusCode).toBe(200);
    expect((await login(loginBody(admin.email ?? '', 'Brand1234'))).statusCode).toBe(202);
    expect((await login(loginBody(admin.email ?? '', admin.password))).statusCode).toBe(401);
  });

  it("lists the company's admins only, with paging", async () => {
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    await createUser(ctx.db, { company_id: company.id, role: 'admin', name: 'Second Admin' });
    await createUser(ctx.db, { company_id: company.id, role: 'driver', name: 'A Driver' });
    await createCompanyWithAdmin(ctx.db);
    const { bearer } = await signIn(ctx.app, admin.email ?? '', admin.password);
    const response = await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/list?page_size=1&sort=-name', headers: bearer });
    expect(response.statusCode).toBe(200);
    expect(response.json().pagination).toEqual({ page: 1, page_size: 1, total: 2 });
    expect(response.json().data[0].name).toBe('Test User');
  });

  it('deletes another admin of the company: their sign-in and sessions end; self and other companies are refused', async () => {
    const { company, admin } = await createCompanyWithAdmin(ctx.db);
    const colleague = await createUser(ctx.db, { company_id: company.id, role: 'admin' });
    const { admin: stranger } = await createCompanyWithAdmin(ctx.db);
    const mine = await signIn(ctx.app, admin.email ?? '', admin.password);
    const theirs = await signIn(ctx.app, colleague.email ?? '', colleague.password);

    const self = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/admin/delete/${admin.id}`, headers: mine.bearer });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('cannot_delete_self');
    const foreign = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/admin/delete/${stranger.id}`, headers: mine.bearer });
    expect(foreign.statusCode).toBe(404);

    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/auth/admin/delete/${colleague.id}`, headers: mine.bearer });
    expect(deleted.statusCode).toBe(200);
    expect((await details(theirs.accessToken)).statusCode).toBe(401);
    expect((await refresh(theirs.refreshToken)).statusCode).toBe(401);
    expect((await login(loginBody(colleague.email ?? '', colleague.password))).statusCode).toBe(401);
    const [row] = await ctx.db.select().from(users).where(eq(users.id, colleague.id));
    expect(row?.deleted_at).toBeInstanceOf(Date);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(colleague.id)));
    expect(audit.map((entry) => entry.action)).toContain('delete');
  });

  it('stops a disabled user at once, even with a valid access token', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    await ctx.db.update(users).set({ status: 0 }).where(eq(users.id, admin.id));
    expect((await details(session.accessToken)).statusCode).toBe(401);
    expect((await refresh(session.refreshToken)).statusCode).toBe(401);
  });

  it('keeps drivers out of admin calls', async () => {
    const company = await createCompany(ctx.db);
    const driver = await createUser(ctx.db, { company_id: company.id, role: 'driver' });
    const { bearer } = await signIn(ctx.app, driver.email ?? '', driver.password);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/list', headers: bearer })).statusCode).toBe(403);
    const forbidden = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/driver/add',
      headers: bearer,
      payload: { first_name: 'X', last_name: 'Y', email: 'x@example.com', temporary_password: 'Tmp-4821x' },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('You do not have permission to do this.');
  });
});

describe('secrets stay out of logs', () => {
  it('never writes passwords or tokens to the log', async () => {
    const { admin } = await createCompanyWithAdmin(ctx.db);
    const session = await signIn(ctx.app, admin.email ?? '', admin.password);
    await refresh(session.refreshToken);
    await details(session.accessToken);
    await login(loginBody(admin.email ?? '', 'a-wrong-password-xyz'));
    const logged = logLines.join('\n');
    expect(logged.length).toBeGreaterThan(0);
    for (const secret of [admin.password, 'a-wrong-password-xyz', session.accessToken, session.refreshToken]) {
      expect(logged).not.toContain(secret);
    }
  });
});
