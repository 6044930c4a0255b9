import { z } from 'zod';
import { V } from './validation.ts';

/** A calendar date `YYYY-MM-DD` that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A required calendar date; `message` is the locale key for one that does not exist or is malformed. */
export const calendarDateSchema = (message: string = V.date) => z.string({ error: V.required }).refine(isCalendarDate, { error: message });
