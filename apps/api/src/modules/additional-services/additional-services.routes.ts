import { additionalServiceEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createAdditionalServicesService } from './additional-services.service.ts';

/** Spec section 7: additional_services/add, list, get/{id}, update/{id}, delete/{id} (underscore, as the spec). */
export function registerAdditionalServiceRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'additional services'), {
    endpoints: additionalServiceEndpoints,
    scope: 'company',
    service: createAdditionalServicesService(db),
    docs: {
      add: { summary: 'Add an additional service', description: 'An optional extra with a price in integer minor units (may be 0).' },
      list: {
        summary: "Your company's additional services",
        description: 'Paging, sort (`name`, `price`, `status`, `created_at`; `-` for descending), search by name or description, `status`.',
      },
    },
  });
}
