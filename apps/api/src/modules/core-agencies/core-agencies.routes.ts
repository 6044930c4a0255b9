import { coreAgencyEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createCoreAgenciesService } from './core-agencies.service.ts';

/** Spec section 7: coreagency/add, list, get/{id}, update/{id}, delete/{id} (the organisation's master list). */
export function registerCoreAgencyRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'core agencies'), {
    endpoints: coreAgencyEndpoints,
    scope: 'organisation',
    service: createCoreAgenciesService(db),
    docs: {
      add: {
        summary: 'Add a core agency',
        description:
          'Super admin. `name` (3-100 characters) is unique whatever its case (409 `agency_name_taken`); contact name, e-mail and phone are optional.',
      },
      list: {
        summary: "The organisation's core agencies",
        description:
          'The master list companies pick their agencies from: paging, sort (`name`, `contact_name`, `status`, `created_at`), search by name or contact, `status=1` for active ones.',
      },
      delete: {
        summary: 'Delete a core agency',
        description: "Refused with 409 `core_agency_in_use` while a company's agency refers to it. The deletion is audited.",
      },
    },
  });
}
