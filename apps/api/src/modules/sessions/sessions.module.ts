import type { ApiModule } from '../../kit/modules.ts';
import { registerSessionRoutes } from './sessions.routes.ts';

export const sessionsModule: ApiModule = {
  name: 'sessions',
  // Its routes are under the auth module's tag.
  tags: [],
  errors: ['cannot_end_own_sessions'],
  register: registerSessionRoutes,
};
