import { z } from 'zod';
import { endpoint } from './common/endpoint.ts';
import { idParamsSchema, zonedContextQuerySchema } from './common/pagination.ts';
import {
  partnerTripListQuerySchema,
  partnerTripSchema,
  tripAdminStatusUpdateSchema,
  tripCreateSchema,
  tripDetailSchema,
  tripListQuerySchema,
  tripMovementCreateSchema,
  tripMovementListQuerySchema,
  tripMovementSchema,
  tripSchema,
  tripStatisticsQuerySchema,
  tripStatisticsSchema,
  tripStatusOptionSchema,
  tripStatusUpdateSchema,
  tripUpdateSchema,
} from './trips.ts';

/**
 * Spec 7 `trips/...` (issue 8, section 3): the CRUD, the partner list, the status list and moves, the car's movements
 * and the statistics. Beside trips.ts (its schemas), imported as `@ps/contracts/trips.endpoints`.
 */
export const tripEndpoints = {
  /** The trip starts `assigned` with a driver or partner, else `scheduled`. */
  add: endpoint({
    method: 'POST',
    path: '/api/trips/add',
    access: { permission: 'trips.create' },
    query: zonedContextQuerySchema,
    body: tripCreateSchema,
    response: tripDetailSchema,
    status: 201,
  }),
  /** A day (`date`) or a range of days, paging up to 1000. */
  list: endpoint({
    method: 'GET',
    path: '/api/trips/list',
    access: { permission: 'trips.view' },
    query: tripListQuerySchema,
    response: tripSchema,
    shape: 'list',
  }),
  /** The trips other companies gave to the caller's, on one day, all on one page. */
  partnerList: endpoint({
    method: 'GET',
    path: '/api/trips/partner/list',
    access: { permission: 'partner_trips.view' },
    query: partnerTripListQuerySchema,
    response: partnerTripSchema,
    shape: 'list',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/trips/get/:id',
    access: { permission: 'trips.view' },
    params: idParamsSchema,
    response: tripDetailSchema,
  }),
  /** Any subset of the add's fields; `driver_id` or `partner_company_id` assigns, `null` takes off. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/trips/update/:id',
    access: { permission: 'trips.update' },
    params: idParamsSchema,
    query: zonedContextQuerySchema,
    body: tripUpdateSchema,
    response: tripDetailSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/trips/delete/:id',
    access: { permission: 'trips.delete' },
    params: idParamsSchema,
    shape: 'message',
  }),
  /** Each status in the caller's language, with where it may go next. */
  statusList: endpoint({
    method: 'GET',
    path: '/api/trips/status/list',
    access: { permission: 'trips.view' },
    response: z.array(tripStatusOptionSchema),
  }),
  /** Along the transitions (a driver starts and completes their own trip). */
  updateStatus: endpoint({
    method: 'PATCH',
    path: '/api/trips/status/update/:id',
    access: { permission: 'trips.status' },
    params: idParamsSchema,
    body: tripStatusUpdateSchema,
    response: tripDetailSchema,
  }),
  /** An admin's correction: any status, with the reason. */
  correctStatus: endpoint({
    method: 'PATCH',
    path: '/api/trips/status/update/admin/:id',
    access: { permission: 'trips.status_admin' },
    params: idParamsSchema,
    query: zonedContextQuerySchema,
    body: tripAdminStatusUpdateSchema,
    response: tripDetailSchema,
  }),
  /** Where the trip's car is now. */
  addMovement: endpoint({
    method: 'POST',
    path: '/api/trips/movement',
    access: { permission: 'trips.movement' },
    body: tripMovementCreateSchema,
    response: tripMovementSchema,
    status: 201,
  }),
  /** A booking's car path (`booking_id`) or a trip's movements (`trip_id`). */
  movements: endpoint({
    method: 'GET',
    path: '/api/trips/movement/list',
    access: { permission: 'trips.view' },
    query: tripMovementListQuerySchema,
    response: z.array(tripMovementSchema),
  }),
  /** Trips per day, week or month, by status. */
  statistics: endpoint({
    method: 'GET',
    path: '/api/trips/statistics-by-calender',
    access: { permission: 'trips.view' },
    query: tripStatisticsQuerySchema,
    response: tripStatisticsSchema,
  }),
} as const;
