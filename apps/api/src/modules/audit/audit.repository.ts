import { asc, count, desc, eq, gte, isNotNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, companies, users } from '../../db/schema/index.ts';
import { companyScope } from '../../kit/records.ts';

/** The Audit screen's filters as the queries take them (the days on the company's clock). */
export interface AuditLogFilter {
  userId?: number | undefined;
  entity?: string | undefined;
  entityId?: string | undefined;
  action?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  timeZone: string;
}

/** Where the export's previous batch ended: the last entry's exact time (as PostgreSQL writes it) and id. */
export interface AuditCursor {
  createdAt: string;
  id: number;
}

/** Reads of one company's audit log; nothing here writes (kit/audit.ts `recordAudit` is the only writer). */
export function createAuditRepository(db: Db, companyId: number) {
  const scope = companyScope(db, auditLog, companyId);

  const where = (filter: AuditLogFilter, ...more: Array<SQL | undefined>): SQL | undefined =>
    scope.owned(
      filter.userId !== undefined ? eq(auditLog.actor_user_id, filter.userId) : undefined,
      filter.entity !== undefined ? eq(auditLog.entity, filter.entity) : undefined,
      filter.entityId !== undefined ? eq(auditLog.entity_id, filter.entityId) : undefined,
      filter.action !== undefined ? eq(auditLog.action, filter.action as 'create' | 'update' | 'delete') : undefined,
      // A day from its first instant to the next day's first instant, on the company's clock.
      filter.from !== undefined
        ? gte(auditLog.created_at, sql`((${filter.from}::date)::timestamp at time zone ${filter.timeZone})`)
        : undefined,
      filter.to !== undefined
        ? lt(auditLog.created_at, sql`((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`)
        : undefined,
      ...more,
    );

  const entries = () =>
    db
      .select({
        id: auditLog.id,
        created_at: auditLog.created_at,
        // Exact to the microsecond (a JavaScript date keeps milliseconds): the export's cursor compares with it.
        created_at_exact: sql<string>`${auditLog.created_at}::text`,
        actor_user_id: auditLog.actor_user_id,
        actor_name: users.name,
        entity: auditLog.entity,
        entity_id: auditLog.entity_id,
        action: auditLog.action,
        changes: auditLog.changes,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_user_id));

  return {
    /** The company's clock (its days are the filter's days) and currency (its money in the CSV). */
    async clock(): Promise<{ timeZone: string; currency: string }> {
      const [company] = await db
        .select({ time_zone: companies.time_zone, currency: companies.currency })
        .from(companies)
        .where(eq(companies.id, companyId))
        .limit(1);
      return { timeZone: company?.time_zone ?? 'UTC', currency: company?.currency ?? 'GBP' };
    },

    /** One page, newest first (ties by id), and how many entries match. */
    async page(filter: AuditLogFilter, limit: number, offset: number) {
      const condition = where(filter);
      const [rows, [total]] = await Promise.all([
        entries().where(condition).orderBy(desc(auditLog.created_at), desc(auditLog.id)).limit(limit).offset(offset),
        db.select({ total: count() }).from(auditLog).where(condition),
      ]);
      return { rows, total: total?.total ?? 0 };
    },

    /** The next `limit` entries after `cursor` in the same order (keyset paging: each batch costs the same). */
    batch(filter: AuditLogFilter, cursor: AuditCursor | null, limit: number) {
      return entries()
        .where(
          where(
            filter,
            cursor ? sql`(${auditLog.created_at}, ${auditLog.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : undefined,
          ),
        )
        .orderBy(desc(auditLog.created_at), desc(auditLog.id))
        .limit(limit);
    },

    /** Everyone who has made a change in the company's log (not the system), by name. */
    users() {
      return db
        .selectDistinct({ id: auditLog.actor_user_id, name: users.name })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actor_user_id))
        .where(scope.owned(isNotNull(auditLog.actor_user_id)))
        .orderBy(asc(users.name), asc(auditLog.actor_user_id));
    },

    /** The kinds of record the company's log has entries for. */
    entities() {
      return db.selectDistinct({ entity: auditLog.entity }).from(auditLog).where(scope.owned()).orderBy(asc(auditLog.entity));
    },
  };
}

export type AuditLogRow = Awaited<ReturnType<ReturnType<typeof createAuditRepository>['batch']>>[number];
