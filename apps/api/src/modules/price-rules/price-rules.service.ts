import type { PriceRule, PriceRuleCreate, PriceRuleListQuery, PriceRuleUpdate } from '@ps/contracts/priceRules';
import type { Db } from '../../db/client.ts';
import { priceRules } from '../../db/schema/priceRules.ts';
import { constraintTranslator } from '../../kit/constraints.ts';
import { companyCrudService, recordOf } from '../../kit/service.ts';
import { createPriceRulesRepository, type PriceRuleRow } from './price-rules.repository.ts';

/** A name the company has already (any case) is a 409 on `name`; one still in use cannot be deleted (409). */
const priceRuleWrites = {
  entity: 'price_rule',
  translate: constraintTranslator({
    table: 'price_rules',
    unique: { price_rules_company_name_unique: { code: 'name_taken', field: 'name' } },
    inUse: 'in_use',
  }),
} as const;

/** A company's price rules: reads and audited writes, always within the caller's company. */
export const createPriceRulesService = (db: Db) =>
  companyCrudService<typeof priceRules.$inferInsert, PriceRuleRow, PriceRule, PriceRuleListQuery, PriceRuleCreate, PriceRuleUpdate>(
    db,
    priceRules,
    { writes: priceRuleWrites, reader: createPriceRulesRepository, toRecord: (row) => recordOf(row) },
  );
