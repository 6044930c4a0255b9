import type { AirportCreate, AirportListQuery, AirportUpdate, CoreAirportListQuery } from '@ps/contracts';
import { and, asc, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { airports, coreAirports, countries } from '../../db/schema/index.ts';

const airportColumns = {
  id: airports.id,
  company_id: airports.company_id,
  core_airport_id: airports.core_airport_id,
  iata_code: airports.iata_code,
  name: airports.name,
  country_id: airports.country_id,
  country_name: countries.name,
  country_iso_code: countries.iso_code,
  time_zone: airports.time_zone,
  status: airports.status,
  created_at: airports.created_at,
  updated_at: airports.updated_at,
};
export type AirportRow = typeof airports.$inferSelect & { country_name: string; country_iso_code: string };

const sortColumns = {
  iata_code: airports.iata_code,
  name: airports.name,
  time_zone: airports.time_zone,
  status: airports.status,
  created_at: airports.created_at,
} as const;

/** `%term%` for ILIKE with the user's own % and _ taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, '\\$&')}%`;
}

/** Airport queries. Every one is scoped to a company: a record of another company is simply not found. */
export function createAirportsRepository(db: DbOrTx) {
  const selectAirports = () => db.select(airportColumns).from(airports).innerJoin(countries, eq(countries.id, airports.country_id));

  return {
    async list(companyId: number, query: AirportListQuery): Promise<{ rows: AirportRow[]; total: number }> {
      const filters: SQL[] = [eq(airports.company_id, companyId)];
      if (query.status !== undefined) filters.push(eq(airports.status, query.status));
      if (query.search) {
        const pattern = containsPattern(query.search);
        const matches = or(ilike(airports.iata_code, pattern), ilike(airports.name, pattern));
        if (matches) filters.push(matches);
      }
      const where = and(...filters);
      const sortKey = (query.sort?.replace(/^-/, '') ?? 'iata_code') as keyof typeof sortColumns;
      const order = query.sort?.startsWith('-') ? desc(sortColumns[sortKey]) : asc(sortColumns[sortKey]);
      const [rows, [totals]] = await Promise.all([
        selectAirports()
          .where(where)
          .orderBy(order, asc(airports.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: count() }).from(airports).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },

    async findById(companyId: number, id: number): Promise<AirportRow | undefined> {
      const [row] = await selectAirports()
        .where(and(eq(airports.company_id, companyId), eq(airports.id, id)))
        .limit(1);
      return row;
    },

    /** Locks the row for the rest of the transaction, so concurrent updates of one airport queue up. */
    async findByIdForUpdate(companyId: number, id: number) {
      const [row] = await db
        .select()
        .from(airports)
        .where(and(eq(airports.company_id, companyId), eq(airports.id, id)))
        .for('update')
        .limit(1);
      return row;
    },

    async insert(companyId: number, input: AirportCreate): Promise<number> {
      const [row] = await db
        .insert(airports)
        .values({ ...input, company_id: companyId })
        .returning({ id: airports.id });
      if (!row) throw new Error('insert returned no row');
      return row.id;
    },

    async update(companyId: number, id: number, input: AirportUpdate): Promise<void> {
      await db
        .update(airports)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(airports.company_id, companyId), eq(airports.id, id)));
    },

    async delete(companyId: number, id: number): Promise<void> {
      await db.delete(airports).where(and(eq(airports.company_id, companyId), eq(airports.id, id)));
    },

    async coreList(query: CoreAirportListQuery) {
      const filters: SQL[] = [];
      if (query.status !== undefined) filters.push(eq(coreAirports.status, query.status));
      if (query.search) {
        const pattern = containsPattern(query.search);
        const matches = or(ilike(coreAirports.iata_code, pattern), ilike(coreAirports.name, pattern));
        if (matches) filters.push(matches);
      }
      const where = filters.length ? and(...filters) : undefined;
      const column = query.sort?.replace(/^-/, '') === 'name' ? coreAirports.name : coreAirports.iata_code;
      const order = query.sort?.startsWith('-') ? desc(column) : asc(column);
      const [rows, [totals]] = await Promise.all([
        db
          .select({
            id: coreAirports.id,
            iata_code: coreAirports.iata_code,
            name: coreAirports.name,
            country_id: coreAirports.country_id,
            country_name: countries.name,
            country_iso_code: countries.iso_code,
            time_zone: coreAirports.time_zone,
            status: coreAirports.status,
          })
          .from(coreAirports)
          .innerJoin(countries, eq(countries.id, coreAirports.country_id))
          .where(where)
          .orderBy(order, asc(coreAirports.id))
          .limit(query.page_size)
          .offset((query.page - 1) * query.page_size),
        db.select({ total: count() }).from(coreAirports).where(where),
      ]);
      return { rows, total: totals?.total ?? 0 };
    },
  };
}
