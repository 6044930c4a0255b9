import {
  type BookingListQuery,
  bookingListQuerySchema,
  bookingSchema,
  dataEnvelope,
  listEnvelope,
  type ParkRideCreate,
  parkRideCreateSchema,
} from '@ps/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { errorResponses } from '../../plugins/errors.ts';
import { bookingCaller } from './bookings.routes.ts';
import { createBookingsService } from './bookings.service.ts';

const tags = ['park and ride'];
const security = [{ bearer: [] }];

/**
 * Spec 7 `park-ride/booking`: list and add. A park-and-ride booking is a booking of type `park_and_ride`: the same
 * table, statuses, capacity and pricing; its route is its car park to itself, and it carries the shuttle times.
 */
export function registerParkRideRoutes(app: FastifyInstance, db: Db): void {
  const service = createBookingsService(db);

  app.route({
    method: 'POST',
    url: '/api/park-ride/booking/add',
    config: { permission: 'bookings.create' },
    schema: {
      tags,
      security,
      summary: 'Add a park-and-ride booking',
      description: `The car is left at \`car_park_id\` (a location of the airport with spaces; 400 on \`car_park_id\` otherwise)
and shuttles take the passengers to the terminal (\`shuttle_out_at\`, at or after \`departure_at\`) and back
(\`shuttle_back_at\`, before or at \`arrival_at\`). Priced by the quote with park_and_ride bands for the car park's route
(car park to car park), and it takes a space of the car park on every day of the stay like any booking (409
\`car_park_full\`). Everything else is as \`POST /api/booking/add\`.`,
      body: parkRideCreateSchema,
      response: { 201: dataEnvelope(bookingSchema), ...errorResponses(400, 401, 403, 404, 409, 503) },
    },
    handler: async (request, reply) => {
      const { car_park_id, ...body } = request.body as ParkRideCreate;
      const data = await service.create(
        bookingCaller(request),
        { ...body, departure_id: car_park_id, arrival_id: car_park_id, package_id: null, type: 'park_and_ride' },
        { fields: { departure_id: 'car_park_id', arrival_id: 'car_park_id' }, requireCarPark: 'car_park_id' },
      );
      return reply.code(201).send({ message: request.t('success.created'), data });
    },
  });

  app.route({
    method: 'GET',
    url: '/api/park-ride/booking/list',
    config: { permission: 'bookings.view' },
    schema: {
      tags,
      security,
      summary: "Your company's park-and-ride bookings",
      description: 'The bookings of type `park_and_ride`, with the same query as `GET /api/booking/list`.',
      querystring: bookingListQuerySchema,
      response: { 200: listEnvelope(bookingSchema), ...errorResponses(400, 401, 403, 503) },
    },
    handler: async (request) => {
      const query = request.query as BookingListQuery;
      const { items, total } = await service.list(bookingCaller(request), query, 'park_and_ride');
      return { message: request.t('success.list'), data: items, pagination: { page: query.page, page_size: query.page_size, total } };
    },
  });
}
