import { coreLocationEndpoints, locationEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { companyFromBasicHeader } from '../web-config/web-config.service.ts';
import { listPublicLocations } from './locations.repository.ts';
import { createCoreLocationsService, createLocationsService } from './locations.service.ts';

/** Spec section 7: location/add, list, get/{id}, update/{id}, delete/{id}, location/public/list and core/location/list. */
export function registerLocationRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'locations');

  // Served before the CRUD routes so the reference lists it first; the paths do not overlap.
  serve(locationEndpoints.publicList, {
    summary: "The company's active locations for its public site (Basic: company id and client key)",
    description:
      'No user token: authorised with Basic company_id:client_key (a wrong key is 401). Only active locations at active airports, and only the fields a public site shows. Paging (the site asks with page_size=1000), sort (`name`, `type`, `airport_iata_code`), search by name or address, optional `airport_id` and `type` filters.',
    errors: [401],
    handler: async (request) => {
      const companyId = await companyFromBasicHeader(db, request.headers.authorization);
      const { rows, total } = await listPublicLocations(db, companyId, request.query);
      return listAnswer(request, { items: rows, total });
    },
  });

  registerCrudRoutes(serve, {
    endpoints: locationEndpoints,
    scope: 'company',
    service: createLocationsService(db),
    docs: {
      add: {
        summary: 'Add a location at one of your airports',
        description:
          '`airport_id` must be an airport of your company (400 on `airport_id` otherwise). `latitude` and `longitude` come together. `core_location_id` links the core location it was picked from. `capacity` is car spaces (0 = not a car park).',
      },
      list: {
        summary: "Your company's locations",
        description:
          'With the airport code and name. Paging, sort (`name`, `type`, `capacity`, `airport_iata_code`, `status`, `created_at`; `-` for descending), search by name or address, filters `airport_id`, `type` and `status=1`.',
      },
      delete: {
        summary: 'Delete a location',
        description: 'Refused with 409 `location_in_use` while a location price uses it. The deletion is audited.',
      },
    },
  });

  registerCrudRoutes(endpointServer(app, 'core locations'), {
    endpoints: coreLocationEndpoints,
    scope: 'organisation',
    service: createCoreLocationsService(db),
    docs: {
      list: {
        summary: "The organisation's core locations",
        description:
          'The master list companies pick their locations from, with the core airport code and name: paging, sort, search by name or address, filters `core_airport_id`, `type` and `status=1`.',
      },
      delete: {
        summary: 'Delete a core location',
        description: "Refused with 409 `location_in_use` while a company's location refers to it. The deletion is audited.",
      },
    },
  });
}
