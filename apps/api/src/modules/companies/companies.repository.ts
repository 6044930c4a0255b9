import type { CompanyListQuery } from '@ps/contracts';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, companyPartners, refreshTokens, sessions, users } from '../../db/schema/index.ts';
import { countRows, listPage, listParts } from '../../kit/list.ts';

// The dispatch settings (trip fee, flight buffer) and the company's own details (tax number, mail, week, terms, online
// booking and its page's address, the retention of customers' personal data) belong to the company's own settings screen,
// not this list.
export type CompanyRow = Omit<
  typeof companies.$inferSelect,
  | 'org_instance_id'
  | 'trip_fee'
  | 'flight_buffer_minutes'
  | 'tax_number'
  | 'mail_sender_name'
  | 'mail_reply_to'
  | 'first_day_of_week'
  | 'terms'
  | 'public_booking_enabled'
  | 'public_booking_payment'
  | 'public_booking_refund_hours'
  | 'public_booking_origins'
  | 'booking_slug'
  | 'personal_data_retention_days'
> & {
  partner_ids: number[];
};

const companyColumns = {
  id: companies.id,
  name: companies.name,
  contact_email: companies.contact_email,
  contact_phone: companies.contact_phone,
  address: companies.address,
  country_id: companies.country_id,
  time_zone: companies.time_zone,
  currency: companies.currency,
  status: companies.status,
  client_key: companies.client_key,
  created_at: companies.created_at,
  updated_at: companies.updated_at,
  partner_ids: sql<
    number[]
  >`coalesce((select array_agg(${companyPartners.partner_company_id} order by ${companyPartners.partner_company_id}) from ${companyPartners} where ${companyPartners.company_id} = ${companies.id}), '{}')`,
};

/** The organisation's companies (super admin), with the partners each lists. */
export function createCompaniesRepository(db: DbOrTx) {
  const select = () => db.select(companyColumns).from(companies);
  return {
    list(query: CompanyListQuery) {
      const parts = listParts(query, {
        filters: [query.status === undefined ? undefined : eq(companies.status, query.status)],
        searchColumns: [companies.name, companies.contact_email],
        sortColumns: {
          name: companies.name,
          contact_email: companies.contact_email,
          status: companies.status,
          created_at: companies.created_at,
        },
        defaultSort: 'name',
        tieBreaker: companies.id,
      });
      return listPage<CompanyRow>(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          select()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: (where) => countRows(db, companies, where),
      });
    },

    async findById(id: number): Promise<CompanyRow | undefined> {
      const [row] = await select().where(eq(companies.id, id)).limit(1);
      return row;
    },

    /** Replaces the partners a company lists. */
    async setPartners(companyId: number, partnerIds: number[]): Promise<void> {
      await db.delete(companyPartners).where(eq(companyPartners.company_id, companyId));
      if (partnerIds.length > 0) {
        await db
          .insert(companyPartners)
          .values([...new Set(partnerIds)].map((partner) => ({ company_id: companyId, partner_company_id: partner })));
      }
    },

    /** The partners a company lists, for its own users. */
    partnersOf(companyId: number) {
      return db
        .select({ id: companies.id, name: companies.name, status: companies.status })
        .from(companyPartners)
        .innerJoin(companies, eq(companies.id, companyPartners.partner_company_id))
        .where(eq(companyPartners.company_id, companyId))
        .orderBy(asc(companies.name), asc(companies.id));
    },

    /** Ends every session of the company's users (and with them their refresh tokens). */
    async revokeCompanySessions(companyId: number): Promise<void> {
      const now = new Date();
      const companyUsers = db.select({ id: users.id }).from(users).where(eq(users.company_id, companyId));
      await db
        .update(sessions)
        .set({ revoked_at: now })
        .where(and(inArray(sessions.user_id, companyUsers), isNull(sessions.revoked_at)));
      await db
        .update(refreshTokens)
        .set({ revoked_at: now })
        .where(and(inArray(refreshTokens.user_id, companyUsers), isNull(refreshTokens.revoked_at)));
    },

    /** A company's users go with it (their rows, and with them their sessions). */
    async deleteCompanyUsers(companyId: number): Promise<void> {
      await db.delete(users).where(eq(users.company_id, companyId));
    },
  };
}
