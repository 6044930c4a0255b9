import type { ApiModule } from '../../kit/modules.ts';
import { registerYardRoutes } from './yards.routes.ts';

export const yardsModule: ApiModule = {
  name: 'yards',
  tags: [{ name: 'yards', description: 'Where valet cars are stored' }],
  errors: ['yard_name_taken', 'yard_in_use'],
  auditEntities: ['yard'],
  register: registerYardRoutes,
};
