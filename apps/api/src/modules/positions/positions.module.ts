import type { ApiModule } from '../../kit/modules.ts';
import { registerPositionRoutes } from './positions.routes.ts';

export const positionsModule: ApiModule = {
  name: 'positions',
  tags: [{ name: 'positions', description: "A company's positions" }],
  errors: ['name_taken', 'in_use'],
  auditEntities: ['position'],
  register: registerPositionRoutes,
};
