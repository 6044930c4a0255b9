import type { ApiModule } from '../../kit/modules.ts';
import { registerSearchRoutes } from './search.routes.ts';

export const searchModule: ApiModule = {
  name: 'search',
  tags: [{ name: 'search', description: 'The global search: bookings, drivers and agencies from one box, by what the caller may view' }],
  register: registerSearchRoutes,
};
