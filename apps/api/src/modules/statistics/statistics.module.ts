import type { ApiModule } from '../../kit/modules.ts';
import { registerStatisticsRoutes } from './statistics.routes.ts';

export const statisticsModule: ApiModule = {
  name: 'statistics',
  tags: [
    {
      name: 'statistics',
      description: 'The daily board (cars in and out), bookings and revenue by period, headline figures and occupancy',
    },
  ],
  register: registerStatisticsRoutes,
};
