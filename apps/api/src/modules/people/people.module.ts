import type { ApiModule } from '../../kit/modules.ts';
import { registerPeopleRoutes } from './people.routes.ts';

export const peopleModule: ApiModule = {
  name: 'people',
  tags: [{ name: 'people', description: 'Everyone of a company, admins and drivers, in one list, and whether each may sign in' }],
  errors: ['cannot_change_self'],
  register: registerPeopleRoutes,
};
