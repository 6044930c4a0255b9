import type { Db } from '../db/client.ts';
import { companies, companyWebConfigs } from '../db/schema/index.ts';
import { newClientKey } from '../modules/companies/companies.service.ts';

/** A company with its web config and client key, as the demo and the first start make one (no audit: nobody acts yet); returns its id. */
export async function createCompany(
  db: Db,
  name: string,
  logo: string | null = null,
  details: Partial<
    Pick<
      typeof companies.$inferInsert,
      | 'contact_email'
      | 'contact_phone'
      | 'address'
      | 'country_id'
      | 'trip_fee'
      | 'tax_number'
      | 'mail_sender_name'
      | 'mail_reply_to'
      | 'first_day_of_week'
      | 'terms'
    >
  > = {},
): Promise<number> {
  const [company] = await db
    .insert(companies)
    .values({ name, client_key: newClientKey(), ...details })
    .returning({ id: companies.id });
  if (!company) throw new Error('company insert returned no row');
  await db.insert(companyWebConfigs).values({ company_id: company.id, name, login_page_logo: logo });
  return company.id;
}
