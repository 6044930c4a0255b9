import type { ApiModule } from '../../kit/modules.ts';
import { registerPublicBookingRoutes } from './public-booking.routes.ts';

export const publicBookingModule: ApiModule = {
  name: 'public-booking',
  tags: [
    {
      name: 'public-booking',
      description: "The public booking API: what a company's own web site calls with its client key (no user): airports and quotes",
    },
  ],
  register: registerPublicBookingRoutes,
};
