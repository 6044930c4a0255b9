import { randomBytes } from 'node:crypto';
import type { Db } from '../client.ts';
import { companies, companyWebConfigs } from '../schema/index.ts';

/** A company's publishable client key (what the sign-in page sends before anyone signs in). */
export function newClientKey(): string {
  return randomBytes(24).toString('base64url');
}

/** A company with its web config; returns its id. */
export async function createCompany(
  db: Db,
  name: string,
  logo: string | null = null,
  details: Partial<Pick<typeof companies.$inferInsert, 'contact_email' | 'contact_phone' | 'address' | 'country_id' | 'trip_fee'>> = {},
): Promise<number> {
  const [company] = await db
    .insert(companies)
    .values({ name, client_key: newClientKey(), ...details })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  await db.insert(companyWebConfigs).values({ company_id: company.id, name, login_page_logo: logo });
  return company.id;
}
