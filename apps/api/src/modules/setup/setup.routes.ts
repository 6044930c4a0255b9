import { setupEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { callerCompanyId } from '../../plugins/auth.ts';
import { companySetup } from './setup.service.ts';

/** A new company's setup checklist on its dashboard (issue 22, section 6). */
export function registerSetupRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const serve = endpointServer(app, 'setup');

  serve(setupEndpoints.list, {
    summary: "Your company's setup checklist",
    description: `What a new company sets up before its first booking, each step with \`done\` and \`count\`, in this order:
\`airport\` (active airports of yours), \`car_park\` (active locations of type \`car_park\` with capacity above 0),
\`bands\` (active bands), \`prices\` (prices of active bands: a band's default for a month or a route's own), \`users\`
(people of your company besides its first admin, office users and drivers) and \`web_config\` (saves of your sign-in
page's name, colours or logo; a look of your own counts once). \`done\` and \`total\` count the steps. Computed from your
company's records at each call; for those who see the dashboard.`,
    handler: async (request) => ({ message: request.t('success.fetched'), data: await companySetup(db, callerCompanyId(request)) }),
  });
}
