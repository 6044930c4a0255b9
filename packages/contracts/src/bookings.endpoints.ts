import { z } from 'zod';
import { bookingAuditEntrySchema } from './audit.ts';
import {
  bookingCreateSchema,
  bookingListQuerySchema,
  bookingRepriceSchema,
  bookingSchema,
  bookingServiceCreateSchema,
  bookingServiceListQuerySchema,
  bookingServiceSchema,
  bookingServiceUpdateSchema,
  bookingStatusHistorySchema,
  bookingStatusOptionSchema,
  bookingStatusUpdateSchema,
  bookingUpdateEnvelope,
  bookingUpdateSchema,
  parkRideCreateSchema,
} from './bookings.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { idParamsSchema } from './common/pagination.ts';
import { bookingRestorePreviewSchema, bookingVersionSchema, restoreBodySchema, restoreQuerySchema } from './versions.ts';

/**
 * The bookings' calls (spec 7 `booking/*`, `park-ride/booking/*`, `booking-additional_service/*`), beside their schemas
 * in bookings.ts and versions.ts: import them from `@ps/contracts/bookings.endpoints`.
 */

/** A file in an answer (the server documents its type), read as a file. */
type FileBody = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;

/** `GET /api/booking/export`: the list's filters and sort, no page (every booking that matches goes in the file). */
export const bookingExportQuerySchema = bookingListQuerySchema.omit({ page: true, page_size: true });
export type BookingExportQuery = z.output<typeof bookingExportQuerySchema>;

/** Spec 7: booking add, list, get, update, delete, status/list, status/update, plus status history, audit trail, re-price and versions. */
export const bookingEndpoints = {
  ...crudEndpoints('/api/booking', 'bookings', {
    record: bookingSchema,
    create: bookingCreateSchema,
    update: bookingUpdateSchema,
    listQuery: bookingListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** Every booking the list's filters match, in its order, as a CSV file written as it is read (issue 24). */
  export: endpoint({
    method: 'GET',
    path: '/api/booking/export',
    access: { permission: 'bookings.view' },
    query: bookingExportQuerySchema,
    response: z.custom<FileBody>(),
    shape: 'raw',
  }),
  /** Answers the booking and `repriced` beside it: `{ message, data, repriced }`. */
  update: endpoint({
    method: 'PATCH',
    path: '/api/booking/update/:id',
    access: { permission: 'bookings.update' },
    params: idParamsSchema,
    body: bookingUpdateSchema,
    response: bookingSchema,
    envelope: bookingUpdateEnvelope,
  }),
  reprice: endpoint({
    method: 'POST',
    path: '/api/booking/reprice/:id',
    access: { permission: 'bookings.update' },
    params: idParamsSchema,
    body: bookingUpdateSchema,
    response: bookingRepriceSchema,
  }),
  statuses: endpoint({
    method: 'GET',
    path: '/api/booking/status/list',
    access: { permission: 'bookings.view' },
    response: z.array(bookingStatusOptionSchema),
  }),
  setStatus: endpoint({
    method: 'PATCH',
    path: '/api/booking/status/update/:id',
    access: { permission: 'bookings.status' },
    params: idParamsSchema,
    body: bookingStatusUpdateSchema,
    response: bookingSchema,
  }),
  statusHistory: endpoint({
    method: 'GET',
    path: '/api/booking/status/history/:id',
    access: { permission: 'bookings.view' },
    params: idParamsSchema,
    response: z.array(bookingStatusHistorySchema),
  }),
  auditTrail: endpoint({
    method: 'GET',
    path: '/api/booking/audit/list/:id',
    access: { permission: 'bookings.view' },
    params: idParamsSchema,
    response: z.array(bookingAuditEntrySchema),
  }),
  versions: endpoint({
    method: 'GET',
    path: '/api/booking/versions/:id',
    access: { permission: 'bookings.view' },
    params: idParamsSchema,
    response: z.array(bookingVersionSchema),
  }),
  restorePreview: endpoint({
    method: 'GET',
    path: '/api/booking/restore/preview/:id',
    access: { permission: 'bookings.update' },
    params: idParamsSchema,
    query: restoreQuerySchema,
    response: bookingRestorePreviewSchema,
  }),
  /** Answers what an update answers: `{ message, data, repriced }`. */
  restore: endpoint({
    method: 'POST',
    path: '/api/booking/restore/:id',
    access: { permission: 'bookings.update' },
    params: idParamsSchema,
    body: restoreBodySchema,
    response: bookingSchema,
    envelope: bookingUpdateEnvelope,
  }),
} as const;

/** Spec 7 `park-ride/booking`: list and add (a park-and-ride booking is read and changed as a booking). */
export const parkRideEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/park-ride/booking/add',
    access: { permission: 'bookings.create' },
    body: parkRideCreateSchema,
    response: bookingSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/park-ride/booking/list',
    access: { permission: 'bookings.view' },
    query: bookingListQuerySchema,
    response: bookingSchema,
    shape: 'list',
  }),
} as const;

/** Spec 7 `booking-additional_service`: add, list, get/{id}, update/{id}, delete/{id} (bookings' permissions). */
export const bookingServiceEndpoints = crudEndpoints('/api/booking-additional_service', 'bookings', {
  record: bookingServiceSchema,
  create: bookingServiceCreateSchema,
  update: bookingServiceUpdateSchema,
  listQuery: bookingServiceListQuerySchema,
  idParams: idParamsSchema,
});
