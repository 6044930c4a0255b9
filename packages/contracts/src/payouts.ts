import { z } from 'zod';
import { calendarDateSchema } from './common/dates.ts';
import { endpoint } from './common/endpoint.ts';
import { isMonth } from './common/months.ts';
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

/**
 * The payroll (issue 21, section 9): a month's payouts across every driver. A payout belongs to the month its
 * period ends in, so each payout is in exactly one month (a month's payout, 1st to last day, is in that month).
 */
export const payrollStatuses = ['none', ...payoutStatuses] as const;
export type PayrollStatus = (typeof payrollStatuses)[number];

/** Why a draft cannot be approved now: the error its approval would answer. */
export const payoutRefusals = ['payout_overlaps', 'payout_rate_missing', 'payout_nothing_to_pay'] as const;
export type PayoutRefusal = (typeof payoutRefusals)[number];

export const payrollMonthSchema = z.string({ error: V.required }).refine(isMonth, { error: V.month });

export const payrollQuerySchema = z.object({
  /** `YYYY-MM`; the last complete month in the company's time zone when left out. */
  month: payrollMonthSchema.optional(),
});
export type PayrollQuery = z.output<typeof payrollQuerySchema>;

/** Hours, trips and money of a row, a payout or the totals. */
const payrollFigures = {
  worked_minutes: z.number().int(),
  hours: z.number(),
  trip_count: z.number().int(),
  amount: z.number().int(),
};

/** One of a driver's payouts of the month: an approved one as it paid, a draft as approving it would pay now. */
export const payrollPayoutSchema = z.object({
  id: z.number().int(),
  status: z.enum(payoutStatuses),
  period_start: z.string(),
  period_end: z.string(),
  ...payrollFigures,
  /** A draft that approving would pay now: something to pay, a rate every day, no approved payout over it. */
  approvable: z.boolean(),
  /** A draft's reason not to be approvable, else null. */
  refusal: z.enum(payoutRefusals).nullable(),
  /** A draft's days worked with no rate in force. */
  missing_rate_days: z.array(z.string()),
});
export type PayrollPayout = z.infer<typeof payrollPayoutSchema>;

/** What a driver is owed in the month and no payout covers yet (a draft over a day will pay it). */
export const payrollUnpaidSchema = z.object({ ...payrollFigures, missing_rate_days: z.array(z.string()) });

/**
 * One driver's month: the status of their payouts (`none` before any is computed), and the figures: their
 * payouts' plus what is owed and on no payout yet (`unpaid`).
 */
export const payrollRowSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  status: z.enum(payrollStatuses),
  ...payrollFigures,
  payouts: z.array(payrollPayoutSchema),
  unpaid: payrollUnpaidSchema,
});
export type PayrollRow = z.infer<typeof payrollRowSchema>;

export const payrollSchema = z.object({
  month: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  rows: z.array(payrollRowSchema),
  totals: z.object({
    ...payrollFigures,
    /** The amount by kind: paid by approved payouts, on drafts now, owed on no payout yet. */
    approved_amount: z.number().int(),
    draft_amount: z.number().int(),
    unpaid_amount: z.number().int(),
  }),
});
export type Payroll = z.infer<typeof payrollSchema>;

/** At most this many payouts approved at once (a month of a large crew). */
export const MAX_APPROVE_AT_ONCE = 200;

/**
 * Several drafts approved together, all or none. `expected_total` is the total the caller confirmed: a
 * different total now (a day or a trip changed since) refuses the lot, so nobody approves an amount unseen.
 */
export const payoutApproveManySchema = z.strictObject({
  ids: z
    .array(recordIdSchema, { error: V.payoutChoice })
    .min(1, { error: V.payoutChoice })
    .max(MAX_APPROVE_AT_ONCE, { error: V.payoutChoice })
    .refine((ids) => new Set(ids).size === ids.length, { error: V.payoutChoice }),
  expected_total: z.number({ error: V.required }).int({ error: V.invalidValue }).min(0, { error: V.invalidValue }),
});
export type PayoutApproveManyInput = z.input<typeof payoutApproveManySchema>;
export type PayoutApproveMany = z.output<typeof payoutApproveManySchema>;

export const payoutsApprovedSchema = z.object({
  count: z.number().int(),
  total: z.number().int(),
  payouts: z.array(payoutSchema),
});
export type PayoutsApproved = z.infer<typeof payoutsApprovedSchema>;

/**
 * Issue 8, section 2: `driver/payouts` (add, list, get, update, delete, and approve) and `driver-payout/statistics/list`;
 * issue 21, section 9: the month's payroll and approving several at once.
 */
export const payoutEndpoints = {
  /** Computes a draft for a driver and period. */
  add: endpoint({
    method: 'POST',
    path: '/api/driver/payouts/add',
    access: { permission: 'payouts.create', finance: true },
    body: payoutCreateSchema,
    response: payoutDetailSchema,
    status: 201,
  }),
  /** A driver's own approved payouts, read only (issue 22, section 3: the driver's phone). */
  mine: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/mine',
    access: { permission: 'payouts.own' },
    query: payoutListQuerySchema.omit({ driver_id: true, status: true }),
    response: payoutSchema,
    shape: 'list',
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/list',
    access: { permission: 'payouts.view', finance: true },
    query: payoutListQuerySchema,
    response: payoutSchema,
    shape: 'list',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/get/:id',
    access: { permission: 'payouts.view', finance: true },
    params: idParamsSchema,
    response: payoutDetailSchema,
  }),
  /** A draft's period or notes (it is computed again). */
  update: endpoint({
    method: 'PATCH',
    path: '/api/driver/payouts/update/:id',
    access: { permission: 'payouts.create', finance: true },
    params: idParamsSchema,
    body: payoutUpdateSchema,
    response: payoutDetailSchema,
  }),
  /** Pays the payout's days and trips. */
  approve: endpoint({
    method: 'PATCH',
    path: '/api/driver/payouts/approve/:id',
    access: { permission: 'payouts.approve', finance: true },
    params: idParamsSchema,
    response: payoutDetailSchema,
  }),
  /** A draft only. */
  delete: endpoint({
    method: 'DELETE',
    path: '/api/driver/payouts/delete/:id',
    access: { permission: 'payouts.delete', finance: true },
    params: idParamsSchema,
    shape: 'message',
  }),
  /** A month's payouts across every driver, with totals (issue 21, section 9). */
  payroll: endpoint({
    method: 'GET',
    path: '/api/driver/payouts/payroll',
    access: { permission: 'payouts.view', finance: true },
    query: payrollQuerySchema,
    response: payrollSchema,
  }),
  /** Approves several drafts in one transaction: all of them or none. */
  approveMany: endpoint({
    method: 'PATCH',
    path: '/api/driver/payouts/approve-many',
    access: { permission: 'payouts.approve', finance: true },
    body: payoutApproveManySchema,
    response: payoutsApprovedSchema,
  }),
  /** One row per driver (or the one `driver_id`). */
  statistics: endpoint({
    method: 'GET',
    path: '/api/driver-payout/statistics/list',
    access: { permission: 'payouts.view', finance: true },
    query: payoutStatisticsQuerySchema,
    response: z.array(payoutStatisticsSchema),
  }),
} as const;
