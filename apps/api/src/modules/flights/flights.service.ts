import type { Flight, FlightListQuery, FlightStatus, FlightUpdateBody } from '@ps/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { bookings, companies, flightUpdates } from '../../db/schema/index.ts';
import { recordAudit } from '../../kit/audit.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { FlightNews, FlightProvider } from './flights.provider.ts';
import { createFlightsRepository, type FlightRow, TRACKED_BOOKING_STATUSES } from './flights.repository.ts';
import { followArrival, type MovedTrip } from './flights.trips.ts';

const MINUTE_MS = 60_000;

function toFlight(row: FlightRow): Flight {
  const delay = row.estimated_arrival ? Math.round((row.estimated_arrival.getTime() - row.scheduled_arrival.getTime()) / MINUTE_MS) : null;
  return {
    booking_id: row.booking_id,
    booking_reference: row.booking_reference,
    customer_name: row.customer_name,
    vehicle_reg: row.vehicle_reg,
    flight_number: row.flight_number ?? '',
    scheduled_arrival: row.scheduled_arrival.toISOString(),
    estimated_arrival: row.estimated_arrival?.toISOString() ?? null,
    status: row.status as FlightStatus,
    delay_minutes: delay,
    updated_at: row.updated_at?.toISOString() ?? null,
    source: row.source,
    out_trip:
      row.trip_id === null || row.trip_scheduled_at === null
        ? null
        : {
            id: row.trip_id,
            scheduled_at: row.trip_scheduled_at.toISOString(),
            status: row.trip_status as NonNullable<Flight['out_trip']>['status'],
            driver_id: row.trip_driver_id,
            driver_name: row.trip_driver_id === null ? null : row.trip_driver_name,
          },
  };
}

/** Without a status of its own, news is `delayed` when the estimate is later than scheduled, else `scheduled`. */
function statusOf(estimate: Date | null, scheduled: Date, given: FlightStatus | undefined): FlightStatus {
  if (given) return given;
  return estimate && estimate.getTime() > scheduled.getTime() ? 'delayed' : 'scheduled';
}

interface News {
  estimated_arrival: Date | null;
  status: FlightStatus;
  source: string;
}

/**
 * Records the latest news of a booking's return flight and moves its out-trip after it (the estimate, or the
 * scheduled arrival again when the estimate is cleared; a cancelled flight moves nothing). One transaction;
 * the booking row is locked so news from an operator and a provider at once queue up. Null when the booking is
 * not (or no longer) tracked.
 */
async function applyNews(
  db: Db,
  companyId: number,
  bookingId: number,
  news: (scheduled: Date) => News,
  actorUserId: number | null,
): Promise<MovedTrip[] | null> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as DbOrTx;
    const [booking] = await tx
      .select({ id: bookings.id, arrival_at: bookings.arrival_at, return_flight: bookings.return_flight })
      .from(bookings)
      .where(
        and(
          eq(bookings.company_id, companyId),
          eq(bookings.id, bookingId),
          isNotNull(bookings.return_flight),
          inArray(bookings.status, [...TRACKED_BOOKING_STATUSES]),
        ),
      )
      .for('update');
    if (!booking?.return_flight) return null;
    const next = news(booking.arrival_at);
    const [before] = await tx
      .select()
      .from(flightUpdates)
      .where(and(eq(flightUpdates.company_id, companyId), eq(flightUpdates.booking_id, bookingId)));
    const sameNews =
      before &&
      before.status === next.status &&
      (before.estimated_arrival?.getTime() ?? null) === (next.estimated_arrival?.getTime() ?? null) &&
      before.flight_number === booking.return_flight;
    if (sameNews) return [];
    const values = {
      flight_number: booking.return_flight,
      estimated_arrival: next.estimated_arrival,
      status: next.status,
      source: next.source,
      updated_by: actorUserId,
      updated_at: new Date(),
    };
    const [after] = await tx
      .insert(flightUpdates)
      .values({ company_id: companyId, booking_id: bookingId, ...values })
      .onConflictDoUpdate({ target: [flightUpdates.company_id, flightUpdates.booking_id], set: values })
      .returning();
    await recordAudit(tx, {
      companyId,
      actorUserId,
      entity: 'flight',
      entityId: bookingId,
      action: before ? 'update' : 'create',
      before,
      after,
    });
    if (next.status === 'cancelled') return [];
    return followArrival(tx, { companyId, bookingId, arrival: next.estimated_arrival ?? booking.arrival_at, actorUserId });
  });
}

/**
 * Flight tracking (issue 8, section 4): the list, the manual provider's update, and a provider round that
 * asks the configured provider about every tracked flight due soon and applies what it says the same way.
 */
export function createFlightsService(db: Db) {
  return {
    async list(actor: CompanyActor, query: FlightListQuery): Promise<{ items: Flight[]; total: number }> {
      const { rows, total } = await createFlightsRepository(db, actor.companyId).list(query);
      return { items: rows.map(toFlight), total };
    },

    async updateManually(actor: CompanyActor, bookingId: number, body: FlightUpdateBody): Promise<Flight> {
      const repository = createFlightsRepository(db, actor.companyId);
      const current = await repository.findByBooking(bookingId);
      if (!current) throw notFound();
      const moved = await applyNews(
        db,
        actor.companyId,
        bookingId,
        (scheduled) => ({
          estimated_arrival: body.estimated_arrival ? new Date(body.estimated_arrival) : null,
          status: statusOf(body.estimated_arrival ? new Date(body.estimated_arrival) : null, scheduled, body.status),
          source: 'manual',
        }),
        actor.actorUserId,
      );
      // A booking with no return flight, or one no longer followed (cancelled, completed...): nothing to track.
      if (moved === null) throw new AppError(409, 'flight_not_tracked');
      const row = await repository.findByBooking(bookingId);
      if (!row) throw notFound();
      return toFlight(row);
    },

    /**
     * One provider round: every active company's tracked flights landing from 6 hours ago to `horizonHours`
     * ahead, asked about in one call, and each piece of news applied. Answers how many flights it had news of.
     */
    async pollProvider(provider: FlightProvider, options: { now?: Date; horizonHours?: number } = {}): Promise<number> {
      const now = options.now ?? new Date();
      const from = new Date(now.getTime() - 6 * 3_600_000);
      const to = new Date(now.getTime() + (options.horizonHours ?? 48) * 3_600_000);
      const active = await db.select({ id: companies.id }).from(companies).where(eq(companies.status, 1));
      const due: Array<{ companyId: number; bookingId: number; flight_number: string; date: string }> = [];
      for (const company of active) {
        for (const row of await createFlightsRepository(db, company.id).due(from, to)) {
          if (row.flight_number)
            due.push({ companyId: company.id, bookingId: row.booking_id, flight_number: row.flight_number, date: row.end_day });
        }
      }
      if (due.length === 0) return 0;
      const news = await provider.fetchUpdates(due.map(({ flight_number, date }) => ({ flight_number, date })));
      const byFlight = new Map<string, FlightNews>(news.map((item) => [`${item.flight_number} ${item.date}`, item]));
      let applied = 0;
      for (const flight of due) {
        const item = byFlight.get(`${flight.flight_number} ${flight.date}`);
        if (!item) continue;
        const moved = await applyNews(
          db,
          flight.companyId,
          flight.bookingId,
          (scheduled) => ({
            estimated_arrival: item.estimated_arrival,
            status: statusOf(item.estimated_arrival, scheduled, item.status),
            source: provider.name,
          }),
          null,
        );
        if (moved !== null) applied++;
      }
      return applied;
    },
  };
}
