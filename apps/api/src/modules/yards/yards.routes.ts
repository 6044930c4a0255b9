import { yardEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createYardsService } from './yards.service.ts';

/** Spec section 7: yards/add, list, get/{id}, update/{id}, delete/{id} (the group is plural in the spec). */
export function registerYardRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'yards'), {
    endpoints: yardEndpoints,
    scope: 'company',
    service: createYardsService(db),
    docs: {
      add: {
        summary: 'Add a yard',
        description: 'The name is unique in your company whatever its case (409 `yard_name_taken` on `name`). `capacity` is car spaces.',
      },
      list: {
        summary: "Your company's yards",
        description:
          'Paging, sort (`name`, `capacity`, `status`, `created_at`; `-` for descending), search by name or address, `status=1` for active ones.',
      },
      delete: {
        summary: 'Delete a yard',
        description: 'Refused with 409 `yard_in_use` while other records use it. The deletion is audited.',
      },
    },
  });
}
