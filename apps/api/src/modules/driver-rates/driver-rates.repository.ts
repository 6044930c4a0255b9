import { and, desc, eq, gt, inArray, isNull, lte, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { driverRates, drivers } from '../../db/schema/index.ts';
import { companyScope } from '../../kit/records.ts';

export type DriverRateRow = typeof driverRates.$inferSelect;

/** A driver's rates in one company, newest `effective_from` first; writes go through the kit (driver-rates.service.ts). */
export function createDriverRatesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, driverRates, companyId);
  return {
    listOfDriver: (driverId: number): Promise<DriverRateRow[]> =>
      db
        .select()
        .from(driverRates)
        .where(scope.owned(eq(driverRates.driver_id, driverId)))
        .orderBy(desc(driverRates.effective_from), desc(driverRates.id)),
  };
}

/**
 * The company's driver with this id, or undefined: another company's driver is no driver here. With
 * `live`, a removed driver (deleted_at set) does not count either (nothing new is added to one).
 */
export async function findDriver(
  db: DbOrTx,
  companyId: number,
  driverId: number,
  options: { live?: boolean } = {},
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: drivers.id })
    .from(drivers)
    .where(and(eq(drivers.company_id, companyId), eq(drivers.id, driverId), options.live ? isNull(drivers.deleted_at) : undefined))
    .limit(1);
  return row;
}

/** Rates in force on `day`: the latest `effective_from` on or before it, per driver (no later one up to that day). */
function inForceOn(db: DbOrTx, day: string) {
  const later = alias(driverRates, 'later_rate');
  return and(
    lte(driverRates.effective_from, day),
    notExists(
      db
        .select({ one: sql`1` })
        .from(later)
        .where(
          and(
            eq(later.company_id, driverRates.company_id),
            eq(later.driver_id, driverRates.driver_id),
            gt(later.effective_from, driverRates.effective_from),
            lte(later.effective_from, day),
          ),
        ),
    ),
  );
}

/**
 * The driver's hourly rate in force on `day` (YYYY-MM-DD): the one whose `effective_from` is the latest on
 * or before that day; null when none has started yet. For payouts and the drivers' answers.
 */
export async function rateInForce(db: DbOrTx, companyId: number, driverId: number, day: string): Promise<DriverRateRow | null> {
  const [row] = await db
    .select()
    .from(driverRates)
    .where(and(eq(driverRates.company_id, companyId), eq(driverRates.driver_id, driverId), lte(driverRates.effective_from, day)))
    .orderBy(desc(driverRates.effective_from))
    .limit(1);
  return row ?? null;
}

/** `rateInForce` for many drivers in one query: every id asked for is in the map, null when it has no rate yet. */
export async function ratesInForce(
  db: DbOrTx,
  companyId: number,
  driverIds: readonly number[],
  day: string,
): Promise<Map<number, DriverRateRow | null>> {
  const rates = new Map<number, DriverRateRow | null>(driverIds.map((id) => [id, null]));
  if (driverIds.length === 0) return rates;
  const rows = await db
    .select()
    .from(driverRates)
    .where(and(eq(driverRates.company_id, companyId), inArray(driverRates.driver_id, [...new Set(driverIds)]), inForceOn(db, day)));
  for (const row of rows) rates.set(row.driver_id, row);
  return rates;
}
