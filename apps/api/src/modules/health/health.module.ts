import type { ApiModule } from '../../kit/modules.ts';
import { registerHealthRoutes } from './health.routes.ts';

export const healthModule: ApiModule = {
  name: 'health',
  tags: [{ name: 'health', description: 'Liveness and readiness for process managers and load balancers' }],
  register: (app, { database }) => registerHealthRoutes(app, database),
};
