import { airportEndpoints, coreAirportEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createAirportsService, createCoreAirportsService } from './airports.service.ts';

/** Spec section 7: airport/add, list, get/{id}, update/{id}, delete/{id}, and the core list (super admin). */
export function registerAirportRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'airports'), {
    endpoints: airportEndpoints,
    scope: 'company',
    service: createAirportsService(db),
    docs: {
      add: {
        summary: 'Add an airport to your company',
        description:
          'The IATA code is unique in your company (409 `airport_iata_taken`). `core_airport_id` links a core airport it was picked from.',
      },
      list: {
        summary: "Your company's airports",
        description:
          'Paging, sort (`iata_code`, `name`, `time_zone`, `status`, `created_at`; `-` for descending), search by code or name, `status=1` for active ones.',
      },
      delete: {
        summary: 'Delete an airport',
        description: 'Refused with 409 `airport_in_use` while a location uses it. The deletion is audited.',
      },
    },
  });

  registerCrudRoutes(endpointServer(app, 'core airports'), {
    endpoints: coreAirportEndpoints,
    scope: 'organisation',
    service: createCoreAirportsService(db),
    docs: {
      list: {
        summary: "The organisation's core airports",
        description:
          'The master list companies pick their airports from: paging, sort, search by code or name, `status=1` for active ones.',
      },
      delete: {
        summary: 'Delete a core airport',
        description: "Refused with 409 while a company's airport refers to it. The deletion is audited.",
      },
    },
  });
}
