import { type FreeSlot, releasedBookingStatuses } from '@ps/contracts';
import { formatDateTimeRange, formatTime } from '@ps/contracts/common/format';
import { toZonedLocal } from '@ps/contracts/common/zonedTime';
import { and, eq, gte, inArray, isNotNull, lt, ne, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, bookings, locations } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import type { BookingCaller } from './bookings.pricing.ts';

/**
 * Limits per 15-minute slot (issue 24, section 2). A place (a car park, a terminal or meeting point where a valet
 * driver meets the customer) takes at most `departure_slot_limit` customers coming in (a booking's `departure_at` at
 * its `departure_id`: the car dropped off before the outbound flight) and at most `arrival_slot_limit` coming back
 * (`arrival_at` at `arrival_id`: the car handed back after the return flight) per quarter hour of the airport's
 * clock. Cancelled and no-show bookings hold no slot; the booking being changed never counts against itself.
 */

export const SLOT_MINUTES = 15;
const SLOT_MS = SLOT_MINUTES * 60_000;
/** How far either side of a full slot the free ones are looked for (8 slots: two hours). */
export const FREE_SLOT_REACH = 8;
/** How many free slots a refusal offers, nearest first. */
export const FREE_SLOTS_OFFERED = 4;

export type SlotKind = 'departure' | 'arrival';
const fieldOf = { departure: 'departure_at', arrival: 'arrival_at' } as const;

/**
 * The first instant of the quarter hour of the zone's clock that `instant` falls in. Every zone's offset is a
 * whole number of quarter hours today (Colombo +5:30, Kathmandu +5:45), so the slot's minutes are read on the
 * zone's clock and the instant is taken back by them (exact across a clock change, unlike a round trip
 * through the wall clock's repeated hour).
 */
export function slotStartOf(instant: Date, timeZone: string): Date {
  const local = toZonedLocal(instant, timeZone);
  const minute = Number(local.slice(14, 16));
  const wholeMinute = Math.floor(instant.getTime() / 60_000) * 60_000;
  return new Date(wholeMinute - (minute % SLOT_MINUTES) * 60_000);
}

/** What a booking asks of the slots: its places and times, and the airport's clock. */
export interface SlotRequest {
  departure_id: number;
  arrival_id: number;
  departure_at: Date;
  arrival_at: Date;
  timeZone: string;
}

/**
 * Which of a changed booking's times move into another slot (another place or another quarter hour): only those are
 * checked, so a booking that keeps its slot is never refused for it.
 */
export function slotChanges(
  row: { departure_id: number; arrival_id: number; departure_at: Date; arrival_at: Date },
  request: SlotRequest,
): { departure: boolean; arrival: boolean } {
  const moved = (before: Date, after: Date) =>
    slotStartOf(before, request.timeZone).getTime() !== slotStartOf(after, request.timeZone).getTime();
  return {
    departure: row.departure_id !== request.departure_id || moved(row.departure_at, request.departure_at),
    arrival: row.arrival_id !== request.arrival_id || moved(row.arrival_at, request.arrival_at),
  };
}

/**
 * Serialises every write into one place's slots (any process, any connection) until the transaction ends: the
 * count that follows sees every committed booking. Taken after the car park's lock (a booking takes at most one),
 * in the order of the places' ids, so two writers never wait for each other in a circle.
 */
async function lockSlots(tx: DbOrTx, companyId: number, locationId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${companyId}::int, hashtext(${`slots:${locationId}`}::text))`);
}

/** The times of the bookings holding slots of a place within [from, to) for one kind, the booking `exceptId` left out. */
async function heldTimes(
  tx: DbOrTx,
  companyId: number,
  kind: SlotKind,
  locationId: number,
  from: Date,
  to: Date,
  exceptId: number | null,
): Promise<Date[]> {
  const place = kind === 'departure' ? bookings.departure_id : bookings.arrival_id;
  const at = kind === 'departure' ? bookings.departure_at : bookings.arrival_at;
  const rows = await tx
    .select({ at })
    .from(bookings)
    .where(
      and(
        eq(bookings.company_id, companyId),
        gte(at, from),
        lt(at, to),
        eq(place, locationId),
        notInArray(bookings.status, [...releasedBookingStatuses]),
        exceptId === null ? undefined : ne(bookings.id, exceptId),
      ),
    );
  return rows.map((row) => row.at);
}

/** Counts held times per slot start (ms). */
function countBySlot(times: Date[], timeZone: string): Map<number, number> {
  const counts = new Map<number, number>();
  for (const time of times) {
    const key = slotStartOf(time, timeZone).getTime();
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** One check to make: a kind of time at a place with a limit. */
interface SlotCheck {
  kind: SlotKind;
  locationId: number;
  placeName: string;
  limit: number;
  at: Date;
}

/**
 * Refuses the booking (409 `slot_full`, nothing written) when a slot it moves into already holds its place's limit,
 * with the nearest free slots of that time (within two hours, in the stay's order: a drop-off before the return,
 * a return after the drop-off, neither in the past) in the body's `free_slots` and in the message. `changed` says
 * which of the booking's times are new to their slot (an update that keeps a slot is never refused for it, also
 * when its limit was lowered since). With `lock`, the places' slot locks are taken first.
 */
export async function assertSlots(
  tx: DbOrTx,
  caller: BookingCaller,
  request: SlotRequest,
  options: { exceptBookingId: number | null; lock: boolean; changed?: { departure: boolean; arrival: boolean }; now?: Date },
): Promise<void> {
  const changed = options.changed ?? { departure: true, arrival: true };
  const wanted = [changed.departure ? request.departure_id : null, changed.arrival ? request.arrival_id : null].filter(
    (id): id is number => id !== null,
  );
  if (wanted.length === 0) return;
  const places = await tx
    .select({
      id: locations.id,
      name: locations.name,
      departure_slot_limit: locations.departure_slot_limit,
      arrival_slot_limit: locations.arrival_slot_limit,
    })
    .from(locations)
    .where(and(eq(locations.company_id, caller.companyId), inArray(locations.id, wanted)));
  const checks: SlotCheck[] = [];
  const departure = places.find((place) => place.id === request.departure_id);
  if (changed.departure && departure?.departure_slot_limit != null) {
    checks.push({
      kind: 'departure',
      locationId: departure.id,
      placeName: departure.name,
      limit: departure.departure_slot_limit,
      at: request.departure_at,
    });
  }
  const arrival = places.find((place) => place.id === request.arrival_id);
  if (changed.arrival && arrival?.arrival_slot_limit != null) {
    checks.push({
      kind: 'arrival',
      locationId: arrival.id,
      placeName: arrival.name,
      limit: arrival.arrival_slot_limit,
      at: request.arrival_at,
    });
  }
  if (checks.length === 0) return;
  if (options.lock) {
    for (const id of [...new Set(checks.map((check) => check.locationId))].sort((a, b) => a - b)) {
      await lockSlots(tx, caller.companyId, id);
    }
  }
  for (const check of checks) {
    const start = slotStartOf(check.at, request.timeZone);
    const from = new Date(start.getTime() - FREE_SLOT_REACH * SLOT_MS);
    const to = new Date(start.getTime() + (FREE_SLOT_REACH + 1) * SLOT_MS);
    const counts = countBySlot(
      await heldTimes(tx, caller.companyId, check.kind, check.locationId, from, to, options.exceptBookingId),
      request.timeZone,
    );
    if ((counts.get(start.getTime()) ?? 0) < check.limit) continue;
    const free = freeSlotsNear(check, start, counts, request, options.now ?? new Date());
    throw slotFull(caller, check, start, free, request.timeZone);
  }
}

/** The free slots nearest `start` (earlier first on a tie), inside the stay's order and not begun yet. */
function freeSlotsNear(check: SlotCheck, start: Date, counts: Map<number, number>, request: SlotRequest, now: Date): FreeSlot[] {
  const free: FreeSlot[] = [];
  for (let step = 1; step <= FREE_SLOT_REACH && free.length < FREE_SLOTS_OFFERED; step++) {
    for (const direction of [-1, 1]) {
      const at = new Date(start.getTime() + direction * step * SLOT_MS);
      // A slot that has begun is no choice; the slot's first minute keeps the drop-off before the return.
      if (at.getTime() + SLOT_MS <= now.getTime()) continue;
      if (check.kind === 'departure' && at.getTime() >= request.arrival_at.getTime()) continue;
      if (check.kind === 'arrival' && at.getTime() <= request.departure_at.getTime()) continue;
      const booked = counts.get(at.getTime()) ?? 0;
      if (booked >= check.limit) continue;
      if (free.length < FREE_SLOTS_OFFERED) {
        free.push({
          field: fieldOf[check.kind],
          at: at.toISOString(),
          local: toZonedLocal(at, request.timeZone),
          booked,
          limit: check.limit,
        });
      }
    }
  }
  return free;
}

function slotFull(caller: BookingCaller, check: SlotCheck, start: Date, free: FreeSlot[], timeZone: string): AppError {
  const end = new Date(start.getTime() + SLOT_MS);
  const field = fieldOf[check.kind];
  return new AppError(409, 'slot_full', {
    vars: {
      place: check.placeName,
      limit: check.limit,
      what: caller.t(check.kind === 'departure' ? 'slots.departures' : 'slots.arrivals', { count: check.limit }),
      slot: formatDateTimeRange(caller.language, start, end, timeZone),
      free: free.length === 0 ? caller.t('slots.noneFree') : free.map((slot) => formatTime(caller.language, slot.at, timeZone)).join(', '),
    },
    details: [{ field, code: 'errors.slot_full', message: '' }],
    freeSlots: free,
  });
}

/** One slot's load at a place with a limit, as the board answers it. */
export interface SlotLoadRow {
  location_id: number;
  location_name: string;
  limit: number;
  start: string;
  booked: number;
}

/**
 * Each slot's load at the places with a limit, for the instants [from, to) of the board's day: per place, the
 * quarter hours (of its airport's clock) that hold a booking of the kind, cancelled and no-shows left out as the
 * limit counts them. In time order, then by place.
 */
export async function slotLoads(db: DbOrTx, companyId: number, kind: SlotKind, from: Date, to: Date): Promise<SlotLoadRow[]> {
  const place = kind === 'departure' ? bookings.departure_id : bookings.arrival_id;
  const at = kind === 'departure' ? bookings.departure_at : bookings.arrival_at;
  const limit = kind === 'departure' ? locations.departure_slot_limit : locations.arrival_slot_limit;
  const rows = await db
    .select({ location_id: locations.id, location_name: locations.name, limit, at, time_zone: airports.time_zone })
    .from(bookings)
    .innerJoin(locations, and(eq(locations.company_id, bookings.company_id), eq(locations.id, place)))
    .innerJoin(airports, and(eq(airports.company_id, locations.company_id), eq(airports.id, locations.airport_id)))
    .where(
      and(
        eq(bookings.company_id, companyId),
        gte(at, from),
        lt(at, to),
        isNotNull(limit),
        notInArray(bookings.status, [...releasedBookingStatuses]),
      ),
    );
  const loads = new Map<string, SlotLoadRow>();
  for (const row of rows) {
    const start = slotStartOf(row.at, row.time_zone).toISOString();
    const key = `${row.location_id}|${start}`;
    const load = loads.get(key) ?? {
      location_id: row.location_id,
      location_name: row.location_name,
      limit: row.limit ?? 0,
      start,
      booked: 0,
    };
    load.booked += 1;
    loads.set(key, load);
  }
  return [...loads.values()].sort((a, b) => a.start.localeCompare(b.start) || a.location_name.localeCompare(b.location_name));
}
