import type { ApiModule } from '../../kit/modules.ts';
import { registerRoleRoutes } from './roles.routes.ts';

export const rolesModule: ApiModule = {
  name: 'roles',
  tags: [
    { name: 'roles', description: "What each user may do: the built-in roles, a company's own roles (the role matrix) and assigning them" },
  ],
  errors: [
    'role_name_taken',
    'role_in_use',
    'role_built_in',
    'role_beyond_own',
    'cannot_change_own_role',
    'role_not_assignable',
    'person_beyond_own',
    'last_full_admin',
  ],
  auditEntities: ['role'],
  register: registerRoleRoutes,
};
