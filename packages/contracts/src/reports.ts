import { z } from 'zod';
import { bookingChannels } from './common/bookingStates.ts';
import { updateSchemaOf } from './common/crud.ts';
import { calendarDateSchema } from './common/dates.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { financeFigure } from './common/finance.ts';
import { languages } from './common/languages.ts';
import {
  idParamsSchema,
  listQuerySchema,
  recordIdParamSchema,
  recordIdSchema,
  recordStatusQuerySchema,
  recordStatusSchema,
} from './common/pagination.ts';
import { V } from './common/validation.ts';

/**
 * Reports a manager reads (issue 24, section 3). Every day is a calendar day on the company's clock (its time zone);
 * a booking counts on its departure day (the day the car comes in) unless a report says otherwise. Money is integer
 * minor units of the company's currency.
 */

const calendarDate = calendarDateSchema();

/** The longest period one report covers (a year and a day: a leap year's whole). */
export const MAX_REPORT_DAYS = 366;
/** The forecast looks this many days ahead from today. */
export const FORECAST_DAYS = 60;

/** `from`..`to` (both counted; default: this month up to its last day) and one car park or all. */
export const reportQuerySchema = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    car_park_id: recordIdParamSchema.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: V.dateOrder,
    path: ['to'],
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;

/** The reports of a download, each one sheet of the XLSX (`all`: every report, one sheet each) or one CSV file. */
export const reportKinds = [
  'revenue',
  'occupancy',
  'forecast',
  'stays',
  'lead_time',
  'outcomes',
  'channels',
  'agencies',
  'vouchers',
  'drivers',
] as const;
export type ReportKind = (typeof reportKinds)[number];
export const reportFormats = ['csv', 'xlsx'] as const;
export type ReportFormat = (typeof reportFormats)[number];

export const reportExportQuerySchema = z
  .object({
    from: calendarDate.optional(),
    to: calendarDate.optional(),
    car_park_id: recordIdParamSchema.optional(),
    report: z.enum([...reportKinds, 'all'], { error: V.invalidValue }).default('all'),
    format: z.enum(reportFormats, { error: V.invalidValue }).default('xlsx'),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, {
    error: V.dateOrder,
    path: ['to'],
  })
  .refine((query) => query.format === 'xlsx' || query.report !== 'all', { error: V.invalidValue, path: ['report'] });
export type ReportExportQuery = z.output<typeof reportExportQuerySchema>;

const money = () => financeFigure(z.number().int());

export const revenueRowSchema = z.object({
  car_park_id: z.number().int().nullable(),
  /** The car park's name; null for bookings that take no car park's space (meet and greet to a yard). */
  car_park_name: z.string().nullable(),
  /** The month's first day, YYYY-MM-01. */
  month: z.string(),
  bookings: z.number().int(),
  revenue: money(),
  last_year_bookings: z.number().int(),
  last_year_revenue: money(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

export const occupancyRowSchema = z.object({
  date: z.string(),
  /** Stays holding the day (not cancelled or no-show). */
  booked: z.number().int(),
  /** The spaces of the car parks counted (active ones with capacity, or the one chosen). */
  capacity: z.number().int(),
});
export type OccupancyRow = z.infer<typeof occupancyRowSchema>;

export const forecastRowSchema = z.object({
  date: z.string(),
  /** Stays holding the day booked today. */
  on_hand: z.number().int(),
  /** The same date a year before: stays in the end, and those already booked as far ahead as today is. */
  last_year_final: z.number().int(),
  last_year_on_hand: z.number().int(),
  /** on_hand x (last_year_final / last_year_on_hand), at most the capacity (decisions.md "Reports"). */
  forecast: z.number().int(),
  capacity: z.number().int(),
});
export type ForecastRow = z.infer<typeof forecastRowSchema>;

export const countBucketSchema = z.object({ bucket: z.string(), bookings: z.number().int() });

export const staysSchema = z.object({
  bookings: z.number().int(),
  /** Days of the stay (first and last counted), averaged; null with no bookings. */
  average_days: z.number().nullable(),
  /** Buckets `1`, `2`, `3`, `4-7`, `8-14`, `15+` (days). */
  buckets: z.array(countBucketSchema),
});

export const leadTimeSchema = z.object({
  bookings: z.number().int(),
  /** Days from the booking being made to the car coming in, averaged; null with no bookings. */
  average_days: z.number().nullable(),
  /** Buckets `0-1`, `2-7`, `8-30`, `31-90`, `91+` (days). */
  buckets: z.array(countBucketSchema),
});

export const outcomesSchema = z.object({
  /** Every booking departing in the period, whatever became of it. */
  bookings: z.number().int(),
  cancelled: z.number().int(),
  no_show: z.number().int(),
  /** Shares of `bookings`, 0..1 (0 with no bookings). */
  cancellation_rate: z.number(),
  no_show_rate: z.number(),
});

export const bookingSources = ['office', 'online', 'agency'] as const;
export type BookingSource = (typeof bookingSources)[number];

export const channelRowSchema = z.object({
  source: z.enum(bookingSources),
  channel: z.enum(bookingChannels),
  bookings: z.number().int(),
  revenue: money(),
});
export type ChannelRow = z.infer<typeof channelRowSchema>;

export const agencyRowSchema = z.object({
  agency_id: z.number().int(),
  agency_name: z.string(),
  bookings: z.number().int(),
  revenue: money(),
  commission: money(),
});
export type AgencyRow = z.infer<typeof agencyRowSchema>;

export const voucherRowSchema = z.object({
  voucher_code: z.string(),
  bookings: z.number().int(),
  discount: money(),
});
export type VoucherRow = z.infer<typeof voucherRowSchema>;

export const driverRowSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  /** Completed trips scheduled in the period. */
  trips: z.number().int(),
  /** Approved payouts whose period starts in the report's period. */
  payouts: money(),
  /** payouts / trips, null without trips. */
  cost_per_trip: financeFigure(z.number().int().nullable()),
});
export type DriverRow = z.infer<typeof driverRowSchema>;

export const reportSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The first day of the forecast (today on the company's clock). */
  today: z.string(),
  time_zone: z.string(),
  currency: z.string(),
  car_park_id: z.number().int().nullable(),
  /** The company's active car parks (capacity above 0), for the filter. */
  car_parks: z.array(z.object({ id: z.number().int(), name: z.string(), capacity: z.number().int() })),
  revenue: z.array(revenueRowSchema),
  occupancy: z.array(occupancyRowSchema),
  forecast: z.array(forecastRowSchema),
  stays: staysSchema,
  lead_time: leadTimeSchema,
  outcomes: outcomesSchema,
  channels: z.array(channelRowSchema),
  agencies: z.array(agencyRowSchema),
  vouchers: z.array(voucherRowSchema),
  /** Every discount given in the period (vouchers' and the office's), in minor units. */
  discount_total: money(),
  drivers: z.array(driverRowSchema),
});
export type Report = z.infer<typeof reportSchema>;

type FileBody = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;

export const reportEndpoints = {
  view: endpoint({
    method: 'GET',
    path: '/api/reports/view',
    access: { permission: 'reports.view', finance: true },
    query: reportQuerySchema,
    response: reportSchema,
  }),
  /** A CSV or XLSX file (the server documents its type), read as a file. */
  export: endpoint({
    method: 'GET',
    path: '/api/reports/export',
    access: { permission: 'reports.view', finance: true },
    query: reportExportQuerySchema,
    response: z.custom<FileBody>(),
    shape: 'raw',
  }),
} as const;

/* ---------- Subscriptions: the report by mail ---------- */

export const reportFrequencies = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];

export const reportSubscriptionSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  /** The office user who receives it (at their e-mail address). */
  user_id: z.number().int(),
  user_name: z.string(),
  user_email: z.string().nullable(),
  frequency: z.enum(reportFrequencies),
  language: z.enum(languages),
  status: recordStatusSchema,
  /** The last period sent (its first day), or null. */
  last_period_start: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReportSubscription = z.infer<typeof reportSubscriptionSchema>;

const subscriptionFields = {
  user_id: recordIdSchema,
  frequency: z.enum(reportFrequencies, { error: V.invalidValue }),
  language: z.enum(languages, { error: V.invalidValue }),
  status: recordStatusSchema,
};

export const reportSubscriptionCreateSchema = z.strictObject({
  ...subscriptionFields,
  language: subscriptionFields.language.default('en'),
  status: subscriptionFields.status.default(1),
});
export type ReportSubscriptionCreateInput = z.input<typeof reportSubscriptionCreateSchema>;
export type ReportSubscriptionCreate = z.output<typeof reportSubscriptionCreateSchema>;

export const reportSubscriptionUpdateSchema = updateSchemaOf(subscriptionFields);
export type ReportSubscriptionUpdate = z.output<typeof reportSubscriptionUpdateSchema>;

export const reportSubscriptionSortFields = ['created_at', 'frequency', 'status'] as const;
export const reportSubscriptionListQuerySchema = listQuerySchema(reportSubscriptionSortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type ReportSubscriptionListQuery = z.output<typeof reportSubscriptionListQuerySchema>;

/** `report-subscription/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` of the caller's company. */
export const reportSubscriptionEndpoints = crudEndpoints('/api/report-subscription', 'report_subscriptions', {
  record: reportSubscriptionSchema,
  create: reportSubscriptionCreateSchema,
  update: reportSubscriptionUpdateSchema,
  listQuery: reportSubscriptionListQuerySchema,
  idParams: idParamsSchema,
});
