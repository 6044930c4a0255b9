import { peopleEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf } from '../../kit/routes.ts';
import { metaOf } from '../auth/auth.routes.ts';
import { createDriversService } from '../drivers/drivers.service.ts';

const listDescription = `Each person with \`role\`, \`admin_status\` (1: may sign in) and, for drivers, \`driver_id\` and \`approve_status\`.
Filters \`role\` (\`admin\`, \`driver\`) and \`admin_status\`; \`search\` in name, e-mail and phone; sort \`name\` (default), \`email\`,
\`role\`, \`admin_status\`, \`created_at\`.`;

/** Spec 7 `company/driver&admin/list` and `user/list`: everyone of the company, and the switch that lets each sign in. */
export function registerPeopleRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createDriversService(db);
  const serve = endpointServer(app, 'people');

  serve(peopleEndpoints.companyList, {
    summary: "Your company's admins and drivers in one list",
    description: listDescription,
    handler: async (request) => {
      return listAnswer(request, await service.people(companyActorOf(request), request.query));
    },
  });

  serve(peopleEndpoints.list, {
    summary: 'All users of your company',
    description: `Every admin and driver of your company (removed ones left out), as \`company/driver&admin/list\` answers them, with
the same filters, search and sort: the people screen's list.`,
    handler: async (request) => {
      return listAnswer(request, await service.people(companyActorOf(request), request.query));
    },
  });

  serve(peopleEndpoints.setSignIn, {
    summary: 'Let an admin or driver of your company sign in, or not',
    description: `\`{ admin_status }\` for the user \`id\`: 0 ends their sign-in and every session at once (in every server process),
1 lets them sign in again. Your own is 409 \`cannot_change_self\`; someone who may do more than you, 403
\`person_beyond_own\`; the company's last full administrator, 409 \`last_full_admin\`. Audited.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.setAdminStatus(companyActorOf(request), request.params.id, request.body, metaOf(request)),
    }),
  });
}
