import type { ApiModule } from '../../kit/modules.ts';
import { registerTripRoutes } from './trips.routes.ts';

export const tripsModule: ApiModule = {
  name: 'trips',
  tags: [{ name: 'trips', description: "Drivers' trips: planning and assignment, statuses, the car's movements and trips per period" }],
  errors: [
    'driver_not_eligible',
    'driver_busy',
    'trip_transition_invalid',
    'trip_status_admin_only',
    'trip_needs_driver',
    'trip_closed',
    'trip_paid',
    'trip_in_use',
    'trip_partner_invalid',
    'trip_booking_closed',
  ],
  auditEntities: ['trip', 'trip_movement', 'trip_schedule_change', 'trip_status_correction'],
  register: registerTripRoutes,
};
