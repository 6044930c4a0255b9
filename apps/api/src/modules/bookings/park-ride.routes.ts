import { parkRideEndpoints } from '@ps/contracts/bookings.endpoints';
import type { FastifyInstance } from 'fastify';
import { endpointServer, listAnswer } from '../../kit/endpoints.ts';
import type { ModuleDeps } from '../../kit/modules.ts';
import { bookingCaller } from './bookings.routes.ts';
import { createBookingsService } from './bookings.service.ts';

/**
 * Spec 7 `park-ride/booking`: list and add. A park-and-ride booking is a booking of type `park_and_ride`: the same
 * table, statuses, capacity and pricing; its route is its car park to itself, and it carries the shuttle times.
 */
export function registerParkRideRoutes(app: FastifyInstance, { db }: ModuleDeps): void {
  const service = createBookingsService(db);
  const serve = endpointServer(app, 'park and ride');

  serve(parkRideEndpoints.add, {
    summary: 'Add a park-and-ride booking',
    description: `The car is left at \`car_park_id\` (a location of the airport with spaces; 400 on \`car_park_id\` otherwise)
and shuttles take the passengers to the terminal (\`shuttle_out_at\`, at or after \`departure_at\`) and back
(\`shuttle_back_at\`, before or at \`arrival_at\`). Priced by the quote with park_and_ride bands for the car park's route
(car park to car park), and it takes a space of the car park on every day of the stay like any booking (409
\`car_park_full\`). Everything else is as \`POST /api/booking/add\`.`,
    errors: [404, 409],
    handler: async (request) => {
      const { car_park_id, ...body } = request.body;
      const data = await service.create(
        bookingCaller(request),
        { ...body, departure_id: car_park_id, arrival_id: car_park_id, package_id: null, type: 'park_and_ride' },
        { fields: { departure_id: 'car_park_id', arrival_id: 'car_park_id' }, requireCarPark: 'car_park_id' },
      );
      return { message: request.t('success.created'), data };
    },
  });

  serve(parkRideEndpoints.list, {
    summary: "Your company's park-and-ride bookings",
    description: 'The bookings of type `park_and_ride`, with the same query as `GET /api/booking/list`.',
    handler: async (request) => listAnswer(request, await service.list(bookingCaller(request), request.query, 'park_and_ride')),
  });
}
