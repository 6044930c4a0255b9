import { flightEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { createFlightsService } from './flights.service.ts';

/** Issue 8, section 4: the return flights of upcoming bookings, and the manual provider's update. */
export function registerFlightRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createFlightsService(db);
  const serve = endpointServer(app, 'flight-tracking');

  serve(flightEndpoints.list, {
    summary: 'Return flights of upcoming bookings',
    description: `The return flight of each booking still followed (\`confirmed\`, \`checked_in\`, \`parked\`, with a \`return_flight\`) landing
from 6 hours ago to \`days\` ahead (default 7, at most 31): \`scheduled_arrival\` is the booking's \`arrival_at\`; \`estimated_arrival\`,
\`status\` (\`scheduled\`, \`delayed\`, \`landed\`, \`cancelled\`), \`updated_at\` and \`source\` (\`manual\` or the HTTP provider's name) are the
latest news (null before any; status \`scheduled\`); \`delay_minutes\` the estimate's difference; \`out_trip\` the booking's open out-trip
with its driver. Filter \`status\`; \`search\` in flight number, reference, customer and registration; sort by \`scheduled_arrival\`
(default), \`estimated_arrival\`, \`flight_number\`.`,
    handler: async (request) => {
      return listAnswer(request, await service.list(companyActorOf(request), request.query));
    },
  });

  serve(flightEndpoints.update, {
    summary: "Type in a return flight's news (the manual provider)",
    description: `For booking \`id\`: \`estimated_arrival\` (ISO 8601 with offset; null clears it) and optionally \`status\`; without one it is
\`delayed\` when the estimate is later than scheduled, else \`scheduled\`. The booking's open out-trip moves to the estimate (or the
scheduled arrival when cleared) plus your company's flight buffer; the move is logged on the trip with the old and new time and why
(\`flight_delayed\`, \`flight_early\`); its driver stays if free then, else is taken off and named. A cancelled flight moves nothing. A
booking without a return flight or no longer followed: 409 \`flight_not_tracked\`; another company's: 404. Audited (\`flight\`, \`trip\`).`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.updateManually(companyActorOf(request), request.params.id, request.body),
    }),
  });
}
