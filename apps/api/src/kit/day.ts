import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { companies } from '../db/schema/index.ts';
import { dayAt } from '../lib/dates.ts';

/**
 * The day a request means (YYYY-MM-DD), for answers that depend on it (a driver's eligibility, a document
 * expired, a rate in force): today in the request's `time_zone` (the contract has checked it is a real zone),
 * else in the company's own zone, so an office in Colombo sees Colombo's day without saying so.
 */
export async function requestDay(db: DbOrTx, companyId: number, timeZone: string | undefined, now: Date = new Date()): Promise<string> {
  if (timeZone) return dayAt(now, timeZone);
  const [company] = await db.select({ time_zone: companies.time_zone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return dayAt(now, company?.time_zone ?? 'UTC');
}
