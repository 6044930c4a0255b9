import type { DriverRate, DriverRateCreate } from '@ps/contracts';
import type { Db } from '../../db/client.ts';
import { driverRates } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { writeRecords } from '../../kit/records.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import { constraintOf, PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors.ts';
import { createDriverRatesRepository, type DriverRateRow, findDriver, rateInForce } from './driver-rates.repository.ts';

const DAY_UNIQUE = 'driver_rates_driver_day_unique';

const translate = constraintTranslator({
  table: 'driver_rates',
  references: ['driver_id'],
  checks: { driver_rates_price_positive: 'price_per_hour' },
  inUse: 'conflict',
});

/** The audit entity and what the table's constraints mean; a second rate on one day names that day. */
const rateWrites = (effectiveFrom: string) => ({
  entity: 'driver_rate',
  translate: (error: unknown) =>
    pgErrorCode(error) === PG_UNIQUE_VIOLATION && constraintOf(error) === DAY_UNIQUE
      ? new AppError(409, 'driver_rate_taken', {
          vars: { date: effectiveFrom },
          details: [{ field: 'effective_from', code: 'errors.driver_rate_taken', message: '' }],
        })
      : translate(error),
});

function toRate(row: DriverRateRow, currentId: number | undefined): DriverRate {
  return {
    id: row.id,
    driver_id: row.driver_id,
    price_per_hour: row.price_per_hour,
    effective_from: row.effective_from,
    current: row.id === currentId,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A driver's hourly rates (issue 8, section 1): each from a day on, until a later one starts; history is
 * never rewritten (no update or delete). `today` is the request's day; the rate in force on it is `current`.
 */
export function createDriverRatesService(db: Db) {
  return {
    async list(actor: CompanyActor, driverId: number, today: string): Promise<DriverRate[]> {
      if (!(await findDriver(db, actor.companyId, driverId))) throw notFound();
      const rows = await createDriverRatesRepository(db, actor.companyId).listOfDriver(driverId);
      // Newest first: the first one that has started by today is in force.
      const current = rows.find((row) => row.effective_from <= today);
      return rows.map((row) => toRate(row, current?.id));
    },

    create: (actor: CompanyActor, input: DriverRateCreate, today: string): Promise<DriverRate> =>
      writeRecords(db, driverRates, actor, rateWrites(input.effective_from), async (records) => {
        if (!(await findDriver(records.tx, actor.companyId, input.driver_id, { live: true }))) throw notFound();
        const row = (await records.create({
          driver_id: input.driver_id,
          price_per_hour: input.price_per_hour,
          effective_from: input.effective_from,
          created_by: actor.actorUserId,
        })) as DriverRateRow;
        const current = await rateInForce(records.tx, actor.companyId, input.driver_id, today);
        return toRate(row, current?.id);
      }),
  };
}
