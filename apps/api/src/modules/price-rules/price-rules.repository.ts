import type { PriceRuleListQuery } from '@ps/contracts/priceRules';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { priceRules } from '../../db/schema/priceRules.ts';
import { preparedList } from '../../kit/list.ts';
import { companyScope } from '../../kit/records.ts';

export type PriceRuleRow = typeof priceRules.$inferSelect;

/** The company's price rules: one page and the count, prepared per shape of query. */
const listPriceRules = preparedList<PriceRuleListQuery, PriceRuleRow>({
  name: 'price_rule_list',
  select: (db) => db.select().from(priceRules),
  table: priceRules,
  scope: (db, companyId) => companyScope(db, priceRules, companyId).owned(),
  filters: { status: (status) => eq(priceRules.status, status), kind: (kind) => eq(priceRules.kind, kind) },
  searchColumns: [priceRules.name, priceRules.notes],
  sortColumns: {
    position: priceRules.position,
    name: priceRules.name,
    kind: priceRules.kind,
    valid_from: priceRules.valid_from,
    status: priceRules.status,
    created_at: priceRules.created_at,
  },
  defaultSort: 'position',
  tieBreaker: priceRules.id,
});

/** Reads of one company's price rules; writes go through the kit (price-rules.service.ts). */
export function createPriceRulesRepository(db: DbOrTx, companyId: number) {
  const scope = companyScope(db, priceRules, companyId);
  return {
    list: (query: PriceRuleListQuery) => listPriceRules(db, companyId, query),
    findById: (id: number) => scope.findById<PriceRuleRow>(id),
  };
}
