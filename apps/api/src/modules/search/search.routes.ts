import { searchEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId, requireCaller } from '../../plugins/auth.ts';
import { createSearchService } from './search.service.ts';

const description = `The header's search box (issue 21, section 3): \`q\` (2 to 100 characters, else 400 on \`q\`) is looked for in
the kinds of record the caller's role may view (\`searched\`): bookings (\`bookings.view\`) by the start of their
reference (\`PS-7KQ4\`, \`ps7kq4\` and \`7KQ4\` alike), the registration (spaces and case ignored), the customer's name or
phone (its digits; a leading 0 ignored); drivers (\`drivers.view\`) by name or phone; agencies (\`agencies.view\`) by
name. Two characters match the start of a name's words or of a registration; three or more match anywhere. At most 5
of each kind, the newest bookings first, drivers and agencies by name; \`more\` names the kinds with further matches.
Only the caller's company's records are searched.`;

/** `GET /api/search`. */
export function registerSearchRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createSearchService(db);
  const serve = endpointServer(app, 'search');
  serve(searchEndpoints.search, {
    summary: 'Search bookings, drivers and agencies',
    description,
    handler: async (request) => {
      const data = await service.search(
        { companyId: callerCompanyId(request), permissions: requireCaller(request).permissions },
        request.query.q,
      );
      return { message: request.t('success.fetched'), data };
    },
  });
}
