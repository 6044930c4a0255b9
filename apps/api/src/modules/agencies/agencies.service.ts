import type {
  Agency,
  AgencyCreate,
  AgencyListQuery,
  AgencyStatement,
  AgencyStatementLine,
  AgencyStatementQuery,
  AgencyUpdate,
} from '@ps/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { agencies, coreAgencies } from '../../db/schema/index.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import type { CompanyActor } from '../../kit/routes.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { invalidField, notFound } from '../../lib/errors.ts';
import { type AgencyRow, createAgenciesRepository } from './agencies.repository.ts';

export function toAgency(row: AgencyRow): Agency {
  return { ...recordOf(row), commission_percent: Number(row.commission_percent) };
}

const agencyWrites = {
  entity: 'agency',
  translate: constraintTranslator({
    table: 'agencies',
    unique: { agencies_company_name_unique: { code: 'agency_name_taken', field: 'name' } },
    references: ['core_agency_id'],
    checks: { agencies_commission_range: 'commission_percent' },
    // Bookings name their agency with ON DELETE RESTRICT: an agency that sold is history (deactivate it).
    inUse: 'agency_in_use',
  }),
};

/** The numeric column takes the percent as text with its two decimals. */
function toAgencyColumns(input: AgencyCreate | AgencyUpdate): Partial<typeof agencies.$inferInsert> {
  const { commission_percent, ...rest } = input;
  return commission_percent === undefined ? rest : { ...rest, commission_percent: commission_percent.toFixed(2) };
}

/** A core agency to refer to must exist and be active (an inactive one is not offered to pick). */
async function assertActiveCoreAgency(db: DbOrTx, id: number | null | undefined): Promise<void> {
  if (id === null || id === undefined) return;
  const [row] = await db
    .select({ id: coreAgencies.id })
    .from(coreAgencies)
    .where(and(eq(coreAgencies.id, id), eq(coreAgencies.status, 1)))
    .limit(1);
  if (!row) throw invalidField('core_agency_id');
}

/** The statement's figures from its lines: a cancelled booking is listed but sells nothing and earns nothing. */
export function statementTotals(lines: readonly AgencyStatementLine[]): AgencyStatement['totals'] {
  let sales = 0;
  let commission = 0;
  let collected = 0;
  let cancelled = 0;
  for (const line of lines) {
    collected += line.collected;
    if (line.counted) {
      sales += line.total;
      commission += line.commission;
    } else cancelled += 1;
  }
  return { bookings: lines.length, cancelled, sales, commission, collected, balance: collected - commission };
}

/** A company's agencies: CRUD through the kit, and the statement of what an agency sold and owes. */
export function createAgenciesService(db: Db) {
  const crud = companyCrudService<typeof agencies.$inferInsert, AgencyRow, Agency, AgencyListQuery, AgencyCreate, AgencyUpdate>(
    db,
    agencies,
    { writes: agencyWrites, reader: createAgenciesRepository, toRecord: toAgency, toColumns: toAgencyColumns },
  );
  return {
    ...crud,
    async create(actor: CompanyActor, input: AgencyCreate) {
      await assertActiveCoreAgency(db, input.core_agency_id);
      return crud.create(actor, input);
    },
    /** A changed rate applies to bookings sold from now on: each booking keeps the rate it was sold at. */
    async update(actor: CompanyActor, id: number, input: AgencyUpdate) {
      // Only a new link is checked: an edit that keeps a core agency deactivated since is not refused for it.
      const current = await createAgenciesRepository(db, actor.companyId).findById(id);
      if (current && input.core_agency_id !== current.core_agency_id) await assertActiveCoreAgency(db, input.core_agency_id);
      return crud.update(actor, id, input);
    },

    /** Two queries: the agency (with its company's clock, currency and letterhead), then its bookings of the period. */
    async statement(actor: CompanyActor, id: number, query: AgencyStatementQuery): Promise<AgencyStatement> {
      const repository = createAgenciesRepository(db, actor.companyId);
      const found = await repository.findForStatement(id);
      if (!found) throw notFound();
      const { time_zone, currency, company, ...agencyRow } = found;
      const rows = await repository.statementLines(id, { from: query.from, to: query.to, timeZone: time_zone });
      const lines = rows.map((row): AgencyStatementLine => {
        const counted = row.status !== 'cancelled';
        return {
          ...row,
          departure_at: row.departure_at.toISOString(),
          arrival_at: row.arrival_at.toISOString(),
          commission_percent: Number(row.commission_percent),
          commission: counted ? row.commission : 0,
          counted,
        };
      });
      return {
        company,
        agency: toAgency(agencyRow),
        from: query.from,
        to: query.to,
        time_zone,
        currency,
        lines,
        totals: statementTotals(lines),
      };
    },
  };
}
