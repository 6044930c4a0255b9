import { and, eq, gte, inArray } from 'drizzle-orm';
import type { Database, DbOrTx } from '../../db/client.ts';
import { companies, drivers, tripScheduleChanges, trips, users } from '../../db/schema/index.ts';
import { dayAt } from '../../lib/dates.ts';
import { runJob } from '../../lib/job-runs.ts';
import { eligibilityOn } from '../drivers/drivers.eligibility.ts';
import { recordTripStatus, tripWriter } from './trips.rules.ts';

/** How often the sweep runs: hourly, so a document that ran out at midnight in any company's zone counts soon. */
export const ELIGIBILITY_SWEEP_INTERVAL_MS = 3_600_000;

/** Why the sweep took a driver off (the schedule change's `reason`, the status history's note). */
export const NOT_ELIGIBLE_REASON = 'driver_not_eligible';

/**
 * Takes drivers off the trips they can no longer take (issue 8: "a document that expires takes the driver off
 * new trips automatically"): every assigned trip from now on whose driver is not eligible on the trip's day (a
 * document or licence expired, approval or work status withdrawn) goes back to `scheduled`, with a status line,
 * an audit entry and a schedule change naming the driver (the dispatch screen warns of it). Time unchanged.
 * Rows are claimed with SKIP LOCKED, so two server processes sweeping at once never take a trip twice.
 * Answers how many trips it released.
 */
export async function releaseIneligibleDrivers(db: Database['db'], now: Date = new Date()): Promise<number> {
  const active = await db.select({ id: companies.id, time_zone: companies.time_zone }).from(companies).where(eq(companies.status, 1));
  let released = 0;
  for (const company of active) {
    released += await db.transaction(async (transaction) => {
      const tx = transaction as unknown as DbOrTx;
      const assigned = await tx
        .select()
        .from(trips)
        .where(and(eq(trips.company_id, company.id), eq(trips.status, 'assigned'), gte(trips.scheduled_at, now)))
        .for('update', { skipLocked: true });
      const driverIds = [...new Set(assigned.flatMap((trip) => (trip.driver_id === null ? [] : [trip.driver_id])))];
      if (driverIds.length === 0) return 0;
      const facts = await tx
        .select({
          id: drivers.id,
          approve_status: drivers.approve_status,
          status: drivers.status,
          admin_status: users.status,
          licence_expiry: drivers.licence_expiry,
        })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.user_id))
        .where(and(eq(drivers.company_id, company.id), inArray(drivers.id, driverIds)));
      // One eligibility read per day that has trips (the trips' days on the company's clock).
      const days = new Map<string, typeof assigned>();
      for (const trip of assigned) {
        const day = dayAt(trip.scheduled_at, company.time_zone);
        days.set(day, [...(days.get(day) ?? []), trip]);
      }
      const actor = { companyId: company.id, actorUserId: null };
      const writer = tripWriter(tx, actor);
      let count = 0;
      for (const [day, dayTrips] of days) {
        const eligibility = await eligibilityOn(tx, company.id, facts, day);
        for (const trip of dayTrips) {
          if (trip.driver_id === null || eligibility.get(trip.driver_id)?.eligible !== false) continue;
          await writer.update(trip, { driver_id: null, status: 'scheduled', updated_at: new Date() });
          await recordTripStatus(tx, actor, trip.id, 'assigned', 'scheduled', NOT_ELIGIBLE_REASON);
          await tx.insert(tripScheduleChanges).values({
            company_id: company.id,
            trip_id: trip.id,
            booking_id: trip.booking_id,
            from_at: trip.scheduled_at,
            to_at: trip.scheduled_at,
            reason: NOT_ELIGIBLE_REASON,
            unassigned_driver_id: trip.driver_id,
            changed_by: null,
          });
          count++;
        }
      }
      return count;
    });
  }
  return released;
}

export interface EligibilitySweep {
  start(): void;
  stop(): Promise<void>;
}

/** Runs the sweep at start and every hour (one round at a time); a failed round is logged and tried again. */
export function createEligibilitySweep(
  database: Database,
  log: { info(object: object, message: string): void; warn(object: object, message: string): void },
  intervalMs: number = ELIGIBILITY_SWEEP_INTERVAL_MS,
): EligibilitySweep {
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  const runRound = () => {
    if (round) return;
    round = runJob('eligibility_sweep', () => releaseIneligibleDrivers(database.db))
      .then((released) => {
        if (released > 0) log.info({ released }, 'drivers no longer eligible taken off their trips');
      })
      .catch((error: unknown) => log.warn({ err: error instanceof Error ? error.message : String(error) }, 'eligibility sweep failed'))
      .finally(() => {
        round = undefined;
      });
  };
  return {
    start() {
      runRound();
      timer = setInterval(runRound, intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await round;
    },
  };
}
