import { z } from 'zod';
import { bookingStatuses } from './common/bookingStates.ts';
import { calendarDateSchema } from './common/dates.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { optionalText, recordName } from './common/names.ts';
import {
  idParamsSchema,
  listQuerySchema,
  recordIdParamSchema,
  recordIdSchema,
  recordStatusQuerySchema,
  recordStatusSchema,
} from './common/pagination.ts';
import { agencySortFields, coreAgencySortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';
import { companyLetterheadSchema } from './companies.ts';

export { agencySortFields, coreAgencySortFields };

/**
 * Agencies (issue 9, section 2; DOMAIN.md "Agencies and content"): travel agents and resellers. The
 * organisation keeps a master list (`/api/coreagency/...`, super admin); a company keeps its own agencies
 * (`/api/agency/...`), each with the commission it earns on the bookings it sells. A booking keeps the rate
 * it was sold at, so a later change of the rate leaves past statements as they were.
 */

/** The longest period one statement covers (a leap year). */
export const MAX_STATEMENT_DAYS = 366;

/** A percentage from 0 to 100 with at most two decimals (12.5, 12.55), as the column keeps it. */
export const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;
const commissionPercent = z
  .number({ error: V.required })
  .min(0, { error: V.commissionPercent })
  .max(100, { error: V.commissionPercent })
  .refine(hasAtMostTwoDecimals, { error: V.commissionPercent });

const contactEmail = z
  .string({ error: V.invalidType })
  .trim()
  .max(254, { error: V.tooLong })
  .transform((value) => (value === '' ? null : value))
  .pipe(z.email({ error: V.wrongEmail }).nullable())
  .nullable();
const contactPhone = z
  .string({ error: V.invalidType })
  .trim()
  .transform((value) => (value === '' ? null : value))
  .pipe(
    z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, { error: V.wrongPhone })
      .nullable(),
  )
  .nullable();

const contactFields = {
  contact_name: optionalText(100),
  contact_email: contactEmail,
  contact_phone: contactPhone,
};

/** An organisation-wide agency of the master list that companies pick from. */
export const coreAgencySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type CoreAgency = z.infer<typeof coreAgencySchema>;

/** POST /api/coreagency/add (super admin). The name is unique whatever its case. */
export const coreAgencyCreateSchema = z.strictObject({
  name: recordName(),
  contact_name: contactFields.contact_name.default(null),
  contact_email: contactFields.contact_email.default(null),
  contact_phone: contactFields.contact_phone.default(null),
  status: recordStatusSchema.default(1),
});
export type CoreAgencyCreateInput = z.input<typeof coreAgencyCreateSchema>;
export type CoreAgencyCreate = z.output<typeof coreAgencyCreateSchema>;

/** PATCH /api/coreagency/update/{id}: any subset of the fields. */
export const coreAgencyUpdateSchema = z
  .strictObject({
    name: recordName().optional(),
    contact_name: contactFields.contact_name.optional(),
    contact_email: contactFields.contact_email.optional(),
    contact_phone: contactFields.contact_phone.optional(),
    status: recordStatusSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type CoreAgencyUpdate = z.output<typeof coreAgencyUpdateSchema>;

/** GET /api/coreagency/list: paging, sort, search by name or contact, `status=1` for active ones. */
export const coreAgencyListQuerySchema = listQuerySchema(coreAgencySortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type CoreAgencyListQuery = z.output<typeof coreAgencyListQuerySchema>;

/** A company's agency, with the name of the core agency it refers to. */
export const agencySchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  core_agency_id: z.number().int().nullable(),
  core_agency_name: z.string().nullable(),
  name: z.string(),
  contact_name: z.string().nullable(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  /** Percent of a booking's total, at most two decimals. */
  commission_percent: z.number(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Agency = z.infer<typeof agencySchema>;

/** POST /api/agency/add; also the form's schema. `core_agency_id` names an active core agency. */
export const agencyCreateSchema = z.strictObject({
  name: recordName(),
  core_agency_id: recordIdSchema.nullable().default(null),
  contact_name: contactFields.contact_name.default(null),
  contact_email: contactFields.contact_email.default(null),
  contact_phone: contactFields.contact_phone.default(null),
  commission_percent: commissionPercent,
  status: recordStatusSchema.default(1),
});
export type AgencyCreateInput = z.input<typeof agencyCreateSchema>;
export type AgencyCreate = z.output<typeof agencyCreateSchema>;

/** PATCH /api/agency/update/{id}: any subset. A new rate applies to bookings sold from now on. */
export const agencyUpdateSchema = z
  .strictObject({
    name: recordName().optional(),
    core_agency_id: recordIdSchema.nullable().optional(),
    contact_name: contactFields.contact_name.optional(),
    contact_email: contactFields.contact_email.optional(),
    contact_phone: contactFields.contact_phone.optional(),
    commission_percent: commissionPercent.optional(),
    status: recordStatusSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type AgencyUpdate = z.output<typeof agencyUpdateSchema>;

/** GET /api/agency/list: paging, sort, search by name or contact, `status`, `core_agency_id`. */
export const agencyListQuerySchema = listQuerySchema(agencySortFields).extend({
  status: recordStatusQuerySchema.optional(),
  core_agency_id: recordIdParamSchema.optional(),
});
export type AgencyListQuery = z.output<typeof agencyListQuerySchema>;

/** Whole days from `from` to `to`, both counted (calendar dates `YYYY-MM-DD`). */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * GET /api/agency/statement/{id}: the bookings whose departure day (on the company's clock) is from `from`
 * to `to`, both counted; at most a year (366 days).
 */
export const agencyStatementQuerySchema = z
  .object({
    from: calendarDateSchema(),
    to: calendarDateSchema(),
    time_zone: z.string().max(64).optional(),
    company_id: recordIdParamSchema.optional(),
  })
  .refine((query) => query.from <= query.to, { path: ['to'], error: V.dateOrder })
  .refine((query) => query.from > query.to || periodDays(query.from, query.to) <= MAX_STATEMENT_DAYS, {
    path: ['to'],
    error: V.periodTooLong,
  });
export type AgencyStatementQuery = z.output<typeof agencyStatementQuerySchema>;

/** One booking on a statement. A cancelled one is listed but `counted` is false: no sale, no commission. */
export const agencyStatementLineSchema = z.object({
  booking_id: z.number().int(),
  reference: z.string(),
  customer_name: z.string(),
  departure_at: z.string(),
  arrival_at: z.string(),
  status: z.enum(bookingStatuses),
  total: z.number().int(),
  /** The agency's rate when it sold the booking. */
  commission_percent: z.number(),
  /** round(total x percent / 100) in minor units; 0 when not counted. */
  commission: z.number().int(),
  /** Payments taken by the agency (method `agency`, refunds negative, deleted ones left out). */
  collected: z.number().int(),
  counted: z.boolean(),
});
export type AgencyStatementLine = z.infer<typeof agencyStatementLineSchema>;

export const agencyStatementTotalsSchema = z.object({
  /** Bookings listed (cancelled ones too) and how many of them are cancelled. */
  bookings: z.number().int(),
  cancelled: z.number().int(),
  /** The counted bookings' totals and commission. */
  sales: z.number().int(),
  commission: z.number().int(),
  collected: z.number().int(),
  /** collected - commission: positive, the agency owes the company; negative, the company owes the agency. */
  balance: z.number().int(),
});
export type AgencyStatementTotals = z.infer<typeof agencyStatementTotalsSchema>;

export const agencyStatementSchema = z.object({
  /** The company issuing the statement, as its head and foot show it (name, address, VAT number, terms...). */
  company: companyLetterheadSchema,
  agency: agencySchema,
  from: z.string(),
  to: z.string(),
  /** The company's time zone, whose days the period counts, and its currency. */
  time_zone: z.string(),
  currency: z.string(),
  lines: z.array(agencyStatementLineSchema),
  totals: agencyStatementTotalsSchema,
});
export type AgencyStatement = z.infer<typeof agencyStatementSchema>;

/** Spec 7: `agency/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`, and an agency's statement (issue 9). */
export const agencyEndpoints = {
  ...crudEndpoints('/api/agency', 'agencies', {
    record: agencySchema,
    create: agencyCreateSchema,
    update: agencyUpdateSchema,
    listQuery: agencyListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** The agency's bookings of a period, their commission and what it collected. */
  statement: endpoint({
    method: 'GET',
    path: '/api/agency/statement/:id',
    access: { permission: 'agencies.view', finance: true },
    params: idParamsSchema,
    query: agencyStatementQuerySchema,
    response: agencyStatementSchema,
  }),
} as const;

/** Spec 7: `coreagency/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}` (the organisation's master list). */
export const coreAgencyEndpoints = crudEndpoints('/api/coreagency', 'core_agencies', {
  record: coreAgencySchema,
  create: coreAgencyCreateSchema,
  update: coreAgencyUpdateSchema,
  listQuery: coreAgencyListQuerySchema,
  idParams: idParamsSchema,
});
