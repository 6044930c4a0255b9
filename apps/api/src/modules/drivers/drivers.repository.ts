import type { CompanyPersonListQuery, DriverListQuery } from '@ps/contracts';
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { drivers, roles, users } from '../../db/schema/index.ts';
import { listPage, listParts } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { shownPhone } from '../auth/auth.repository.ts';

/**
 * Drivers' reads: the profile with its user's sign-in fields (e-mail, phone, whether the company lets them
 * in), the company's admins and drivers in one list, and the hourly rate in force on a day.
 */

const driverColumns = {
  id: drivers.id,
  company_id: drivers.company_id,
  user_id: drivers.user_id,
  first_name: drivers.first_name,
  last_name: drivers.last_name,
  email: users.email,
  phn_nbr: shownPhone,
  country_id: users.country_id,
  licence_number: drivers.licence_number,
  licence_expiry: drivers.licence_expiry,
  approve_status: drivers.approve_status,
  status: drivers.status,
  admin_status: users.status,
  created_at: drivers.created_at,
  updated_at: drivers.updated_at,
};

type TableColumns = Omit<typeof driverColumns, 'phn_nbr'>;
export type DriverRow = {
  [K in keyof TableColumns]: TableColumns[K]['_']['notNull'] extends true
    ? TableColumns[K]['_']['data']
    : TableColumns[K]['_']['data'] | null;
} & { phn_nbr: string | null };

const personColumns = {
  user_id: users.id,
  driver_id: drivers.id,
  name: users.name,
  email: users.email,
  phn_nbr: shownPhone,
  role: users.role,
  role_id: roles.id,
  /** The company's own role's name; null for the built-in role of the person's kind. */
  role_name: sql<string | null>`case when ${roles.key} is null then ${roles.name} end`,
  admin_status: users.status,
  approve_status: drivers.approve_status,
  created_at: users.created_at,
};

export function createDriversRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, drivers, companyId);
  const live = (...conditions: Array<SQL | undefined>) => scope.owned(isNull(drivers.deleted_at), ...conditions);
  const selectDrivers = () => db.select(driverColumns).from(drivers).innerJoin(users, eq(users.id, drivers.user_id));
  const userScope = companyScope(db, users, companyId);
  const selectPeople = () =>
    db
      .select(personColumns)
      .from(users)
      .leftJoin(drivers, eq(drivers.user_id, users.id))
      // Their role: the company's own they were given, else the built-in one of their kind.
      .innerJoin(
        roles,
        or(and(eq(roles.id, users.role_id), eq(roles.company_id, users.company_id)), and(isNull(users.role_id), eq(roles.key, users.role))),
      );

  return {
    list(query: DriverListQuery) {
      const parts = listParts(query, {
        filters: [
          live(
            query.approve_status === undefined ? undefined : eq(drivers.approve_status, query.approve_status),
            query.status === undefined ? undefined : eq(drivers.status, query.status),
          ),
        ],
        searchColumns: [drivers.first_name, drivers.last_name, users.email, users.phn_nbr, drivers.licence_number],
        sortColumns: {
          first_name: drivers.first_name,
          last_name: drivers.last_name,
          email: users.email,
          approve_status: drivers.approve_status,
          status: drivers.status,
          licence_expiry: drivers.licence_expiry,
          created_at: drivers.created_at,
        },
        defaultSort: 'first_name',
        tieBreaker: drivers.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }): Promise<DriverRow[]> =>
          selectDrivers()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (where) => {
          const [row] = await db
            .select({ total: sql<number>`count(*)::int` })
            .from(drivers)
            .innerJoin(users, eq(users.id, drivers.user_id))
            .where(where);
          return row?.total ?? 0;
        },
      });
    },

    /** A driver not removed, or undefined (also another company's). */
    async get(id: number): Promise<DriverRow | undefined> {
      const [row] = await selectDrivers()
        .where(live(eq(drivers.id, id)))
        .limit(1);
      return row;
    },

    /** The company's admins and drivers (not deleted), with the driver profile's id and approval. */
    people(query: CompanyPersonListQuery) {
      const parts = listParts(query, {
        filters: [
          userScope.owned(
            inArray(users.role, query.role ? [query.role] : ['admin', 'driver']),
            isNull(users.deleted_at),
            query.admin_status === undefined ? undefined : eq(users.status, query.admin_status),
          ),
        ],
        searchColumns: [users.name, users.email, users.phn_nbr],
        sortColumns: { name: users.name, email: users.email, role: users.role, admin_status: users.status, created_at: users.created_at },
        defaultSort: 'name',
        tieBreaker: users.id,
      });
      return listPage(parts, {
        rows: ({ where, orderBy, limit, offset }) =>
          selectPeople()
            .where(where)
            .orderBy(...orderBy)
            .limit(limit)
            .offset(offset),
        count: async (where) => {
          const [row] = await db.select({ total: sql<number>`count(*)::int` }).from(users).where(where);
          return row?.total ?? 0;
        },
      });
    },

    /** One admin or driver of the company (not deleted), as the people list shows them. */
    async person(userId: number) {
      const [row] = await selectPeople()
        .where(userScope.owned(eq(users.id, userId), isNull(users.deleted_at), inArray(users.role, ['admin', 'driver'])))
        .limit(1);
      return row;
    },
  };
}
