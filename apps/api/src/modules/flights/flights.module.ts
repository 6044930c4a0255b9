import type { ApiModule } from '../../kit/modules.ts';
import { registerFlightRoutes } from './flights.routes.ts';

export const flightsModule: ApiModule = {
  name: 'flights',
  tags: [
    { name: 'flight-tracking', description: 'The return flights of upcoming bookings, their news, and the out-trips that follow them' },
  ],
  errors: ['flight_not_tracked'],
  auditEntities: ['flight'],
  register: registerFlightRoutes,
};
