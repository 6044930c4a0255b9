import type {
  Language,
  PriceRule,
  PriceRuleCreate,
  PriceRuleDefinition,
  PriceRuleListQuery,
  PriceRuleSimulationResult,
  PriceRuleUpdate,
  SimulationPeriod,
  SimulationRow,
} from '@ps/contracts';
import { releasedBookingStatuses } from '@ps/contracts';
import { asc, eq, gte, inArray, lte, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bookings, companies, locations } from '../../db/schema/index.ts';
import { priceRules } from '../../db/schema/priceRules.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import type { RecordWriter } from '../../kit/records.ts';
import { companyScope } from '../../kit/records.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { addDays, dayAt } from '../../lib/dates.ts';
import { AppError, invalidField } from '../../lib/errors.ts';
import type { Translate } from '../../lib/i18n.ts';
import { ruleOfRow, totalOf } from '../bookings/bookings.pricing.ts';
import { createQuoteService } from '../quote/quote.service.ts';
import { createPriceRulesRepository, type PriceRuleRow } from './price-rules.repository.ts';

/** A name the company has already (any case) is a 409 on `name`. */
const priceRuleWrites = {
  entity: 'price_rule',
  translate: constraintTranslator({
    table: 'price_rules',
    unique: { price_rules_company_name_unique: { code: 'name_taken', field: 'name' } },
    checks: { price_rules_dates: 'valid_to' },
    inUse: 'in_use',
  }),
} as const;

/** The rule as it will be: its dates in order and its car parks the company's own (400 on the field otherwise). */
async function checkRule(
  records: RecordWriter<typeof priceRules.$inferInsert>,
  candidate: Record<string, unknown>,
  _id: number | null,
  actor: { companyId: number | null },
) {
  if (String(candidate.valid_from) > String(candidate.valid_to)) {
    throw new AppError(400, 'validation_failed', { details: [{ field: 'valid_to', code: 'validation.dateOrder', message: '' }] });
  }
  const ids = (candidate.location_ids as number[] | undefined) ?? [];
  if (ids.length === 0 || actor.companyId === null) return;
  const found = await records.tx
    .select({ id: locations.id })
    .from(locations)
    .where(companyScope(records.tx, locations, actor.companyId).owned(inArray(locations.id, ids)));
  if (found.length !== ids.length) throw invalidField('location_ids');
}

/** The rule as the quote reads it. */
export function definitionOf(row: PriceRuleRow): PriceRuleDefinition {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    valid_from: row.valid_from,
    valid_to: row.valid_to,
    location_ids: row.location_ids,
    band_types: row.band_types,
    kind: row.kind,
    config: row.config,
  } as PriceRuleDefinition;
}

/** A company's price rules: reads and audited writes, always within the caller's company. */
export const createPriceRulesService = (db: Db) =>
  companyCrudService<typeof priceRules.$inferInsert, PriceRuleRow, PriceRule, PriceRuleListQuery, PriceRuleCreate, PriceRuleUpdate>(
    db,
    priceRules,
    {
      writes: priceRuleWrites,
      reader: createPriceRulesRepository,
      toRecord: (row) => recordOf(row) as unknown as PriceRule,
      check: checkRule,
    },
  );

/** At most this many bookings are re-priced by one simulation (the earliest departures first). */
export const SIMULATION_LIMIT = 2000;

export interface SimulationCaller {
  companyId: number;
  language: Language;
  t: Translate;
}

/**
 * "What would these bookings have paid under these rules": each booking of the period (departing in the 30 days before
 * today, or today and the 29 after, on the company's clock; not cancelled or no-show) is quoted again with the rule set
 * (drafts included) and today's price grid, at its own `created_at` as "now" (lead time, occupancy at booking time), its
 * package, services and voucher rule kept as it holds them. Nothing is written.
 */
export function createPriceRuleSimulation(db: Db, clock: () => Date = () => new Date()) {
  const quotes = createQuoteService(db);
  return {
    async simulate(
      caller: SimulationCaller,
      input: { period: SimulationPeriod; rule_ids?: number[] | undefined },
    ): Promise<PriceRuleSimulationResult> {
      const ruleRows = await db
        .select()
        .from(priceRules)
        .where(
          companyScope(db, priceRules, caller.companyId).owned(
            ...(input.rule_ids === undefined ? [] : [inArray(priceRules.id, input.rule_ids.length > 0 ? input.rule_ids : [0])]),
          ),
        );
      if (input.rule_ids !== undefined && ruleRows.length !== new Set(input.rule_ids).size) throw invalidField('rule_ids');
      const rules = ruleRows.map(definitionOf);

      const [company] = await db
        .select({ time_zone: companies.time_zone, currency: companies.currency })
        .from(companies)
        .where(eq(companies.id, caller.companyId));
      if (!company) throw new AppError(404, 'not_found');
      const today = dayAt(clock(), company.time_zone);
      const [from, to] = input.period === 'last_month' ? [addDays(today, -30), addDays(today, -1)] : [today, addDays(today, 29)];

      const booked = await db
        .select()
        .from(bookings)
        .where(
          companyScope(db, bookings, caller.companyId).owned(
            gte(bookings.start_day, from),
            lte(bookings.start_day, to),
            notInArray(bookings.status, [...releasedBookingStatuses]),
          ),
        )
        .orderBy(asc(bookings.start_day), asc(bookings.id))
        .limit(SIMULATION_LIMIT);

      const rows: SimulationRow[] = [];
      let before = 0;
      let after = 0;
      let refused = 0;
      for (const booking of booked) {
        const row: SimulationRow = {
          booking_id: booking.id,
          reference: booking.reference,
          created_at: booking.created_at.toISOString(),
          departure_day: booking.start_day,
          arrival_day: booking.end_day,
          paid: booking.total,
          simulated: null,
          difference: 0,
          refused: null,
          rules: [],
        };
        try {
          const { quote } = await quotes.quote(
            caller,
            {
              airport_id: booking.airport_id,
              departure_id: booking.departure_id,
              arrival_id: booking.arrival_id,
              departure_date: booking.start_day,
              arrival_date: booking.end_day,
              ...(booking.package_id === null ? {} : { package_id: booking.package_id }),
              type: booking.type,
            },
            { now: booking.created_at, departureAt: booking.departure_at, exceptBookingId: booking.id, rules },
          );
          const price = totalOf(
            { base_price: quote.base_price, package_price: booking.package_price, services_price: booking.services_price },
            ruleOfRow(booking),
          );
          row.simulated = price.total;
          row.difference = price.total - booking.total;
          row.rules = quote.explanation.flatMap((step) => (step.step === 'rule' && step.data.rule_name ? [step.data.rule_name] : []));
          before += booking.total;
          after += price.total;
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused += 1;
          row.refused = caller.t(`errors.${error.code}`, { ...error.vars });
        }
        rows.push(row);
      }
      return {
        period: input.period,
        from,
        to,
        currency: company.currency,
        rule_ids: rules.map((rule) => rule.id),
        count: rows.length,
        refused,
        total_before: before,
        total_after: after,
        difference: after - before,
        rows,
      };
    },
  };
}
