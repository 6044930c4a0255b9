import { z } from 'zod';
import { calendarDateSchema } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { idParamsSchema, listQuerySchema, recordIdParamSchema, recordIdSchema } from './common/pagination.ts';
import { payoutSortFields } from './common/sortFields.ts';
import { payoutStatuses } from './common/tripStates.ts';
import { V } from './common/validation.ts';

export { payoutSortFields, payoutStatuses };

/**
 * Driver payouts (issue 8, section 2; `/api/driver/payouts/...`): what a driver is owed for a period, from
 * their unpaid present days (minutes x the hourly rate in force that day) and the fee of each completed
 * unpaid trip. Money is integer minor units of the company's currency; days are calendar days.
 */

/** One line: a day worked (its minutes and rate) or a completed trip (its fee). */
export const payoutLineSchema = z.object({
  kind: z.enum(['attendance', 'trip']),
  attendance_id: z.number().int().nullable(),
  trip_id: z.number().int().nullable(),
  day: z.string(),
  worked_minutes: z.number().int(),
  rate: z.number().int(),
  amount: z.number().int(),
});
export type PayoutLine = z.infer<typeof payoutLineSchema>;

export const payoutSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  driver_name: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  status: z.enum(payoutStatuses),
  worked_minutes: z.number().int(),
  hours: z.number(),
  hours_amount: z.number().int(),
  trip_count: z.number().int(),
  trips_amount: z.number().int(),
  total: z.number().int(),
  notes: z.string().nullable(),
  approved_at: z.string().nullable(),
  approved_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

/**
 * A payout with its lines: an approved one's are what it paid; a draft's are computed now from what is still
 * unpaid (its figures are then the live ones too).
 */
export const payoutDetailSchema = payoutSchema.extend({
  lines: z.array(payoutLineSchema),
  /** A draft's days worked with no hourly rate in force (it cannot be approved until the driver has one). */
  missing_rate_days: z.array(z.string()),
});
export type PayoutDetail = z.infer<typeof payoutDetailSchema>;

const notes = z.string({ error: V.invalidType }).trim().max(500, { error: V.tooLong }).nullable();

const period = {
  period_start: calendarDateSchema(),
  period_end: calendarDateSchema(),
};
const periodInOrder = (value: { period_start?: string; period_end?: string }) =>
  !value.period_start || !value.period_end || value.period_end >= value.period_start;

export const payoutCreateSchema = z
  .strictObject({ driver_id: recordIdSchema, ...period, notes: notes.optional() })
  .refine(periodInOrder, { error: V.dateOrder, path: ['period_end'] });
export type PayoutCreateInput = z.input<typeof payoutCreateSchema>;
export type PayoutCreate = z.output<typeof payoutCreateSchema>;

/** A draft's period or notes (an approved payout is final). */
export const payoutUpdateSchema = z
  .strictObject({ period_start: period.period_start.optional(), period_end: period.period_end.optional(), notes: notes.optional() })
  .refine(periodInOrder, { error: V.dateOrder, path: ['period_end'] });
export type PayoutUpdate = z.output<typeof payoutUpdateSchema>;

export const payoutListQuerySchema = listQuerySchema(payoutSortFields).extend({
  driver_id: recordIdParamSchema.optional(),
  status: z.enum(payoutStatuses).optional(),
  /** Payouts whose period overlaps these days. */
  from: calendarDateSchema().optional(),
  to: calendarDateSchema().optional(),
});
export type PayoutListQuery = z.output<typeof payoutListQuerySchema>;

/** Per driver: what was paid, what is drafted, and what is owed and not yet on any approved payout. */
export const payoutStatisticsSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  approved_count: z.number().int(),
  approved_total: z.number().int(),
  draft_count: z.number().int(),
  draft_total: z.number().int(),
  paid_until: z.string().nullable(),
  unpaid_minutes: z.number().int(),
  unpaid_trip_count: z.number().int(),
});
export type PayoutStatistics = z.infer<typeof payoutStatisticsSchema>;

export const payoutStatisticsQuerySchema = z.object({ driver_id: recordIdParamSchema.optional() });

/** Issue 8, section 2: `driver/payouts` (add, list, get, update, delete, and approve) and `driver-payout/statistics/list`. */
export const payoutEndpoints = {
  /** Computes a draft for a driver and period. */
  add: endpoint({
    method: 'POST',
    path: '/api/driver/payouts/add',
    access: { permission: 'payouts.create' },
    body: payoutCreateSchema,
    response: payoutDetailSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/list',
    access: { permission: 'payouts.view' },
    query: payoutListQuerySchema,
    response: payoutSchema,
    shape: 'list',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/get/:id',
    access: { permission: 'payouts.view' },
    params: idParamsSchema,
    response: payoutDetailSchema,
  }),
  /** A draft's period or notes (it is computed again). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/driver/payouts/update/:id',
    access: { permission: 'payouts.create' },
    params: idParamsSchema,
    body: payoutUpdateSchema,
    response: payoutDetailSchema,
  }),
  /** Pays the payout's days and trips. */
  approve: endpoint({
    method: 'PATCH',
    path: '/api/driver/payouts/approve/:id',
    access: { permission: 'payouts.approve' },
    params: idParamsSchema,
    response: payoutDetailSchema,
  }),
  /** A draft only. */
  delete: endpoint({
    method: 'DELETE',
    path: '/api/driver/payouts/delete/:id',
    access: { permission: 'payouts.delete' },
    params: idParamsSchema,
    shape: 'message',
  }),
  /** One row per driver (or the one `driver_id`). */
  statistics: endpoint({
    method: 'GET',
    path: '/api/driver-payout/statistics/list',
    access: { permission: 'payouts.view' },
    query: payoutStatisticsQuerySchema,
    response: z.array(payoutStatisticsSchema),
  }),
} as const;
