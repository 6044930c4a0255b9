import { randomUUID } from 'node:crypto';
import type { Role } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companies, roles, sessions, users } from '../src/db/schema/index.ts';
import { TokenService } from '../src/lib/tokens.ts';
import { notifyAccessChanged } from '../src/plugins/access.ts';
import { createCompany, createUser } from './factories.ts';
import { TEST_JWT_SECRET, type TestContext } from './harness.ts';

/**
 * The test kit: a company with a signed-in user in milliseconds. The password hash is computed once per
 * process (factories.ts) and the access token is minted, not signed in for, with a live session behind it,
 * exactly as a sign-in leaves one.
 */

export type Headers = Record<string, string>;

/**
 * What a company's own web site sends to the public calls: `Authorization: Basic base64(company_id:client_key)`, with the
 * company's key unless another is given (a wrong or an old one).
 */
export function clientKeyHeaders(company: { id: number; client_key: string }, key = company.client_key): Headers {
  return { authorization: `Basic ${Buffer.from(`${company.id}:${key}`).toString('base64')}` };
}

/**
 * Changes a company's row as its services do (a key rotated, online booking switched, the company deactivated): written,
 * then every process told, so the caches of callers and client keys forget it.
 */
export async function changeCompany(ctx: TestContext, companyId: number, values: Partial<typeof companies.$inferInsert>) {
  await ctx.db.update(companies).set(values).where(eq(companies.id, companyId));
  await notifyAccessChanged(ctx.db, { companyId });
}

export interface Tenant {
  company: Awaited<ReturnType<typeof createCompany>> | null;
  user: Awaited<ReturnType<typeof createUser>>;
  headers: Headers;
}

/** An access token for `user`, with the session (refresh family) a sign-in would have started. */
export async function mintAccessToken(ctx: TestContext, user: { id: number; role: Role; company_id: number | null }): Promise<string> {
  const family = randomUUID();
  await ctx.db.insert(sessions).values({
    id: family,
    user_id: user.id,
    expires_at: new Date(Date.now() + ctx.config.SESSION_MAX_AGE_SECONDS * 1000),
    ip: '127.0.0.1',
  });
  const tokens = new TokenService(TEST_JWT_SECRET, {
    access: ctx.config.ACCESS_TOKEN_TTL_SECONDS,
    refresh: ctx.config.REFRESH_TOKEN_TTL_SECONDS,
    step: ctx.config.STEP_TOKEN_TTL_SECONDS,
  });
  return tokens.sign<'access'>({ typ: 'access', sub: String(user.id), role: user.role, company_id: user.company_id, fam: family });
}

/** A new company and one user of it (an admin unless told), signed in. */
export async function createTenant(
  ctx: TestContext,
  role: Exclude<Role, 'super_admin'> = 'admin',
): Promise<Tenant & { company: NonNullable<Tenant['company']> }> {
  const company = await createCompany(ctx.db);
  const user = await createUser(ctx.db, { company_id: company.id, role });
  return { company, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
}

/**
 * A company made the way the product makes one: the super admin's `POST /api/company/add`, with its first
 * admin (temporary password) and client key. The admin is signed in with a minted token.
 */
export async function createCompanyThroughApi(ctx: TestContext, superAdmin?: Tenant): Promise<Tenant & { company: { id: number } }> {
  const creator = superAdmin ?? (await createSuperAdmin(ctx));
  const tag = randomUUID().slice(0, 8);
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/company/add',
    headers: creator.headers,
    payload: {
      name: `Second Company ${tag}`,
      contact_email: `office-${tag}@second.example`,
      time_zone: 'Europe/London',
      currency: 'GBP',
      admin: { name: 'Second Admin', email: `admin-${tag}@second.example`, temporary_password: 'Harbour-gate-4417' },
    },
  });
  if (response.statusCode !== 201) throw new Error(`company add failed: ${response.statusCode} ${response.body}`);
  const company = response.json().data as { id: number };
  const [admin] = await ctx.db.select().from(users).where(eq(users.company_id, company.id));
  if (!admin) throw new Error('the new company has no admin');
  return {
    company: company as never,
    user: { ...admin, password: 'Harbour-gate-4417' },
    headers: { authorization: `Bearer ${await mintAccessToken(ctx, admin)}` },
  };
}

/** Another user of an existing company, signed in. */
export async function addUser(ctx: TestContext, companyId: number, role: Exclude<Role, 'super_admin'>): Promise<Tenant> {
  const user = await createUser(ctx.db, { company_id: companyId, role });
  return { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
}

/** The organisation's super admin (no company), signed in. */
export async function createSuperAdmin(ctx: TestContext): Promise<Tenant> {
  const user = await createUser(ctx.db, { company_id: null, role: 'super_admin' });
  return { company: null, user, headers: { authorization: `Bearer ${await mintAccessToken(ctx, user)}` } };
}

/** `app.inject` with JSON in and out, for the common case. */
export async function call(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) {
  const response = await app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { data?: unknown }, response };
}

/** The id of a built-in role (the same in every company), as `GET /api/role/list` names it. */
export async function builtInRoleId(ctx: TestContext, key: 'admin' | 'driver'): Promise<number> {
  const [row] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.key, key));
  if (!row) throw new Error(`the built-in role ${key} is missing`);
  return row.id;
}
