import { bookingServiceEndpoints } from '@ps/contracts/bookings.endpoints';
import type { FastifyInstance } from 'fastify';
import { endpointServer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { registerCrudRoutes } from '../../kit/routes.ts';
import { createBookingServicesService } from './booking-services.service.ts';

/** Spec 7 `booking-additional_service`: add, list, get/{id}, update/{id}, delete/{id} (bookings' permissions). */
export function registerBookingServiceRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  registerCrudRoutes(endpointServer(app, 'bookings'), {
    endpoints: bookingServiceEndpoints,
    scope: 'company',
    service: createBookingServicesService(db),
    docs: {
      add: {
        summary: 'Add a service to a booking',
        description: `\`{ booking_id, additional_service_id, quantity }\`: the line keeps the service's name and unit price of now.
The booking's \`services_price\`, \`discount\` (its voucher's rule as it was) and \`total\` are re-totalled in the same
transaction; both changes are audited. 400 on \`booking_id\` / \`additional_service_id\` when not yours (or inactive); 409
\`booking_service_taken\` when the service is already on the booking; 409 \`booking_closed\` for a closed booking.`,
      },
      list: {
        summary: "Bookings' service lines",
        description: 'Paging, sort (`name`, `price`, `created_at`), `search` by name, `booking_id` filter.',
      },
      get: { summary: 'One service line', description: 'The line with this id; 404 when it is not in your company.' },
      update: {
        summary: "Change a service line's quantity",
        description: '`{ quantity }` (1-99) at the unit price of when it was added; the booking is re-totalled (audited).',
      },
      delete: {
        summary: 'Remove a service from a booking',
        description: 'The booking is re-totalled in the same transaction; both changes are audited.',
      },
    },
  });
}
