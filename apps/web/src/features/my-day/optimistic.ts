import type { Attendance, AttendanceStatus } from '@ps/contracts';
import { tripTransitions } from '@ps/contracts/common/tripStates';
import type { MyDay, MyDayTrip } from '@ps/contracts/myDay';
import type { QueuedAction, QueuedRequest } from './queue';

/**
 * What the phone shows: the last answer of the API it holds (kept for when the signal goes, storage.ts), with the
 * actions still in the queue applied on top, so a trip completed offline shows completed at once. Plain functions of
 * the copy and the queue (optimistic.test.ts).
 */

/** Where the driver last recorded the trip's car (the day's answer does not carry it: the phone keeps its own). */
export interface TripMove {
  placeName: string;
  movedAt: string;
}

/** A day as the phone keeps it: the API's answer, when it was kept, and the moves recorded from this phone. */
export interface StoredDay {
  day: MyDay;
  savedAt: string;
  moves: Record<string, TripMove>;
}

export interface TripView extends MyDayTrip {
  lastMove: (TripMove & { pending: boolean }) | null;
  /** An action of this trip is still in the queue. */
  pending: boolean;
}

export interface DayView extends Omit<MyDay, 'trips'> {
  trips: TripView[];
}

/** A fresh answer of the API, keeping the moves recorded earlier for the trips still in it. */
export function withFresh(previous: StoredDay | null, fresh: MyDay, savedAt: string): StoredDay {
  const ids = new Set(fresh.trips.map((trip) => String(trip.id)));
  const moves = Object.fromEntries(Object.entries(previous?.moves ?? {}).filter(([id]) => ids.has(id)));
  return { day: fresh, savedAt, moves };
}

/** The copy once the API has taken an action: its answer written in, so the screen does not wait for the next read. */
export function withSent(
  stored: StoredDay,
  request: QueuedRequest,
  answer: { status?: string; place_name?: string; moved_at?: string },
): StoredDay {
  if (request.kind === 'tripStatus') {
    const status = (answer.status ?? request.status) as MyDayTrip['status'];
    return {
      ...stored,
      day: { ...stored.day, trips: stored.day.trips.map((trip) => (trip.id === request.tripId ? { ...trip, status } : trip)) },
    };
  }
  if (request.kind === 'movement') {
    if (!stored.day.trips.some((trip) => trip.id === request.tripId)) return stored;
    const move = { placeName: answer.place_name ?? request.place.name, movedAt: answer.moved_at ?? request.movedAt };
    return { ...stored, moves: { ...stored.moves, [String(request.tripId)]: move } };
  }
  return stored;
}

/**
 * The day with the queue applied in order. A refused action is not applied (it did not happen), and a status is
 * applied only along the trips' transitions: a "complete" queued after a refused "start" does not show the trip
 * completed, nor does a "start" of a trip the office has meanwhile cancelled.
 */
export function dayView(stored: StoredDay, queue: readonly QueuedAction[]): DayView {
  const trips = new Map<number, TripView>(
    stored.day.trips.map((trip) => {
      const move = stored.moves[String(trip.id)];
      return [trip.id, { ...trip, lastMove: move ? { ...move, pending: false } : null, pending: false }];
    }),
  );
  for (const action of queue) {
    if (action.failure) continue;
    const request = action.request;
    if (request.kind !== 'tripStatus' && request.kind !== 'movement') continue;
    const trip = trips.get(request.tripId);
    if (!trip) continue;
    if (request.kind === 'tripStatus') {
      if (!tripTransitions[trip.status].includes(request.status)) continue;
      trips.set(trip.id, { ...trip, status: request.status, pending: true });
    } else {
      trips.set(trip.id, { ...trip, lastMove: { placeName: request.place.name, movedAt: request.movedAt, pending: true }, pending: true });
    }
  }
  return { ...stored.day, trips: stored.day.trips.map((trip) => trips.get(trip.id) as TripView) };
}

/** A driver's attendance of one day as the phone keeps it: the day's record (none before clocking in). */
export interface StoredAttendance {
  day: string;
  record: Attendance | null;
  savedAt: string;
}

export interface ClockView {
  day: string;
  id: number | null;
  startAt: string | null;
  endAt: string | null;
  /** Absent or on leave: no clocking on such a day. */
  status: AttendanceStatus | null;
  /** A clock-in or out of the day is still in the queue. */
  pending: boolean;
}

/** The day's attendance with its queued clock-in and clock-out applied (a refused one is not). */
export function clockView(stored: StoredAttendance | null, day: string, queue: readonly QueuedAction[]): ClockView {
  const record = stored?.day === day ? stored.record : null;
  let view: ClockView = {
    day,
    id: record?.id ?? null,
    startAt: record?.start_at ?? null,
    endAt: record?.end_at ?? null,
    status: record?.attendance_status ?? null,
    pending: false,
  };
  for (const action of queue) {
    const request = action.request;
    if (action.failure || (request.kind !== 'clockIn' && request.kind !== 'clockOut') || request.day !== day) continue;
    if (request.kind === 'clockIn' && view.startAt === null && view.status !== 'absent' && view.status !== 'leave') {
      view = { ...view, startAt: request.at, status: 'present', pending: true };
    }
    if (request.kind === 'clockOut' && view.startAt !== null && view.endAt === null) view = { ...view, endAt: request.at, pending: true };
  }
  return view;
}

/** What the driver may do with their clock now: clock in, clock out, or nothing (done, absent, on leave). */
export function clockAction(view: ClockView): 'clockIn' | 'clockOut' | null {
  if (view.status === 'absent' || view.status === 'leave') return null;
  if (view.startAt === null) return 'clockIn';
  return view.endAt === null ? 'clockOut' : null;
}
