import { type BoardDirection, type StatisticsSegment, setupEndpoints, statisticsEndpoints } from '@ps/contracts';
import { bookingEndpoints } from '@ps/contracts/bookings.endpoints';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';

/** Everything the dashboard shows hangs under `['dashboard']`: one live event refetches it all. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  headline: (timeZone: string | undefined) => ['dashboard', 'headline', timeZone] as const,
  board: (type: BoardDirection, date: string, timeZone: string | undefined) => ['dashboard', 'board', type, date, timeZone] as const,
  segments: (segment: StatisticsSegment, timeZone: string | undefined) => ['dashboard', 'segments', segment, timeZone] as const,
  occupancy: (from: string, timeZone: string | undefined) => ['dashboard', 'occupancy', from, timeZone] as const,
  statuses: ['booking-statuses'] as const,
  setup: ['dashboard', 'setup'] as const,
};

/** How often the figures and boards are read again while the live stream is down. */
export const POLL_MS = 30_000;

interface Live {
  /** The company's time zone (the days of every figure). */
  timeZone: string | undefined;
  /** Poll while the live stream is down; `false` while it is up. */
  pollMs: number | false;
}

export function useHeadline({ timeZone, pollMs }: Live) {
  return useQuery({
    queryKey: dashboardKeys.headline(timeZone),
    queryFn: async ({ signal }) => (await callEndpoint(statisticsEndpoints.headline, { query: { time_zone: timeZone }, signal })).data,
    refetchInterval: pollMs,
    staleTime: 0,
  });
}

export function useBoard(type: BoardDirection, date: string, { timeZone, pollMs }: Live) {
  return useQuery({
    queryKey: dashboardKeys.board(type, date, timeZone),
    queryFn: async ({ signal }) =>
      (await callEndpoint(statisticsEndpoints.board, { query: { type, date, time_zone: timeZone }, signal })).data,
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSegments(segment: StatisticsSegment, { timeZone, pollMs }: Live) {
  return useQuery({
    queryKey: dashboardKeys.segments(segment, timeZone),
    queryFn: async ({ signal }) =>
      (await callEndpoint(statisticsEndpoints.bySegment, { query: { segment, time_zone: timeZone }, signal })).data,
    refetchInterval: pollMs,
    placeholderData: keepPreviousData,
  });
}

/** The next 60 days of every car park, from the company's today. */
export function useOccupancy(from: string, { timeZone, pollMs }: Live) {
  return useQuery({
    queryKey: dashboardKeys.occupancy(from, timeZone),
    queryFn: async ({ signal }) =>
      (await callEndpoint(statisticsEndpoints.occupancy, { query: { from, days: 60, time_zone: timeZone }, signal })).data,
    refetchInterval: pollMs,
  });
}

/**
 * The company's setup checklist (issue 22, section 6). Read again whenever the dashboard is opened (a step is done on
 * another screen), not polled: nothing on the dashboard itself changes it.
 */
export function useSetup() {
  return useQuery({
    queryKey: dashboardKeys.setup,
    queryFn: async ({ signal }) => (await callEndpoint(setupEndpoints.list, { signal })).data,
    staleTime: 0,
  });
}

/** The statuses with their labels in the user's language (the board's badges). */
export function useStatusOptions() {
  return useQuery({
    queryKey: dashboardKeys.statuses,
    queryFn: async ({ signal }) => (await callEndpoint(bookingEndpoints.statuses, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
