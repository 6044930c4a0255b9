import type {
  PublicAirport,
  PublicAirportListQuery,
  PublicPackage,
  PublicPackageListQuery,
  PublicService,
  PublicServiceListQuery,
} from '@ps/contracts';
import { and, desc, eq, gt, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  additionalServices,
  airports,
  bookingAccessCodes,
  bookingServices,
  bookings,
  bookingTokens,
  carRequests,
  companies,
  countries,
  packages,
  publicBookingRequests,
} from '../../db/schema/index.ts';
import { isoText } from '../../db/sql-text.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

/** The fields a public site shows of an airport: nothing of the company's bookkeeping. */
const publicAirportColumns = {
  id: airports.id,
  iata_code: airports.iata_code,
  name: airports.name,
  country_iso_code: countries.iso_code,
  time_zone: airports.time_zone,
};

/** The company's active airports for its public site: one page and the count. */
export function listPublicAirports(db: DbOrTx, companyId: number, query: PublicAirportListQuery) {
  const parts = listParts(query, {
    filters: [companyScope(db, airports, companyId).owned(eq(airports.status, 1))],
    searchColumns: [airports.iata_code, airports.name],
    sortColumns: { iata_code: airports.iata_code, name: airports.name },
    defaultSort: 'iata_code',
    tieBreaker: airports.id,
  });
  return listPage<PublicAirport>(parts, {
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select(publicAirportColumns)
        .from(airports)
        .innerJoin(countries, eq(countries.id, airports.country_id))
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: (where) => countRows(db, airports, where),
  });
}

/** The company's active packages for its public site: what a customer chooses from, nothing of the bookkeeping. */
export function listPublicPackages(db: DbOrTx, companyId: number, query: PublicPackageListQuery) {
  const parts = listParts(query, {
    filters: [companyScope(db, packages, companyId).owned(eq(packages.status, 1))],
    searchColumns: [packages.name],
    sortColumns: { name: packages.name, type: packages.type, price: packages.price },
    defaultSort: 'name',
    tieBreaker: packages.id,
  });
  return listPage<PublicPackage>(parts, {
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select({ id: packages.id, name: packages.name, description: packages.description, type: packages.type, price: packages.price })
        .from(packages)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: (where) => countRows(db, packages, where),
  });
}

/** The company's active additional services for its public site. */
export function listPublicServices(db: DbOrTx, companyId: number, query: PublicServiceListQuery) {
  const parts = listParts(query, {
    filters: [companyScope(db, additionalServices, companyId).owned(eq(additionalServices.status, 1))],
    searchColumns: [additionalServices.name],
    sortColumns: { name: additionalServices.name, price: additionalServices.price },
    defaultSort: 'name',
    tieBreaker: additionalServices.id,
  });
  return listPage<PublicService>(parts, {
    rows: ({ where, orderBy, limit, offset }) =>
      db
        .select({ id: additionalServices.id, name: additionalServices.name, price: additionalServices.price })
        .from(additionalServices)
        .where(where)
        .orderBy(...orderBy)
        .limit(limit)
        .offset(offset),
    count: (where) => countRows(db, additionalServices, where),
  });
}

/** The active company whose booking page has this address, with what its page carries and who may frame it. */
export async function findBookingPageCompany(db: DbOrTx, slug: string) {
  const [row] = await db
    .select({
      id: companies.id,
      client_key: companies.client_key,
      booking_slug: companies.booking_slug,
      currency: companies.currency,
      public_booking_enabled: companies.public_booking_enabled,
      public_booking_origins: companies.public_booking_origins,
    })
    .from(companies)
    .where(and(eq(companies.booking_slug, slug), eq(companies.status, 1)))
    .limit(1);
  return row;
}

/** The booking an `Idempotency-Key` of the company's web site made, with the body it came with. */
export async function findPublicBookingRequest(db: DbOrTx, companyId: number, key: string) {
  const [row] = await db
    .select({ booking_id: publicBookingRequests.booking_id, request_hash: publicBookingRequests.request_hash })
    .from(publicBookingRequests)
    .where(and(eq(publicBookingRequests.company_id, companyId), eq(publicBookingRequests.idempotency_key, key)))
    .limit(1);
  return row;
}

/**
 * Keeps a public booking's key, in the booking's transaction. False when the key is already kept: another request with
 * it committed first (PostgreSQL waits for that transaction before it answers), so this one must roll back.
 */
export async function recordPublicBookingRequest(tx: DbOrTx, row: typeof publicBookingRequests.$inferInsert): Promise<boolean> {
  const kept = await tx
    .insert(publicBookingRequests)
    .values(row)
    .onConflictDoNothing()
    .returning({ key: publicBookingRequests.idempotency_key });
  return kept.length > 0;
}

/** The company's booking with this reference (the customer's way to name it), with the e-mail it was made with. */
export async function findBookingByReference(db: DbOrTx, companyId: number, reference: string) {
  const [row] = await db
    .select({ id: bookings.id, customer_email: bookings.customer_email })
    .from(bookings)
    .where(and(eq(bookings.company_id, companyId), eq(bookings.reference, reference)))
    .limit(1);
  return row;
}

/** Codes mailed for a booking since `since` (a booking's mails are capped per hour). */
export async function countCodesSince(db: DbOrTx, companyId: number, bookingId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookingAccessCodes)
    .where(
      and(
        eq(bookingAccessCodes.company_id, companyId),
        eq(bookingAccessCodes.booking_id, bookingId),
        gt(bookingAccessCodes.created_at, since),
      ),
    );
  return row?.count ?? 0;
}

/** A new code for the booking; the booking's earlier codes end (only the newest mail's code works). */
export async function replaceCode(tx: DbOrTx, row: typeof bookingAccessCodes.$inferInsert): Promise<void> {
  await tx
    .update(bookingAccessCodes)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(bookingAccessCodes.company_id, row.company_id),
        eq(bookingAccessCodes.booking_id, row.booking_id),
        isNull(bookingAccessCodes.used_at),
      ),
    );
  await tx.insert(bookingAccessCodes).values(row);
}

/** The booking's live code (not used, not expired, tries left), held for this transaction. */
export async function lockLiveCode(tx: DbOrTx, companyId: number, bookingId: number, maxTries: number) {
  const [row] = await tx
    .select()
    .from(bookingAccessCodes)
    .where(
      and(
        eq(bookingAccessCodes.company_id, companyId),
        eq(bookingAccessCodes.booking_id, bookingId),
        isNull(bookingAccessCodes.used_at),
        gt(bookingAccessCodes.expires_at, sql`now()`),
        lt(bookingAccessCodes.attempts, maxTries),
      ),
    )
    .orderBy(desc(bookingAccessCodes.created_at))
    .limit(1)
    .for('update');
  return row;
}

export async function countWrongTry(tx: DbOrTx, codeId: number): Promise<void> {
  await tx
    .update(bookingAccessCodes)
    .set({ attempts: sql`${bookingAccessCodes.attempts} + 1` })
    .where(eq(bookingAccessCodes.id, codeId));
}

export async function useCode(tx: DbOrTx, codeId: number): Promise<void> {
  await tx.update(bookingAccessCodes).set({ used_at: sql`now()` }).where(eq(bookingAccessCodes.id, codeId));
}

/** Keeps a new booking token (its hash); tokens past their end are swept as new ones come. */
export async function keepToken(tx: DbOrTx, row: typeof bookingTokens.$inferInsert): Promise<void> {
  await tx.delete(bookingTokens).where(lt(bookingTokens.expires_at, sql`now()`));
  await tx.insert(bookingTokens).values(row);
}

/** The booking a live token of this company is for. */
export async function bookingOfToken(db: DbOrTx, companyId: number, tokenHash: string): Promise<number | undefined> {
  const [row] = await db
    .select({ booking_id: bookingTokens.booking_id })
    .from(bookingTokens)
    .where(and(eq(bookingTokens.token_hash, tokenHash), eq(bookingTokens.company_id, companyId), gt(bookingTokens.expires_at, sql`now()`)))
    .limit(1);
  return row?.booking_id;
}

/** Ends every token of a booking (it was cancelled: nothing more is done with it online). */
export async function endTokens(db: DbOrTx, companyId: number, bookingId: number): Promise<void> {
  await db.delete(bookingTokens).where(and(eq(bookingTokens.company_id, companyId), eq(bookingTokens.booking_id, bookingId)));
}

/**
 * Keeps a customer's "bring my car" for the day, in the caller's transaction: the request, or undefined when the
 * booking already has one that day (the unique key settles two taps racing).
 */
export async function insertCarRequest(tx: DbOrTx, row: typeof carRequests.$inferInsert) {
  const [kept] = await tx.insert(carRequests).values(row).onConflictDoNothing().returning();
  return kept;
}

/** The booking's car request of one airport day. */
export async function findCarRequest(db: DbOrTx, companyId: number, bookingId: number, localDay: string) {
  const [row] = await db
    .select()
    .from(carRequests)
    .where(and(eq(carRequests.company_id, companyId), eq(carRequests.booking_id, bookingId), eq(carRequests.local_day, localDay)))
    .limit(1);
  return row;
}

/** A booking's service lines as the customer sees them (`id` is the service's). */
export function bookingServiceLines(db: DbOrTx, companyId: number, bookingId: number) {
  return db
    .select({
      id: bookingServices.additional_service_id,
      name: bookingServices.name,
      quantity: bookingServices.quantity,
      price: bookingServices.price,
    })
    .from(bookingServices)
    .where(and(eq(bookingServices.company_id, companyId), eq(bookingServices.booking_id, bookingId)))
    .orderBy(bookingServices.name, bookingServices.id);
}

/**
 * The booking's latest "bring my car" as two columns of a raw select (`car_requested_at`, `car_wanted_at`, UTC ISO or
 * null): the board and Dispatch show it beside the booking and its trip. `when` limits it (e.g. a trip back out only).
 */
export function latestCarRequestColumns(companyId: SQL, bookingId: SQL, when: SQL = sql`true`) {
  const latest = (column: SQL) =>
    sql<string | null>`case when ${when} then (select ${isoText(column)} from car_requests cr
      where cr.company_id = ${companyId} and cr.booking_id = ${bookingId} order by cr.requested_at desc limit 1) end`;
  return { car_requested_at: latest(sql`cr.requested_at`), car_wanted_at: latest(sql`cr.wanted_at`) };
}

/** The car request a row carries as columns (latestCarRequestColumns), as the answers carry it. */
export function carRequestOf(row: { car_requested_at: string | null; car_wanted_at: string | null }) {
  return row.car_requested_at && row.car_wanted_at ? { requested_at: row.car_requested_at, wanted_at: row.car_wanted_at } : null;
}
