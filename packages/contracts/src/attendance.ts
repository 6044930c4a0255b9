import { z } from 'zod';
import { calendarDateSchema } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { optionalText } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdParamSchema, recordIdSchema, requestContextQuerySchema } from './common/pagination.ts';
import { type AttendanceStatus, attendanceStatuses, type PaidStatus, paidStatuses } from './common/tripStates.ts';
import { V } from './common/validation.ts';

export type { AttendanceStatus, PaidStatus };
export { attendanceStatuses, paidStatuses };

/**
 * Attendance (issue 8, spec 7 `attendance/...`, DOMAIN.md "Attendance"): one row per driver per calendar day
 * (the company's time zone). `start_at`/`end_at` are UTC instants; `worked_minutes` is computed from them by
 * the API and `hours` is the same in decimal hours. `absent` and `leave` days carry no times. A day paid by a
 * payout names it (`payout_id`) and is closed for good; a day marked paid by hand can be set back to unpaid.
 */

/** The longest working day the API accepts (a start and end more than 24 hours apart is a mistake). */
export const MAX_WORKED_MINUTES = 24 * 60;

const isoInstant = z.iso.datetime({ offset: true, error: V.invalidValue });

export { hoursOf } from './common/hours.ts';

export const attendanceSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  /** The calendar day (YYYY-MM-DD) in the company's time zone. */
  day: z.string(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  /** From start to end; 0 while clocked in (no end yet) and on absent or leave days. */
  worked_minutes: z.number().int(),
  /** `worked_minutes` in decimal hours, two places. */
  hours: z.number(),
  attendance_status: z.enum(attendanceStatuses),
  paid_status: z.enum(paidStatuses),
  /** The payout that paid this day; such a day can no longer be changed. */
  payout_id: z.number().int().nullable(),
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Attendance = z.infer<typeof attendanceSchema>;

/**
 * POST /api/attendance/add. An admin names the driver; a driver may leave `driver_id` out (their own day) and
 * records a present day only (`attendance_status` is for admins). A present day may have a start and no end yet
 * (clocked in); an absent or leave day has no times.
 */
export const attendanceCreateSchema = z.strictObject({
  driver_id: recordIdSchema.optional(),
  day: calendarDateSchema(),
  start_at: isoInstant.nullable().optional(),
  end_at: isoInstant.nullable().optional(),
  attendance_status: z.enum(attendanceStatuses, { error: V.invalidValue }).optional(),
  notes: optionalText(500).optional(),
});
export type AttendanceCreateInput = z.input<typeof attendanceCreateSchema>;
export type AttendanceCreate = z.output<typeof attendanceCreateSchema>;

/**
 * PATCH /api/attendance/update/{id}: the times and notes (a driver: of their own unpaid day), and for admins
 * the day. `null` clears a time. The statuses have calls of their own.
 */
export const attendanceUpdateSchema = z
  .strictObject({
    day: calendarDateSchema().optional(),
    start_at: isoInstant.nullable().optional(),
    end_at: isoInstant.nullable().optional(),
    notes: optionalText(500).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type AttendanceUpdateInput = z.input<typeof attendanceUpdateSchema>;
export type AttendanceUpdate = z.output<typeof attendanceUpdateSchema>;

/** PATCH /api/attendance/update/attendance_status/{id}: absent and leave clear the day's times. */
export const attendanceStatusUpdateSchema = z.strictObject({
  attendance_status: z.enum(attendanceStatuses, { error: V.invalidValue }),
});
export type AttendanceStatusUpdate = z.infer<typeof attendanceStatusUpdateSchema>;

/** PATCH /api/attendance/update/paid_status/{id}: paid outside the system, or back to unpaid (not a payout's day). */
export const paidStatusUpdateSchema = z.strictObject({
  paid_status: z.enum(paidStatuses, { error: V.invalidValue }),
});
export type PaidStatusUpdate = z.infer<typeof paidStatusUpdateSchema>;

// Here rather than in common/sortFields.ts (the lists' URL sort fields): no page's URL sorts attendance.
export const attendanceSortFields = ['day', 'driver_name', 'worked_minutes', 'attendance_status', 'paid_status', 'created_at'] as const;

const dayRange = {
  from: calendarDateSchema().optional(),
  to: calendarDateSchema().optional(),
};
const fromBeforeTo = (query: { from?: string | undefined; to?: string | undefined }) =>
  query.from === undefined || query.to === undefined || query.from <= query.to;

/** GET /api/attendance/list: days from `from` to `to` (both counted); search in the driver's name and the notes. */
export const attendanceListQuerySchema = listQuerySchema(attendanceSortFields)
  .extend({
    driver_id: recordIdParamSchema.optional(),
    ...dayRange,
    attendance_status: z.enum(attendanceStatuses, { error: V.invalidValue }).optional(),
    paid_status: z.enum(paidStatuses, { error: V.invalidValue }).optional(),
  })
  .refine(fromBeforeTo, { path: ['to'], error: V.dateOrder });
export type AttendanceListQuery = z.output<typeof attendanceListQuerySchema>;

/** GET /api/attendance/get/paid_details/list[?driver_id][&from&to]. */
export const paidDetailsQuerySchema = z
  .object({
    driver_id: recordIdParamSchema.optional(),
    ...dayRange,
    time_zone: z.string().max(64).optional(),
    company_id: recordIdParamSchema.optional(),
  })
  .refine(fromBeforeTo, { path: ['to'], error: V.dateOrder });
export type PaidDetailsQuery = z.output<typeof paidDetailsQuerySchema>;

/**
 * One driver's present days, paid and unpaid: minutes, decimal hours and amounts (integer minor units of the
 * company's currency: each day's minutes x the hourly rate in force that day, rounded per day; a day a payout
 * paid counts what that payout paid for it). `days_without_rate` counts worked days no rate covered (0 amount).
 */
export const paidDetailsSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  paid_days: z.number().int(),
  paid_minutes: z.number().int(),
  paid_hours: z.number(),
  paid_amount: z.number().int(),
  unpaid_days: z.number().int(),
  unpaid_minutes: z.number().int(),
  unpaid_hours: z.number(),
  unpaid_amount: z.number().int(),
  days_without_rate: z.number().int(),
  currency: z.string(),
});
export type PaidDetails = z.infer<typeof paidDetailsSchema>;

/** Spec 7 `attendance`: the CRUD pattern, the two status changes and the paid details. */
export const attendanceEndpoints = {
  /** An admin names the driver; a driver records their own present day. */
  add: endpoint({
    method: 'POST',
    path: '/api/attendance/add',
    access: { permission: 'attendance.record' },
    query: requestContextQuerySchema,
    body: attendanceCreateSchema,
    response: attendanceSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/attendance/list',
    access: { permission: 'attendance.view' },
    query: attendanceListQuerySchema,
    response: attendanceSchema,
    shape: 'list',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/attendance/get/:id',
    access: { permission: 'attendance.view' },
    params: idParamsSchema,
    query: requestContextQuerySchema,
    response: attendanceSchema,
  }),
  /** The times and notes (and, for admins, the day). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/attendance/update/:id',
    access: { permission: 'attendance.record' },
    params: idParamsSchema,
    query: requestContextQuerySchema,
    body: attendanceUpdateSchema,
    response: attendanceSchema,
  }),
  /** Present, absent or on leave. */
  updateAttendanceStatus: endpoint({
    method: 'PATCH',
    path: '/api/attendance/update/attendance_status/:id',
    access: { permission: 'attendance.manage' },
    params: idParamsSchema,
    query: requestContextQuerySchema,
    body: attendanceStatusUpdateSchema,
    response: attendanceSchema,
  }),
  /** Paid outside the system, or back to unpaid. */
  updatePaidStatus: endpoint({
    method: 'PATCH',
    path: '/api/attendance/update/paid_status/:id',
    access: { permission: 'attendance.manage' },
    params: idParamsSchema,
    query: requestContextQuerySchema,
    body: paidStatusUpdateSchema,
    response: attendanceSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/attendance/delete/:id',
    access: { permission: 'attendance.manage' },
    params: idParamsSchema,
    shape: 'message',
  }),
  /** Per driver, all on one page. */
  paidDetails: endpoint({
    method: 'GET',
    path: '/api/attendance/get/paid_details/list',
    access: { permission: 'attendance.view', finance: true },
    query: paidDetailsQuerySchema,
    response: paidDetailsSchema,
    shape: 'list',
  }),
} as const;
