import { priceRuleEndpoints } from '@ps/contracts/priceRules';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's price rules. */
export const priceRulesResource = createResource({
  key: 'price-rules',
  endpoints: priceRuleEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});
