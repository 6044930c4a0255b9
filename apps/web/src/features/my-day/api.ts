import { attendanceEndpoints, driverEndpoints, payoutEndpoints } from '@ps/contracts';
import { myDayEndpoints } from '@ps/contracts/myDay';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { type StoredAttendance, type StoredDay, withFresh } from './optimistic';
import { readAttendance, readDay, saveAttendance, saveDay } from './storage';

/**
 * The driver's phone reads: their day (kept on the phone for when the signal goes), their attendance of today (kept
 * too: the clock shows offline), and, online only, their recent days, their approved payouts and, for the office, the
 * drivers whose day it may read. Everything under `['my-day', ...]`: the queue reads it all again once it is sent.
 */
export const myDayKeys = {
  all: ['my-day'] as const,
  days: (userId: number) => ['my-day', 'day', userId] as const,
  day: (userId: number, whose: string, date: string, zone: string) => ['my-day', 'day', userId, whose, date, zone] as const,
  attendance: (userId: number) => ['my-day', 'attendance', userId] as const,
  today: (userId: number, day: string) => ['my-day', 'attendance', userId, day] as const,
  recent: (userId: number, from: string, to: string) => ['my-day', 'recent', userId, from, to] as const,
  pay: (userId: number) => ['my-day', 'pay', userId] as const,
  drivers: ['my-day', 'drivers'] as const,
};

/** How often the day is read again while the screen is open: flights and the office change it. */
const POLL_MS = 60_000;

/** Whose day: the signed-in driver's own (`me`) or, for the office, a driver's id. */
export const whoseOf = (driverId: number | null) => (driverId === null ? 'me' : String(driverId));

/**
 * A day of trips: the phone's copy at once (when it has one), then the API's answer, which replaces the copy. Offline
 * the copy stays on screen (the query pauses); a failed read keeps it too and the screen says how old it is.
 */
export function useMyDay(userId: number | undefined, driverId: number | null, date: string, zone: string, enabled = true) {
  const whose = whoseOf(driverId);
  const copy = () => (userId === undefined ? null : readDay(localStorage, userId, whose, date));
  return useQuery({
    queryKey: myDayKeys.day(userId ?? 0, whose, date, zone),
    enabled: enabled && userId !== undefined,
    queryFn: async ({ signal }): Promise<StoredDay> => {
      const answer = await callEndpoint(myDayEndpoints.get, {
        query: { date, time_zone: zone, ...(driverId === null ? {} : { driver_id: driverId }) },
        signal,
      });
      const stored = withFresh(copy(), answer.data, new Date().toISOString());
      if (userId !== undefined) saveDay(localStorage, userId, whose, stored);
      return stored;
    },
    initialData: () => copy() ?? undefined,
    initialDataUpdatedAt: () => {
      const stored = copy();
      return stored ? Date.parse(stored.savedAt) : undefined;
    },
    staleTime: 0,
    refetchInterval: POLL_MS,
    // The screen says itself when the day cannot be read (offline, or the API did not answer).
    meta: { silent: true },
  });
}

/** The driver's attendance of a day (none before they clock in), kept on the phone like the day. */
export function useAttendanceOf(userId: number | undefined, day: string, enabled: boolean) {
  const copy = () => {
    const stored = userId === undefined ? null : readAttendance(localStorage, userId);
    return stored?.day === day ? stored : null;
  };
  return useQuery({
    queryKey: myDayKeys.today(userId ?? 0, day),
    enabled: enabled && userId !== undefined,
    queryFn: async ({ signal }): Promise<StoredAttendance> => {
      const answer = await callEndpoint(attendanceEndpoints.list, { query: { from: day, to: day, page_size: 1 }, signal });
      const stored = { day, record: answer.data[0] ?? null, savedAt: new Date().toISOString() };
      if (userId !== undefined) saveAttendance(localStorage, userId, stored);
      return stored;
    },
    initialData: () => copy() ?? undefined,
    initialDataUpdatedAt: () => {
      const stored = copy();
      return stored ? Date.parse(stored.savedAt) : undefined;
    },
    staleTime: 0,
    meta: { silent: true },
  });
}

/** The driver's days from `from` to `to`, the latest first (a month: one page). */
export function useRecentDays(userId: number | undefined, from: string, to: string) {
  return useQuery({
    queryKey: myDayKeys.recent(userId ?? 0, from, to),
    enabled: userId !== undefined,
    queryFn: async ({ signal }) =>
      (await callEndpoint(attendanceEndpoints.list, { query: { from, to, sort: '-day', page_size: 62 }, signal })).data,
  });
}

/** The driver's approved payouts, the latest period first (a year of monthly pay). */
export function useMyPayouts(userId: number | undefined, enabled: boolean) {
  return useQuery({
    queryKey: myDayKeys.pay(userId ?? 0),
    enabled: enabled && userId !== undefined,
    queryFn: async ({ signal }) => {
      const answer = await callEndpoint(payoutEndpoints.mine, { query: { sort: '-period_start', page_size: 12 }, signal });
      return { payouts: answer.data, total: answer.pagination?.total ?? answer.data.length };
    },
  });
}

/** The approved drivers, for an office user picking whose day to read. */
export function useDrivers(enabled: boolean) {
  return useQuery({
    queryKey: myDayKeys.drivers,
    enabled,
    queryFn: async ({ signal }) =>
      (await callEndpoint(driverEndpoints.list, { query: { page_size: 1000, approve_status: 'approved', sort: 'first_name' }, signal }))
        .data,
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
  });
}
