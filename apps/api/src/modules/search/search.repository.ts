import { asc, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, bookings, drivers, users } from '../../db/schema/index.ts';
import { nameKey, phoneDigits, referenceKey, registrationKey } from '../../db/searchKeys.ts';
import { companyScope } from '../../kit/records.ts';
import { shownPhone } from '../auth/auth.repository.ts';
import { likeLiteral, type SearchTerms } from './search.terms.ts';

/**
 * The search's reads, each of one company's rows (companyScope) and at most `limit` of them. The bookings' conditions
 * are written on the expressions of db/searchKeys.ts, so each is answered by its index of migration 0019.
 */

const contains = (term: string) => `%${likeLiteral(term)}%`;
const startsWith = (term: string) => `${likeLiteral(term)}%`;
/** A word of the text starts with `term`: the text's start, or after a space. */
const wordStarts = (text: SQL, term: string) => or(sql`${text} like ${startsWith(term)}`, sql`${text} like ${`% ${likeLiteral(term)}%`}`);

/** A name as the search compares it, matched anywhere (3 characters and more) or by the start of a word. */
const nameMatches = (name: SQL, terms: SearchTerms) =>
  terms.short ? wordStarts(name, terms.name) : sql`${name} like ${contains(terms.name)}`;

/**
 * What makes a booking a match, one condition per field (any one will do): each on the expression of its index, so
 * PostgreSQL reads the matches of each field from its index and their union (a BitmapOr).
 */
export function bookingMatches(terms: SearchTerms): SQL[] {
  const reference = referenceKey(bookings.reference);
  const registration = registrationKey(bookings.vehicle_reg);
  const matches: Array<SQL | undefined> = [
    ...terms.referencePrefixes.map((prefix) => sql`${reference} like ${startsWith(prefix)}`),
    terms.short ? sql`${registration} like ${startsWith(terms.registration)}` : sql`${registration} like ${contains(terms.registration)}`,
    nameMatches(nameKey(bookings.customer_name), terms),
    terms.phoneDigits ? sql`${phoneDigits(bookings.customer_phone)} like ${contains(terms.phoneDigits)}` : undefined,
  ];
  return matches.filter((match) => match !== undefined);
}

export function createSearchRepository(db: DbOrTx, companyId: number) {
  return {
    /** Bookings by reference (its start), registration, customer name or phone digits; the newest made first. */
    bookings(terms: SearchTerms, limit: number) {
      return db
        .select({
          id: bookings.id,
          reference: bookings.reference,
          vehicle_reg: bookings.vehicle_reg,
          customer_name: bookings.customer_name,
          status: bookings.status,
          type: bookings.type,
          start_day: bookings.start_day,
          end_day: bookings.end_day,
        })
        .from(bookings)
        .where(companyScope(db, bookings, companyId).owned(or(...bookingMatches(terms))))
        .orderBy(desc(bookings.created_at), desc(bookings.id))
        .limit(limit);
    },

    /** Drivers not removed, by name (first and last together) or phone digits; by name. A company has tens of them. */
    drivers(terms: SearchTerms, limit: number) {
      const fullName = sql`lower(${drivers.first_name} || ' ' || ${drivers.last_name})`;
      return db
        .select({ id: drivers.id, first_name: drivers.first_name, last_name: drivers.last_name, phone: shownPhone })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.user_id))
        .where(
          companyScope(db, drivers, companyId).owned(
            isNull(drivers.deleted_at),
            or(
              nameMatches(fullName, terms),
              terms.phoneDigits ? sql`${phoneDigits(users.phn_nbr)} like ${contains(terms.phoneDigits)}` : undefined,
            ),
          ),
        )
        .orderBy(asc(drivers.first_name), asc(drivers.last_name), asc(drivers.id))
        .limit(limit);
    },

    /** Agencies by name; by name. */
    agencies(terms: SearchTerms, limit: number) {
      return db
        .select({ id: agencies.id, name: agencies.name, status: agencies.status })
        .from(agencies)
        .where(companyScope(db, agencies, companyId).owned(nameMatches(nameKey(agencies.name), terms)))
        .orderBy(asc(agencies.name), asc(agencies.id))
        .limit(limit);
    },
  };
}
