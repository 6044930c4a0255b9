import { type SQL, sql } from 'drizzle-orm';

/**
 * An instant as the API writes it (UTC ISO 8601 with milliseconds), made in SQL: for a value read through raw SQL,
 * which no column type maps to a Date.
 */
export const isoText = (instant: SQL) => sql<string>`to_char(${instant} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
