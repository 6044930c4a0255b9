import { priceRuleEndpoints } from '@ps/contracts/priceRules';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createPriceRulesService } from './price-rules.service.ts';

/** `price-rule/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`. */
export function registerPriceRuleRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'price rules'), {
    endpoints: priceRuleEndpoints,
    scope: 'company',
    service: createPriceRulesService(db),
    docs: {
      add: {
        summary: 'Add a price rule',
        description: 'The name is unique in your company whatever its case (409 `name_taken` on `name`).',
      },
      list: {
        summary: "Your company's price rules",
        description:
          'Paging, sort (`name`, `status`, `created_at`; `-` for descending), search by name or notes, `status=1` for active ones.',
      },
    },
  });
}
