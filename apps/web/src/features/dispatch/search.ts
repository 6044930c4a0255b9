import { isDay } from './time';

/** What the dispatch screen keeps in its URL: the day (default today on the company's clock) and what it shows. */
export interface DispatchSearch {
  date?: string;
  show?: 'unassigned' | 'warnings';
  /** Return flights landing within this many days (default 3). */
  days?: 1 | 7;
}

export const FLIGHT_WINDOWS = [1, 3, 7] as const;
export const DEFAULT_FLIGHT_DAYS = 3;

/** Reads the screen's URL state (in its own chunk: nothing of it on the sign-in page); anything malformed is dropped. */
export function parseDispatchSearch(raw: Record<string, unknown>): DispatchSearch {
  const days = Number(raw.days);
  return {
    date: isDay(raw.date) ? raw.date : undefined,
    show: raw.show === 'unassigned' || raw.show === 'warnings' ? raw.show : undefined,
    days: days === 1 || days === 7 ? days : undefined,
  };
}
