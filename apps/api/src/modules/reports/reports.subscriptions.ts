import type {
  ReportSubscription,
  ReportSubscriptionCreate,
  ReportSubscriptionListQuery,
  ReportSubscriptionUpdate,
} from '@ps/contracts/reports';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { reportSubscriptions, users } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { preparedList } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { AppError } from '../../lib/errors.ts';

export type SubscriptionRow = typeof reportSubscriptions.$inferSelect;
export type SubscriptionRead = SubscriptionRow & { user_name: string; user_email: string | null; last_period_start: string | null };

const selectSubscriptions = (db: DbOrTx) =>
  db
    .select({
      id: reportSubscriptions.id,
      company_id: reportSubscriptions.company_id,
      user_id: reportSubscriptions.user_id,
      frequency: reportSubscriptions.frequency,
      language: reportSubscriptions.language,
      status: reportSubscriptions.status,
      created_at: reportSubscriptions.created_at,
      updated_at: reportSubscriptions.updated_at,
      user_name: users.name,
      user_email: users.email,
      last_period_start: sql<string | null>`(select to_char(max(d.period_start), 'YYYY-MM-DD') from report_deliveries d
        where d.company_id = ${reportSubscriptions.company_id} and d.subscription_id = ${reportSubscriptions.id})`,
    })
    .from(reportSubscriptions)
    .innerJoin(users, and(eq(users.company_id, reportSubscriptions.company_id), eq(users.id, reportSubscriptions.user_id)));

const listSubscriptions = preparedList<ReportSubscriptionListQuery, SubscriptionRead>({
  name: 'report_subscription_list',
  select: (db) => selectSubscriptions(db),
  table: reportSubscriptions,
  scope: (db, companyId) => companyScope(db, reportSubscriptions, companyId).owned(),
  filters: { status: (status) => eq(reportSubscriptions.status, status) },
  searchColumns: [reportSubscriptions.frequency],
  sortColumns: {
    created_at: reportSubscriptions.created_at,
    frequency: reportSubscriptions.frequency,
    status: reportSubscriptions.status,
  },
  defaultSort: 'created_at',
  tieBreaker: reportSubscriptions.id,
});

export function createSubscriptionsRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, reportSubscriptions, companyId);
  return {
    list: (query: ReportSubscriptionListQuery) => listSubscriptions(db, companyId, query),
    findById: async (id: number): Promise<SubscriptionRead | undefined> => {
      const [row] = await selectSubscriptions(db)
        .where(scope.owned(eq(reportSubscriptions.id, id)))
        .limit(1);
      return row;
    },
  };
}

const writes = {
  entity: 'report_subscription',
  translate: constraintTranslator({ table: 'report_subscriptions', references: ['user_id'], inUse: 'in_use' }),
} as const;

/**
 * A company's report subscriptions. The recipient is one of the company's office users (not a driver), live and with
 * an e-mail address: anyone else is a 400 on `user_id` (another company's user too, by the pair key).
 */
export const createSubscriptionsService = (db: Db) =>
  companyCrudService<
    typeof reportSubscriptions.$inferInsert,
    SubscriptionRead,
    ReportSubscription,
    ReportSubscriptionListQuery,
    ReportSubscriptionCreate,
    ReportSubscriptionUpdate
  >(db, reportSubscriptions, {
    writes,
    reader: createSubscriptionsRepository,
    toRecord: (row) => recordOf(row) as ReportSubscription,
    check: async (records, candidate, _id, actor) => {
      if (candidate.user_id === undefined || actor.companyId === null) return;
      const [user] = await records.tx
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.company_id, actor.companyId),
            eq(users.id, Number(candidate.user_id)),
            eq(users.role, 'admin'),
            isNull(users.deleted_at),
            sql`${users.email} is not null`,
          ),
        )
        .limit(1);
      if (!user) {
        throw new AppError(400, 'validation_failed', {
          details: [{ field: 'user_id', code: 'validation.invalidValue', message: '' }],
        });
      }
    },
  });
