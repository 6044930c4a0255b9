import { agencyEndpoints, MAX_STATEMENT_DAYS } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createAgenciesService } from './agencies.service.ts';

/** Spec section 7: agency/add, list, get/{id}, update/{id}, delete/{id}; and an agency's statement (issue 9). */
export function registerAgencyRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createAgenciesService(db);
  const serve = endpointServer(app, 'agencies');

  registerCrudRoutes(serve, {
    endpoints: agencyEndpoints,
    scope: 'company',
    service,
    docs: {
      add: {
        summary: 'Add an agency',
        description:
          '`name` is unique in your company whatever its case (409 `agency_name_taken`). `commission_percent` 0-100 with at most two decimals. `core_agency_id` names an active core agency it was picked from (else 400 on the field).',
      },
      list: {
        summary: "Your company's agencies",
        description:
          'Paging, sort (`name`, `commission_percent`, `status`, `created_at`), search by name or contact, filters `status` and `core_agency_id`.',
      },
      update: {
        summary: 'Change an agency',
        description:
          'Any subset of the fields. A new `commission_percent` applies to bookings sold from then on: each booking keeps the rate it was sold at.',
      },
      delete: {
        summary: 'Delete an agency',
        description: 'Refused with 409 `agency_in_use` once it has sold a booking: deactivate it instead. The deletion is audited.',
      },
    },
  });

  serve(agencyEndpoints.statement, {
    summary: "An agency's statement for a period",
    description: `The bookings the agency sold whose departure day, in your company's time zone, is from \`from\` to \`to\`
(\`YYYY-MM-DD\`, both counted, at most ${MAX_STATEMENT_DAYS} days; \`to\` before \`from\` or a longer period: 400 on \`to\`). Each line:
reference, customer, departure, arrival, status, total, the commission percent it was sold at and the commission
(round(total x percent / 100), minor units), and what the agency collected (payments with method \`agency\`). A cancelled booking is
listed with \`counted\` false: it adds nothing to \`sales\` or \`commission\`. \`balance\` = collected - commission: positive, the
agency owes your company; negative, your company owes the agency. Another company's or an unknown agency: 404.`,
    handler: async (request) => ({
      message: request.t('success.fetched'),
      data: await service.statement(companyActorOf(request), request.params.id, request.query),
    }),
  });
}
