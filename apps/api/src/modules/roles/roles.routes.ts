import { roleEndpoints } from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { companyActorOf, registerCrudRoutes } from '../../kit/routes.ts';
import { createRolesService, permissionCatalogue } from './roles.service.ts';

/** Roles (issue 9, section 3): the spec shows the labels Role, Roles and Assign Role; the paths follow its CRUD pattern. */
export function registerRoleRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createRolesService(db);
  const serve = endpointServer(app, 'roles');

  registerCrudRoutes(serve, {
    endpoints: roleEndpoints,
    scope: 'company',
    service,
    docs: {
      add: {
        summary: 'Add a role of your company',
        description:
          '`name` is unique in your company whatever its case (409 `role_name_taken`); `permissions` are names from `GET /api/role/permissions`, at least one. You can only give permissions you hold yourself (403 `role_beyond_own`). Audited.',
      },
      list: {
        summary: 'The roles your company sees',
        description:
          "The built-in roles (`key` admin or driver: defined by the release, read only) and your company's own. Each with its permissions and how many of your people have it. Paging, sort (`name`, `created_at`), search by name or description.",
      },
      get: { summary: 'One role', description: "A built-in role or one of your company's; another company's role is a 404." },
      update: {
        summary: 'Change a role of your company',
        description:
          'Any subset of the fields; `permissions` replaces the set. A permission you do not hold cannot be added (403 `role_beyond_own`). Everyone with the role acts by the new set from their next request. A built-in role: 409 `role_built_in`. Audited.',
      },
      delete: {
        summary: 'Delete a role of your company',
        description: 'Refused while anyone has it (409 `role_in_use`) and for a built-in role (409 `role_built_in`). Audited.',
      },
    },
  });

  serve(roleEndpoints.permissions, {
    summary: "What a company's role may hold",
    description:
      "The administrator's permissions, grouped by resource (`bookings`: `bookings.view`, `bookings.create`... and special actions such as `bookings.status`, `trips.status_admin`, `payouts.approve`): the rows and columns of the role matrix.",
    handler: async (request) => ({ message: request.t('success.fetched'), data: permissionCatalogue() }),
  });

  serve(roleEndpoints.assign, {
    summary: 'Assign a role to an office user',
    description: `Gives a user of your company (\`id\` is the user's id) the built-in Admin role or one of your company's roles.
Drivers keep the Driver role and the Driver role is given to nobody (409 \`role_not_assignable\`); your own role cannot be changed
(409 \`cannot_change_own_role\`); you cannot give a role with permissions you do not hold, nor change the role of someone who may do
what you may not (403 \`role_beyond_own\`). An unknown or another company's role: 400 on \`role_id\`; another company's user: 404.
The user acts by the new role from their next request. Audited on the user.`,
    errors: [409],
    handler: async (request) => ({
      message: request.t('success.updated'),
      data: await service.assign(companyActorOf(request), request.params.id, request.body),
    }),
  });
}
