import type { Driver, Trip, TripStatus } from '@ps/contracts';
import { hourIn } from './time';

/** What the screen may filter the day to (the figures at the top are the switches). */
export type DispatchShow = 'unassigned' | 'warnings';

/** Open trips can still be planned: given a driver, moved, cancelled. */
export const isOpen = (trip: Pick<Trip, 'status'>) => trip.status === 'scheduled' || trip.status === 'assigned';

/** A trip waiting for a driver (`scheduled` always means "no driver" in the API). */
/** Nobody runs it yet: neither one of the company's drivers nor a partner company. */
export const needsDriver = (trip: Pick<Trip, 'status' | 'driver_id' | 'partner_company_id'>) =>
  trip.status === 'scheduled' && trip.driver_id === null && trip.partner_company_id === null;

/** Within an hour: those waiting for a driver first, then the planned, running, finished and cancelled ones. */
const rank: Record<TripStatus, number> = { scheduled: 0, assigned: 1, started: 2, completed: 3, cancelled: 4 };

export interface HourGroup {
  /** `00` to `23` on the company's clock. */
  hour: string;
  trips: Trip[];
}

/** The day's trips by hour of `scheduled_at` on the company's clock, each hour's unassigned trips first. */
export function groupByHour(trips: readonly Trip[], zone: string): HourGroup[] {
  const groups = new Map<string, Trip[]>();
  for (const trip of trips) {
    const hour = hourIn(zone, trip.scheduled_at);
    groups.set(hour, [...(groups.get(hour) ?? []), trip]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([hour, list]) => ({
      hour,
      trips: [...list].sort((a, b) => rank[a.status] - rank[b.status] || a.scheduled_at.localeCompare(b.scheduled_at) || a.id - b.id),
    }));
}

/** The figures at the top: the day's trips (cancelled ones aside), those needing a driver, the warnings. */
export function dayCounts(trips: readonly Trip[]) {
  return {
    trips: trips.filter((trip) => trip.status !== 'cancelled').length,
    unassigned: trips.filter(needsDriver).length,
    warnings: trips.filter((trip) => trip.driver_taken_off !== null).length,
  };
}

export function filterTrips(trips: readonly Trip[], show: DispatchShow | undefined): Trip[] {
  if (show === 'unassigned') return trips.filter(needsDriver);
  if (show === 'warnings') return trips.filter((trip) => trip.driver_taken_off !== null);
  return [...trips];
}

/**
 * The trips' own rule (the API's `DRIVER_BUSY_WINDOW_MINUTES`): a driver is busy for a trip when another trip of
 * theirs that is not cancelled is less than 60 minutes before or after it. Exactly 60 minutes apart is free.
 */
export const BUSY_WINDOW_MINUTES = 60;

/** The driver's other trip of the day that makes them busy for `trip`, if any (the API checks beyond the day too). */
export function busyWith(trips: readonly Trip[], trip: Trip, driverId: number): Trip | undefined {
  const at = Date.parse(trip.scheduled_at);
  return trips.find(
    (other) =>
      other.id !== trip.id &&
      other.driver_id === driverId &&
      other.status !== 'cancelled' &&
      Math.abs(Date.parse(other.scheduled_at) - at) < BUSY_WINDOW_MINUTES * 60_000,
  );
}

export type DriverChoice =
  | { kind: 'free'; driver: Driver }
  | { kind: 'busy'; driver: Driver; busyTrip: Trip }
  | { kind: 'ineligible'; driver: Driver };

/**
 * The drivers a trip may be given, in the picker's order: those who can take it, those busy then (with the
 * trip that makes them so), those who cannot take trips on the day (with the reasons). The trip's own driver
 * counts as free.
 */
export function driverChoices(drivers: readonly Driver[], trips: readonly Trip[], trip: Trip): DriverChoice[] {
  const choices = drivers.map((driver): DriverChoice => {
    if (!driver.eligibility.eligible) return { kind: 'ineligible', driver };
    const busyTrip = driver.id === trip.driver_id ? undefined : busyWith(trips, trip, driver.id);
    return busyTrip ? { kind: 'busy', driver, busyTrip } : { kind: 'free', driver };
  });
  const order = { free: 0, busy: 1, ineligible: 2 } as const;
  return choices.sort((a, b) => order[a.kind] - order[b.kind]);
}

export const driverNameOf = (driver: Pick<Driver, 'first_name' | 'last_name'>) => `${driver.first_name} ${driver.last_name}`;
