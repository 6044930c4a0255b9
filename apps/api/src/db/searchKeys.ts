import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/**
 * The forms in which the global search (modules/search) compares a booking's fields, written once: the indexes of
 * migration 0019 (schema/bookings.ts) are built on exactly these expressions, and PostgreSQL uses an expression index
 * only for a query that writes the same expression.
 */

/** A reference without its dashes, upper case: `PS-7KQ4-2M` is found as `ps7kq4`, `7KQ4-2` or `PS-7KQ`. */
export const referenceKey = (column: AnyColumn | SQL): SQL => sql`upper(replace(${column}, '-', ''))`;

/** A registration without its spaces, upper case: `LD21 KXP` is found as `ld21kxp` or `21 KX`. */
export const registrationKey = (column: AnyColumn | SQL): SQL => sql`upper(replace(${column}, ' ', ''))`;

/** A phone number's digits only: `+44 7700 900123` is found as `07700 900123` (less its leading 0) or `900-123`. */
export const phoneDigits = (column: AnyColumn | SQL): SQL => sql`regexp_replace(${column}, '[^0-9]', '', 'g')`;

/** A name in lower case: its trigram index finds a text anywhere in it, and at the start of its words. */
export const nameKey = (column: AnyColumn | SQL): SQL => sql`lower(${column})`;

/**
 * An e-mail address in lower case: a customer's bookings are found by their address whatever its case (customer data,
 * issue 23 section 4), through the index on exactly this expression.
 */
export const emailKey = (column: AnyColumn | SQL): SQL => sql`lower(${column})`;
