import { priceRuleEndpoints, priceRuleSimulationEndpoints } from '@ps/contracts/priceRules';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createPriceRuleSimulation, createPriceRulesService } from './price-rules.service.ts';

/** `price-rule/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`, `simulate`. */
export function registerPriceRuleRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'price rules');
  const simulation = createPriceRuleSimulation(db);
  serve(priceRuleSimulationEndpoints.simulate, {
    summary: 'Simulate price rules on bookings',
    description:
      "Re-prices the bookings departing in the period (`last_month`: the 30 days before today; `next_30_days`: today and the 29 after, on the company's clock; not cancelled or no-show) with the rules `rule_ids` (any status: drafts too; none given: every rule of the company) and today's price grid, each at its own `created_at` as the booking time. Answers each booking's paid and simulated total and the sums; a booking a rule refuses (minimum stay, blackout) is counted in `refused` with the reason and left out of both totals. Nothing is written. An unknown rule id (or another company's) is a 400 on `rule_ids`.",
    errors: [400],
    handler: async (request) => {
      const actor = companyActorOf(request);
      return {
        message: request.t('success.fetched'),
        data: await simulation.simulate({ companyId: actor.companyId, language: request.language, t: request.t }, request.body),
      };
    },
  });
  registerCrudRoutes(serve, {
    endpoints: priceRuleEndpoints,
    scope: 'company',
    service: createPriceRulesService(db),
    docs: {
      add: {
        summary: 'Add a price rule',
        description:
          "The name is unique in your company whatever its case (409 `name_taken` on `name`). `config` is checked against `kind` (its fields' errors under `config.`); `location_ids` must be your company's locations (400). A rule is added as a draft (status 0) unless told: the quote applies active rules only.",
      },
      list: {
        summary: "Your company's price rules",
        description:
          'Paging, sort (`position` by default, `name`, `kind`, `valid_from`, `status`, `created_at`; `-` for descending), search by name or notes, `status=1` for active ones, `kind`.',
      },
    },
  });
}
