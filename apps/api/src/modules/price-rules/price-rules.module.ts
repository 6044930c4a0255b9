import type { ApiModule } from '../../kit/modules.ts';
import { registerPriceRuleRoutes } from './price-rules.routes.ts';

export const priceRulesModule: ApiModule = {
  name: 'price-rules',
  tags: [{ name: 'price rules', description: "A company's price rules" }],
  errors: ['name_taken', 'in_use'],
  auditEntities: ['price_rule'],
  register: registerPriceRuleRoutes,
};
