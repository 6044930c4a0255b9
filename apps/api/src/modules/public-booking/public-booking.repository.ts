import type { PublicAirport, PublicAirportListQuery } from '@ps/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, countries, publicBookingRequests } from '../../db/schema/index.ts';
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
