import { positionEndpoints } from '@ps/contracts/positions';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createPositionsService } from './positions.service.ts';

/** `position/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`. */
export function registerPositionRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'positions'), {
    endpoints: positionEndpoints,
    scope: 'company',
    service: createPositionsService(db),
    docs: {
      add: {
        summary: 'Add a position',
        description:
          "A bay, row or zone of one yard (`yard_id`) or car park (`location_id`): exactly one, chosen once. The name (1-40 characters) is unique in that place whatever its case (409 `name_taken` on `name`); another company's place is a 400 on its field.",
      },
      list: {
        summary: "Your company's positions",
        description:
          'Paging, sort (`name`, `kind`, `status`, `created_at`; `-` for descending), search by name or notes, filters `yard_id`, `location_id`, `kind`, `status=1` for active ones; each with its `place_name`.',
      },
    },
  });
}
