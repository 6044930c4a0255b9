import { packageEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createPackagesService } from './packages.service.ts';

/** Spec section 7: package/add, list, get/{id}, update/{id}, delete/{id}. */
export function registerPackageRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'packages'), {
    endpoints: packageEndpoints,
    scope: 'company',
    service: createPackagesService(db),
    docs: {
      add: {
        summary: 'Add a package',
        description:
          '`type` is a band type; `price` a supplement in integer minor units added to the stay (may be 0); `included` up to 20 items of at most 100 characters.',
      },
      list: {
        summary: "Your company's packages",
        description:
          'Paging, sort (`name`, `type`, `price`, `status`, `created_at`; `-` for descending), search by name or description, filters `type` and `status`.',
      },
      update: {
        summary: 'Change a package',
        description: 'Any subset of the fields; `included` replaces the whole list. The change is audited.',
      },
    },
  });
}
