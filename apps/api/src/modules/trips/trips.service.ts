import {
  MAX_STATISTICS_PERIODS,
  type Trip,
  type TripCreate,
  type TripDetail,
  type TripListQuery,
  type TripStatistics,
  type TripStatisticsQuery,
  type TripStatus,
  type TripUpdate,
  tripStatuses,
} from '@ps/contracts';
import { type Db, type DbOrTx, readTogether } from '../../db/client.ts';
import { trips } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { writeRecords } from '../../kit/records.ts';
import { todayIn } from '../../lib/dates.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { carRequestOf } from '../public-booking/public-booking.repository.ts';
import { defaultFrom, nextPeriod, periodStart } from '../statistics/statistics.service.ts';
import { listTrips } from './trips.list.ts';
import { createTripsRepository, OPEN_TRIP_STATUSES, type TripRow, type TripViewRow } from './trips.repository.ts';
import {
  assertBookingTakesTrips,
  assertDriverCanTake,
  assertPartner,
  companyTripSettings,
  recordTripStatus,
  type TripCaller,
  type TripInsert,
  tripClosed,
  tripPaid,
} from './trips.rules.ts';

export const tripWrites = {
  entity: 'trip',
  translate: constraintTranslator({
    table: 'trips',
    references: ['booking_id', 'from_location_id', 'from_yard_id', 'to_location_id', 'to_yard_id', 'driver_id', 'partner_company_id'],
    checks: {
      trips_from_one_end: 'from_location_id',
      trips_to_one_end: 'to_location_id',
      trips_driver_fee_not_negative: 'driver_fee',
      trips_assigned_has_driver: 'driver_id',
      trips_one_runner: 'partner_company_id',
    },
    inUse: 'trip_in_use',
  }),
};

const iso = (value: Date) => value.toISOString();

export function toTrip({ car_requested_at, car_wanted_at, ...row }: TripViewRow): Trip {
  const warning = row.driver_taken_off;
  return {
    ...row,
    car_request: carRequestOf({ car_requested_at, car_wanted_at }),
    scheduled_at: iso(row.scheduled_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    driver_taken_off: warning && {
      driver_id: warning.driver_id,
      driver_name: warning.driver_name,
      reason: warning.reason,
      from_at: iso(warning.from_at),
      to_at: iso(warning.to_at),
      changed_at: iso(warning.changed_at),
    },
  };
}

/** The trip as get answers it (inside a transaction: what it will commit), with its history and the car's path. */
export async function readTrip(db: DbOrTx, caller: TripCaller, id: number): Promise<TripDetail> {
  const repository = createTripsRepository(db, caller);
  const row = await repository.get(id);
  if (!row) throw notFound();
  const [history, movements, changes] = await readTogether(db, [
    () => repository.statusHistory(id),
    () => repository.movements({ tripId: id }),
    () => repository.scheduleChanges(id),
  ]);
  return {
    ...toTrip(row),
    status_history: history.map((entry) => ({ ...entry, changed_at: iso(entry.changed_at) })),
    movements: movements.map((movement) => ({ ...movement, moved_at: iso(movement.moved_at) })),
    schedule_changes: changes.map((change) => ({
      ...change,
      from_at: iso(change.from_at),
      to_at: iso(change.to_at),
      changed_at: iso(change.changed_at),
    })),
  };
}

/** The trip's row locked in the write's transaction: 404 when the caller cannot reach it, 409 once it is paid. */
export async function lockTrip(tx: DbOrTx, caller: TripCaller, id: number): Promise<TripRow> {
  const row = await createTripsRepository(tx, caller).lock(id);
  if (!row) throw notFound();
  if (row.payout_id !== null) throw tripPaid();
  return row;
}

/** Fields of an update that plan the trip (who, when, where): fixed once it has started, finished or been cancelled. */
const planningFields = [
  'type',
  'booking_id',
  'from_location_id',
  'from_yard_id',
  'to_location_id',
  'to_yard_id',
  'scheduled_at',
  'driver_id',
  'partner_company_id',
];

/** The columns an update writes: naming one place of an end clears the other. */
function columnsOf(body: TripUpdate): Partial<TripInsert> {
  const { scheduled_at, ...rest } = body;
  const columns: Partial<TripInsert> = { ...rest };
  if (scheduled_at !== undefined) columns.scheduled_at = new Date(scheduled_at);
  if (body.from_location_id != null && body.from_yard_id === undefined) columns.from_yard_id = null;
  if (body.from_yard_id != null && body.from_location_id === undefined) columns.from_location_id = null;
  if (body.to_location_id != null && body.to_yard_id === undefined) columns.to_yard_id = null;
  if (body.to_yard_id != null && body.to_location_id === undefined) columns.to_location_id = null;
  // One runner: giving a driver takes a partner off, and giving a partner takes the driver off.
  if (body.driver_id != null && body.partner_company_id === undefined) columns.partner_company_id = null;
  if (body.partner_company_id != null && body.driver_id === undefined) columns.driver_id = null;
  return columns;
}

const tooManyPeriods = () =>
  new AppError(400, 'validation_failed', { details: [{ field: 'to', code: 'validation.tooLong', message: '' }] });

/**
 * Trips (issue 8, section 3): the office plans them (add, update, delete, assign a driver); drivers reach only
 * their own. Assigning checks the driver's eligibility on the trip's day and that they are free; a paid trip is
 * history. Status moves are in trips.status.ts, the booking hooks in trips.bookings.ts.
 */
export function createTripsService(db: Db) {
  return {
    async list(caller: TripCaller, query: TripListQuery): Promise<{ items: Trip[]; total: number }> {
      const { rows, total } = await listTrips(db, caller, query);
      return { items: rows.map(toTrip), total };
    },

    get: (caller: TripCaller, id: number) => readTrip(db, caller, id),

    /** A new trip, `scheduled`, or `assigned` when it comes with its driver; `driver_fee` is the company's trip fee unless given. */
    async create(caller: TripCaller, body: TripCreate, timeZone: string | undefined): Promise<TripDetail> {
      if (caller.driverId !== null) throw forbidden();
      return writeRecords(db, trips, caller, tripWrites, async (records) => {
        const { tx } = records;
        const settings = await companyTripSettings(tx, caller.companyId);
        const at = new Date(body.scheduled_at);
        if (body.booking_id !== null) await assertBookingTakesTrips(tx, caller, body.booking_id);
        if (body.driver_id !== null) await assertDriverCanTake(tx, caller, body.driver_id, at, null, timeZone ?? settings.time_zone);
        if (body.partner_company_id !== null) await assertPartner(tx, caller.companyId, body.partner_company_id);
        const status: TripStatus = body.driver_id === null && body.partner_company_id === null ? 'scheduled' : 'assigned';
        const row = await records.create({
          ...body,
          scheduled_at: at,
          status,
          driver_fee: body.driver_fee ?? settings.trip_fee,
        });
        await recordTripStatus(tx, caller, row.id, null, status, null);
        return readTrip(tx, caller, row.id);
      });
    },

    /**
     * Any subset. While the trip is open (scheduled or assigned) everything; after that only its fee and notes
     * (409 `trip_closed`). A new driver, or a new time with the driver kept, is checked again (eligible on the
     * day, free); giving a driver assigns a scheduled trip, taking it off makes it scheduled again.
     */
    async update(caller: TripCaller, id: number, body: TripUpdate, timeZone: string | undefined): Promise<TripDetail> {
      if (caller.driverId !== null) throw forbidden();
      return writeRecords(db, trips, caller, tripWrites, async (records) => {
        const { tx } = records;
        const row = await lockTrip(tx, caller, id);
        const columns = columnsOf(body);
        if (!OPEN_TRIP_STATUSES.includes(row.status) && planningFields.some((field) => field in body)) throw tripClosed(caller, row.status);
        if (columns.booking_id != null && columns.booking_id !== row.booking_id)
          await assertBookingTakesTrips(tx, caller, columns.booking_id);
        const driverId = columns.driver_id === undefined ? row.driver_id : columns.driver_id;
        const partnerId = columns.partner_company_id === undefined ? row.partner_company_id : columns.partner_company_id;
        const at = columns.scheduled_at ?? row.scheduled_at;
        const driverChanged = driverId !== row.driver_id;
        const partnerChanged = partnerId !== row.partner_company_id;
        const moved = at.getTime() !== row.scheduled_at.getTime();
        if (driverId !== null && (driverChanged || moved)) {
          const zone = timeZone ?? (await companyTripSettings(tx, caller.companyId)).time_zone;
          await assertDriverCanTake(tx, caller, driverId, at, id, zone);
        }
        if (partnerId !== null && partnerChanged) await assertPartner(tx, caller.companyId, partnerId);
        // A new runner (a driver or a partner) assigns the trip; taking the last one off makes it scheduled again.
        const runnerChanged = driverChanged || partnerChanged;
        const status: TripStatus = !runnerChanged ? row.status : driverId === null && partnerId === null ? 'scheduled' : 'assigned';
        if (status !== row.status) columns.status = status;
        await records.update(id, columns);
        if (status !== row.status) await recordTripStatus(tx, caller, id, row.status, status, null);
        return readTrip(tx, caller, id);
      });
    },

    /**
     * Only a trip that has not started (or was cancelled) and has no movements recorded: one that happened stays
     * on record (409 `trip_in_use`); a paid one too (409 `trip_paid`). Its status history goes with it.
     */
    async remove(caller: TripCaller, id: number): Promise<void> {
      if (caller.driverId !== null) throw forbidden();
      await writeRecords(db, trips, caller, tripWrites, async (records) => {
        const row = await lockTrip(records.tx, caller, id);
        if (row.status === 'started' || row.status === 'completed') throw new AppError(409, 'trip_in_use');
        await records.remove(id);
      });
    },

    /**
     * Trips per period of `scheduled_at` (day, week from Monday, month) in the request's time zone (else the
     * company's) and status, every period answered in order (0 where none). A driver counts their own trips.
     */
    async statistics(caller: TripCaller, query: TripStatisticsQuery): Promise<TripStatistics> {
      const timeZone = query.time_zone ?? (await companyTripSettings(db, caller.companyId)).time_zone;
      const today = todayIn(timeZone);
      const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
      const from = periodStart(query.segment, query.from ?? defaultFrom(query.segment, to));
      const starts: string[] = [];
      for (let start = from; start <= to; start = nextPeriod(query.segment, start)) {
        starts.push(start);
        if (starts.length > MAX_STATISTICS_PERIODS) throw tooManyPeriods();
      }
      const rows = await createTripsRepository(db, caller).countsByPeriod({
        segment: query.segment,
        from,
        to,
        timeZone,
        driverId: query.driver_id,
        type: query.type,
      });
      const empty = () => Object.fromEntries(tripStatuses.map((status) => [status, 0])) as Record<TripStatus, number>;
      const periods = new Map(starts.map((start) => [start, { period_start: start, total: 0, by_status: empty() }]));
      for (const row of rows) {
        const period = periods.get(row.period_start);
        if (!period) continue;
        period.by_status[row.status] += Number(row.trips);
        period.total += Number(row.trips);
      }
      return { segment: query.segment, from, to, time_zone: timeZone, periods: [...periods.values()] };
    },
  };
}
