import { DEFAULT_BACKGROUND_COLOUR, DEFAULT_PRIMARY_COLOUR, type WebConfig } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyWebConfigs } from '../../db/schema/index.ts';

const columns = {
  company_id: companyWebConfigs.company_id,
  name: companyWebConfigs.name,
  login_page_logo: companyWebConfigs.login_page_logo,
  primary_color: companyWebConfigs.primary_color,
  background_color: companyWebConfigs.background_color,
  // The company's own setting, which its screens lay calendars out by (kept with the company's details).
  first_day_of_week: companies.first_day_of_week,
};

/** The company's web config; `lock` holds the row for the rest of the transaction (a change queues behind another). */
export async function findWebConfig(db: DbOrTx, companyId: number, lock = false): Promise<WebConfig | undefined> {
  const query = db
    .select(columns)
    .from(companyWebConfigs)
    .innerJoin(companies, eq(companies.id, companyWebConfigs.company_id))
    .where(eq(companyWebConfigs.company_id, companyId))
    .limit(1);
  const [row] = await (lock ? query.for('update', { of: companyWebConfigs }) : query);
  return row;
}

/** A company made before its web config existed gets one with the company's name and the default colours. */
export async function ensureWebConfig(db: DbOrTx, companyId: number): Promise<void> {
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return;
  await db
    .insert(companyWebConfigs)
    .values({
      company_id: companyId,
      name: company.name,
      primary_color: DEFAULT_PRIMARY_COLOUR,
      background_color: DEFAULT_BACKGROUND_COLOUR,
    })
    .onConflictDoNothing();
}

export async function updateWebConfigRow(
  db: DbOrTx,
  companyId: number,
  values: Partial<Pick<WebConfig, 'name' | 'login_page_logo' | 'primary_color' | 'background_color'>>,
): Promise<WebConfig> {
  // An update that names no field changes nothing (Drizzle refuses an empty SET): the row is read as it is.
  if (Object.keys(values).length > 0) await db.update(companyWebConfigs).set(values).where(eq(companyWebConfigs.company_id, companyId));
  const row = await findWebConfig(db, companyId);
  if (!row) throw new Error(`company ${companyId} has no web config`);
  return row;
}
