import type { PublicAirport, PublicAirportListQuery } from '@ps/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, countries } from '../../db/schema/index.ts';
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
