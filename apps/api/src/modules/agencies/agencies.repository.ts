import type { AgencyListQuery } from '@ps/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { agencies, bookings, companies, coreAgencies, payments } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { letterheadColumns } from '../companies/company-details.repository.ts';

const agencyColumns = {
  id: agencies.id,
  company_id: agencies.company_id,
  core_agency_id: agencies.core_agency_id,
  core_agency_name: coreAgencies.name,
  name: agencies.name,
  contact_name: agencies.contact_name,
  contact_email: agencies.contact_email,
  contact_phone: agencies.contact_phone,
  commission_percent: agencies.commission_percent,
  status: agencies.status,
  created_at: agencies.created_at,
  updated_at: agencies.updated_at,
};
/** `commission_percent` is the numeric column's text ("12.50"). */
export type AgencyRow = typeof agencies.$inferSelect & { core_agency_name: string | null };

/** Agency reads of one company, with the core agency's name; writes go through the kit (agencies.service.ts). */
export function createAgenciesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, agencies, companyId);
  const select = () => db.select(agencyColumns).from(agencies).leftJoin(coreAgencies, eq(coreAgencies.id, agencies.core_agency_id));

  return {
    list(query: AgencyListQuery) {
      const parts = listParts(query, {
        filters: [
          scope.owned(),
          query.status === undefined ? undefined : eq(agencies.status, query.status),
          query.core_agency_id === undefined ? undefined : eq(agencies.core_agency_id, query.core_agency_id),
        ],
        searchColumns: [agencies.name, agencies.contact_name, agencies.contact_email],
        sortColumns: {
          name: agencies.name,
          commission_percent: agencies.commission_percent,
          status: agencies.status,
          created_at: agencies.created_at,
        },
        defaultSort: 'name',
        tieBreaker: agencies.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, agencies, where),
      });
    },

    async findById(id: number): Promise<AgencyRow | undefined> {
      const [row] = await select()
        .where(scope.owned(eq(agencies.id, id)))
        .limit(1);
      return row;
    },

    /** The agency with its company's time zone, currency and letterhead: the first of the statement's two queries. */
    async findForStatement(id: number) {
      const [row] = await db
        .select({ ...agencyColumns, time_zone: companies.time_zone, currency: companies.currency, company: letterheadColumns })
        .from(agencies)
        .leftJoin(coreAgencies, eq(coreAgencies.id, agencies.core_agency_id))
        .innerJoin(companies, eq(companies.id, agencies.company_id))
        .where(scope.owned(eq(agencies.id, id)))
        .limit(1);
      return row;
    },

    /**
     * The statement's bookings (the second query): those the agency sold whose departure falls on the
     * company's days `from` to `to` (both counted, `time_zone` the company's, the same bounds as the bookings
     * list's date filter), each with its commission at the rate it was sold at and what the agency collected.
     */
    statementLines(agencyId: number, period: { from: string; to: string; timeZone: string }) {
      // Qualified by hand: in a one-table select drizzle names the outer columns bare, which the subquery would
      // take for the payment's own.
      const booking = (column: string) => sql`${sql.identifier('bookings')}.${sql.identifier(column)}`;
      const collected = sql<number>`coalesce((select sum(${payments.amount}) from ${payments}
        where ${payments.company_id} = ${booking('company_id')} and ${payments.booking_id} = ${booking('id')}
          and ${payments.method} = 'agency' and ${payments.deleted_at} is null), 0)::int`;
      return db
        .select({
          booking_id: bookings.id,
          reference: bookings.reference,
          customer_name: bookings.customer_name,
          departure_at: bookings.departure_at,
          arrival_at: bookings.arrival_at,
          status: bookings.status,
          total: bookings.total,
          commission_percent: bookings.agency_commission_percent,
          // Half away from zero, in minor units (numeric arithmetic: no binary fractions).
          commission: sql<number>`round(${bookings.total} * ${bookings.agency_commission_percent} / 100)::int`,
          collected,
        })
        .from(bookings)
        .where(
          and(
            eq(bookings.company_id, companyId),
            eq(bookings.agency_id, agencyId),
            sql`${bookings.departure_at} >= ((${period.from}::date)::timestamp at time zone ${period.timeZone}::text)`,
            sql`${bookings.departure_at} < ((${period.to}::date + 1)::timestamp at time zone ${period.timeZone}::text)`,
          ),
        )
        .orderBy(asc(bookings.departure_at), asc(bookings.id));
    },
  };
}

/** An active agency of the company by id (for a booking's sale), or undefined; another company's is undefined too. */
export async function findActiveAgency(db: DbOrTx, companyId: number, id: number) {
  const [row] = await db
    .select({ id: agencies.id, commission_percent: agencies.commission_percent })
    .from(agencies)
    .where(companyScope(db, agencies, companyId).owned(eq(agencies.id, id), eq(agencies.status, 1)))
    .limit(1);
  return row;
}
