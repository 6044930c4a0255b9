import { DUE_SOON_HOURS, onSiteEndpoints } from '@ps/contracts/onSite';
import type { FastifyInstance } from 'fastify';
import { crewActorOf } from '../../kit/crew.ts';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { createOnSiteService } from './on-site.service.ts';

/** Issue 22, section 2: `GET /api/handover/on-site/list`, every car the company holds now. */
export function registerOnSiteRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createOnSiteService(db);
  const serve = endpointServer(app, 'on-site');

  serve(onSiteEndpoints.list, {
    summary: 'The cars on site: where each car and its key is',
    description: `Every car checked in and not yet checked out: its booking (reference, registration, make, colour, customer),
its position and the position's yard or car park (null when it was checked in without one), where its key hangs, when it
was placed, and \`arrival_at\`, when the customer comes back for it (due out), with the airport's time zone. \`due\`, worked
out by the server when it answers: \`overdue\` (due out before now), \`due_soon\` (within ${DUE_SOON_HOURS} hours), else
\`later\`. The soonest due out first, so the overdue cars lead.

Filters: \`yard_id\` or \`location_id\` (one place: both together are a 400 on \`location_id\`; a place of another company, or
none, matches no car), \`search\` (the registration, spaces and case ignored, or the booking reference, dashes and case
ignored; anywhere in it), \`flag\` (\`due_soon\` or \`overdue\`); \`page\`, \`page_size\`. \`counts\` beside the page: how many
cars of the place and search are overdue, due soon and due later, whatever the flag.

A driver sees only the cars of bookings with a trip given to them (not cancelled): those whose handovers they may record.`,
    handler: async (request) => {
      const { items, total, counts } = await service.list(await crewActorOf(db, request), request.query);
      return { ...listAnswer(request, { items, total }), counts };
    },
  });
}
