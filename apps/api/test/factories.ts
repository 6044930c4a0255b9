import { randomBytes, randomInt } from 'node:crypto';
import { type AirportCreate, ORG_INSTANCE_ID, type Role } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { referenceCoreAirports } from '../src/db/reference.ts';
import { airports, companies, companyWebConfigs, locations, users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';

const unique = () => randomBytes(4).toString('hex');

export async function createCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [company] = await db
    .insert(companies)
    .values({ name: `Company ${unique()}`, client_key: `key-${unique()}`, ...overrides })
    .returning();
  if (!company) throw new Error('no company');
  await db.insert(companyWebConfigs).values({ company_id: company.id, name: company.name, login_page_logo: 'data:image/png;base64,AAAA' });
  return company;
}

export interface UserOverrides extends Partial<Omit<typeof users.$inferInsert, 'password_hash'>> {
  password?: string;
}

export const DEFAULT_TEST_PASSWORD = 'Passw0rd!';
let defaultPasswordHash: Promise<string> | undefined;
/** argon2 is slow on purpose; the default password is hashed once per test process. */
function passwordHashOf(password: string): Promise<string> {
  if (password !== DEFAULT_TEST_PASSWORD) return hashPassword(password);
  defaultPasswordHash ??= hashPassword(DEFAULT_TEST_PASSWORD);
  return defaultPasswordHash;
}

export async function createUser(db: Db, overrides: UserOverrides = {}) {
  const { password = DEFAULT_TEST_PASSWORD, ...rest } = overrides;
  const role: Role = rest.role ?? 'admin';
  const [user] = await db
    .insert(users)
    .values({ name: 'Test User', email: `user-${unique()}@example.com`, role, password_hash: await passwordHashOf(password), ...rest })
    .returning();
  if (!user) throw new Error('no user');
  return { ...user, password };
}

/** A company with one admin: the usual starting point of a test. */
export async function createCompanyWithAdmin(db: Db, companyOverrides: Partial<typeof companies.$inferInsert> = {}) {
  const company = await createCompany(db, companyOverrides);
  const admin = await createUser(db, { company_id: company.id, role: 'admin' });
  return { company, admin };
}

export async function createAirport(db: Db, companyId: number, overrides: Partial<AirportCreate> = {}) {
  const [airport] = await db
    .insert(airports)
    .values({
      company_id: companyId,
      iata_code: randomIata(),
      name: 'Test Airport',
      country_id: 826,
      time_zone: 'Europe/London',
      ...overrides,
    })
    .returning();
  if (!airport) throw new Error('no airport');
  return airport;
}

export async function createLocation(db: Db, companyId: number, airportId: number) {
  const [location] = await db
    .insert(locations)
    .values({ company_id: companyId, airport_id: airportId, name: 'Car park A', type: 'car_park', capacity: 100 })
    .returning();
  if (!location) throw new Error('no location');
  return location;
}

let nextIata = randomInt(0, 17_576);
/** The core airports every database starts with: a test's own code must not be one of them. */
const seededIataCodes = new Set<string>(referenceCoreAirports.map((airport) => airport.iata_code));
/** A three-letter code not used before in this test process (17,576 exist), nor by the seeded core airports. */
export function randomIata(): string {
  for (;;) {
    const n = nextIata;
    nextIata = (nextIata + 1) % 17_576;
    const code = String.fromCharCode(65 + Math.floor(n / 676), 65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
    if (!seededIataCodes.has(code)) return code;
  }
}

export function loginBody(email: string, password: string, extra: Record<string, unknown> = {}) {
  return { email, password, type: 'email', org_instance_id: ORG_INSTANCE_ID, ...extra };
}

/** Signs in through the API and returns the token pair. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: loginBody(email, password) });
  if (response.statusCode !== 202) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const data = response.json().data as { access_token: string; refresh_token: string };
  return { accessToken: data.access_token, refreshToken: data.refresh_token, bearer: { authorization: `Bearer ${data.access_token}` } };
}
