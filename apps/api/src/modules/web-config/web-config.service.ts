import { timingSafeEqual } from 'node:crypto';
import type { WebConfig } from '@ps/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companyWebConfigs } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

function sameSecret(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `Basic base64(company_id:client_key)` → the company id, or 401 when the key does not match. */
export async function companyFromBasicHeader(db: Db, header: string | undefined): Promise<number> {
  const encoded = header?.match(/^Basic\s+(\S+)$/i)?.[1];
  const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
  const separator = decoded.indexOf(':');
  const companyId = Number(decoded.slice(0, separator));
  const key = decoded.slice(separator + 1);
  if (separator < 1 || !Number.isInteger(companyId) || companyId <= 0 || !key) throw new AppError(401, 'client_key_invalid');
  const [company] = await db
    .select({ id: companies.id, client_key: companies.client_key })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.status, 1)))
    .limit(1);
  if (!company || !sameSecret(company.client_key, key)) throw new AppError(401, 'client_key_invalid');
  return company.id;
}

export async function webConfigOf(db: Db, companyId: number): Promise<WebConfig> {
  const [row] = await db
    .select({
      company_id: companyWebConfigs.company_id,
      name: companyWebConfigs.name,
      login_page_logo: companyWebConfigs.login_page_logo,
      primary_color: companyWebConfigs.primary_color,
    })
    .from(companyWebConfigs)
    .where(eq(companyWebConfigs.company_id, companyId))
    .limit(1);
  if (row) return row;
  const [company] = await db.select({ name: companies.name }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return { company_id: companyId, name: company?.name ?? '', login_page_logo: null, primary_color: '#0095e8' };
}

/** The Basic token the sign-in page gets: the configured company's, else the first active company's. */
export async function defaultBasicToken(db: Db, preferredCompanyId?: number): Promise<string | null> {
  const [company] = await db
    .select({ id: companies.id, client_key: companies.client_key })
    .from(companies)
    .where(preferredCompanyId ? and(eq(companies.id, preferredCompanyId), eq(companies.status, 1)) : eq(companies.status, 1))
    .orderBy(asc(companies.id))
    .limit(1);
  return company ? Buffer.from(`${company.id}:${company.client_key}`).toString('base64') : null;
}
