import type { ApiModule } from '../../kit/modules.ts';
import { registerBookingServiceRoutes } from './booking-services.routes.ts';
import { registerBookingRoutes } from './bookings.routes.ts';
import { registerParkRideRoutes } from './park-ride.routes.ts';

export const bookingsModule: ApiModule = {
  name: 'bookings',
  tags: [
    { name: 'bookings', description: "A company's bookings: prices fixed when made, statuses and their history, service lines" },
    { name: 'park and ride', description: 'Park-and-ride bookings: a car park and shuttles to the terminal and back' },
  ],
  errors: [
    'booking_transition_invalid',
    'booking_closed',
    'booking_in_use',
    'booking_service_taken',
    'car_park_full',
    'slot_full',
    'restore_checked_out',
  ],
  auditEntities: ['booking', 'booking_service'],
  register: (app, deps) => {
    registerBookingRoutes(app, deps);
    registerBookingServiceRoutes(app, deps);
    registerParkRideRoutes(app, deps);
  },
};
