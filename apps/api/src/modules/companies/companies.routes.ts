import { companyEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createCompaniesService } from './companies.service.ts';

/** Spec section 7: company CRUD (organisation super admin), company/status/list and company/partners/list. */
export function registerCompanyRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createCompaniesService(db);
  const serve = endpointServer(app, 'companies');
  registerCrudRoutes(serve, {
    endpoints: companyEndpoints,
    scope: 'organisation',
    service,
    docs: {
      add: {
        summary: 'Add a company with its first admin',
        description:
          'Creates the company, its web config, its client key and its first admin with the temporary password given; the admin chooses a new password at first sign-in (the 200 `change-password` step).',
      },
      update: {
        summary: 'Change a company',
        description:
          'Any subset of the fields; `partner_ids` replaces the partner list. `status: 0` ends every session of its users at once.',
      },
      delete: {
        summary: 'Delete a company',
        description:
          'Only a company without business records (airports, locations...) can be deleted, with its users; otherwise 409 `company_in_use` (deactivate it instead).',
      },
    },
  });

  serve(companyEndpoints.statuses, {
    summary: 'Company statuses',
    description: 'The statuses a company can have (1 active, 0 inactive), labelled in the caller’s language.',
    handler: async (request) => ({
      message: request.t('success.list'),
      data: ([1, 0] as const).map((value) => ({ value, label: request.t(`labels.status.${value}`) })),
    }),
  });

  serve(companyEndpoints.partners, {
    summary: "Your company's partners",
    description: 'The companies your company lists as partners (id, name, status). The super admin sets them on the company.',
    handler: async (request) => ({ message: request.t('success.list'), data: await service.partners(companyActorOf(request)) }),
  });
}
