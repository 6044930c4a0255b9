import {
  canMoveTrip,
  driverTripMoves,
  type TripAdminStatusUpdate,
  type TripDetail,
  type TripMovement,
  type TripMovementCreate,
  type TripMovementListQuery,
  type TripStatus,
  type TripStatusOption,
  type TripStatusUpdate,
  tripStatuses,
  tripTransitions,
} from '@ps/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, tripMovements, trips } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { writeRecords } from '../../kit/records.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { createTripsRepository } from './trips.repository.ts';
import {
  assertDriverCanTake,
  companyTripSettings,
  DRIVEN_STATUSES,
  recordTripStatus,
  statusAdminOnly,
  type TripCaller,
  type TripInsert,
  transitionInvalid,
  tripClosed,
  tripNeedsDriver,
} from './trips.rules.ts';
import { lockTrip, readTrip, tripWrites } from './trips.service.ts';

const movementWrites = {
  entity: 'trip_movement',
  translate: constraintTranslator({
    table: 'trip_movements',
    references: ['trip_id', 'location_id', 'yard_id'],
    checks: { trip_movements_one_place: 'location_id' },
    inUse: 'trip_in_use',
  }),
};

/** A movement may be recorded up to this long ahead of the server's clock (a phone's clock runs a little fast). */
/** Someone runs the trip: one of the company's drivers, or a partner company. */
const hasRunner = (row: { driver_id: number | null; partner_company_id: number | null }) =>
  row.driver_id !== null || row.partner_company_id !== null;

/** How far ahead of the server a phone's clock may be when it says when something happened. */
const CLOCK_SKEW_MS = 5 * 60_000;

const isoMovement = (movement: Omit<TripMovement, 'moved_at'> & { moved_at: Date }): TripMovement => ({
  ...movement,
  moved_at: movement.moved_at.toISOString(),
});

/** A trip's statuses (the driver's moves and the office's), its admin corrections, and the car's movements. */
export function createTripStatusService(db: Db) {
  return {
    /** Every status in the caller's language, where it may go, and which of those moves a driver may make. */
    statusOptions(caller: Pick<TripCaller, 't'>): TripStatusOption[] {
      return tripStatuses.map((value) => ({
        value,
        label: caller.t(`tripStatuses.${value}`),
        next: [...tripTransitions[value]],
        driver_next: tripTransitions[value].filter((next) => (driverTripMoves as readonly TripStatus[]).includes(next)),
      }));
    },

    /**
     * Moves the trip along `tripTransitions` (400 naming both statuses otherwise). A driver, on their own trip
     * only, starts and completes it (403 `trip_status_admin_only` for the office's moves). `assigned` needs the
     * trip's driver (assign one with the update); `scheduled` again takes the driver off. With its history line.
     */
    async changeStatus(caller: TripCaller, id: number, input: TripStatusUpdate): Promise<TripDetail> {
      // A queued action from a phone says when it happened; the clock's own skew aside, never later than now.
      const changedAt = input.at === undefined ? undefined : new Date(input.at);
      if (changedAt && changedAt.getTime() > Date.now() + CLOCK_SKEW_MS) {
        throw new AppError(400, 'validation_failed', { details: [{ field: 'at', code: 'validation.invalidValue', message: '' }] });
      }
      return writeRecords(db, trips, caller, tripWrites, async (records) => {
        const { tx } = records;
        const row = await lockTrip(tx, caller, id);
        if (!canMoveTrip(row.status, input.status)) throw transitionInvalid(caller, row.status, input.status);
        if (caller.driverId !== null && !(driverTripMoves as readonly TripStatus[]).includes(input.status)) {
          throw statusAdminOnly(caller, input.status);
        }
        if (input.status === 'assigned' && !hasRunner(row)) throw tripNeedsDriver(caller, input.status);
        const columns: Partial<TripInsert> = { status: input.status };
        if (input.status === 'scheduled') Object.assign(columns, { driver_id: null, partner_company_id: null });
        await records.update(id, columns);
        await recordTripStatus(tx, caller, id, row.status, input.status, input.note, changedAt);
        return readTrip(tx, caller, id);
      });
    },

    /**
     * The office corrects a status, backwards too (a trip marked completed by mistake), with the reason, which
     * goes into the history and the audit log. A status that needs a driver still needs one; `scheduled` takes
     * the driver off; bringing a cancelled trip back as `assigned` checks its driver again (eligible, free).
     */
    async correctStatus(caller: TripCaller, id: number, input: TripAdminStatusUpdate, timeZone: string | undefined): Promise<TripDetail> {
      if (caller.driverId !== null) throw forbidden();
      return writeRecords(db, trips, caller, tripWrites, async (records) => {
        const { tx } = records;
        const row = await lockTrip(tx, caller, id);
        if (row.status === input.status) throw transitionInvalid(caller, row.status, input.status);
        if (DRIVEN_STATUSES.includes(input.status) && !hasRunner(row)) throw tripNeedsDriver(caller, input.status);
        if (row.status === 'cancelled' && input.status === 'assigned' && row.driver_id !== null) {
          const zone = timeZone ?? (await companyTripSettings(tx, caller.companyId)).time_zone;
          await assertDriverCanTake(tx, caller, row.driver_id, row.scheduled_at, id, zone);
        }
        const columns: Partial<TripInsert> = { status: input.status };
        if (input.status === 'scheduled') Object.assign(columns, { driver_id: null, partner_company_id: null });
        await records.update(id, columns);
        const history = await recordTripStatus(tx, caller, id, row.status, input.status, input.reason);
        await recordAudit(tx, {
          companyId: caller.companyId,
          actorUserId: caller.actorUserId,
          entity: 'trip_status_correction',
          entityId: history.id,
          action: 'create',
          after: { trip_id: id, from_status: row.status, to_status: input.status, reason: input.reason },
        });
        return readTrip(tx, caller, id);
      });
    },

    /**
     * Where the trip's car is now: its driver (on their own trip) or the office records a location or a yard,
     * at `moved_at` (default now; not in the future). Not on a cancelled trip (409 `trip_closed`) or a paid one.
     */
    async recordMovement(caller: TripCaller, input: TripMovementCreate): Promise<TripMovement> {
      return writeRecords(db, tripMovements, caller, movementWrites, async (records) => {
        const { tx } = records;
        const trip = await lockTrip(tx, caller, input.trip_id);
        if (trip.status === 'cancelled') throw tripClosed(caller, trip.status);
        const now = Date.now();
        const movedAt = input.moved_at === undefined ? new Date(now) : new Date(input.moved_at);
        if (movedAt.getTime() > now + CLOCK_SKEW_MS) {
          throw new AppError(400, 'validation_failed', { details: [{ field: 'moved_at', code: 'validation.invalidValue', message: '' }] });
        }
        const row = await records.create({
          trip_id: trip.id,
          booking_id: trip.booking_id,
          location_id: input.location_id,
          yard_id: input.yard_id,
          moved_at: movedAt,
          moved_by: caller.actorUserId,
        });
        const movement = (await createTripsRepository(tx, caller).movements({ tripId: trip.id })).find((entry) => entry.id === row.id);
        if (!movement) throw notFound();
        return isoMovement(movement);
      });
    },

    /**
     * A booking's path (the movements of all its trips) or one trip's, in order. 404 when the booking is not the
     * company's, or, for a driver, when none of its trips is theirs (they see their own trips' movements).
     */
    async movements(caller: TripCaller, query: TripMovementListQuery): Promise<TripMovement[]> {
      const repository = createTripsRepository(db, caller);
      if (query.trip_id !== undefined && !(await repository.get(query.trip_id))) throw notFound();
      if (query.booking_id !== undefined) {
        const [visible] =
          caller.driverId === null
            ? await db
                .select({ id: bookings.id })
                .from(bookings)
                .where(and(eq(bookings.company_id, caller.companyId), eq(bookings.id, query.booking_id)))
                .limit(1)
            : await db
                .select({ id: trips.id })
                .from(trips)
                .where(repository.owned(eq(trips.booking_id, query.booking_id)))
                .limit(1);
        if (!visible) throw notFound();
      }
      const rows = await repository.movements({ tripId: query.trip_id, bookingId: query.booking_id });
      return rows.map(isoMovement);
    },
  };
}
