import { z } from 'zod';
import { type DiscountType, discountTypes } from './common/bandTypes.ts';
import { calendarDateSchema } from './common/dates.ts';
import { crudEndpoints } from './common/endpoint.ts';
import { MAX_PRICE } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { voucherSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { type DiscountType, discountTypes } from './common/bandTypes.ts';
export { voucherSortFields };

/** A voucher code: 3 to 30 letters, digits, `-` or `_`; unique in a company whatever its case. */
export const VOUCHER_CODE_PATTERN = /^[A-Za-z0-9_-]{3,30}$/;

/** A discount code of the company. `times_used` moves only with bookings; this API never writes it. */
export const voucherSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  code: z.string(),
  discount_type: z.enum(discountTypes),
  /** percent: whole percent 1-100; fixed: integer minor units. */
  discount_value: z.number().int(),
  /** First and last day it is valid (inclusive), `YYYY-MM-DD`. */
  valid_from: z.string(),
  valid_to: z.string(),
  /** null = unlimited. */
  usage_limit: z.number().int().nullable(),
  times_used: z.number().int(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

const calendarDate = calendarDateSchema();

const voucherFields = {
  code: z.string({ error: V.required }).trim().regex(VOUCHER_CODE_PATTERN, { error: V.voucherCode }),
  discount_type: z.enum(discountTypes, { error: V.invalidValue }),
  discount_value: z
    .number({ error: V.required })
    .int({ error: V.positiveAmount })
    .min(1, { error: V.positiveAmount })
    .max(MAX_PRICE, { error: V.tooLong }),
  valid_from: calendarDate,
  valid_to: calendarDate,
  usage_limit: z
    .number({ error: V.invalidType })
    .int({ error: V.positiveInteger })
    .min(1, { error: V.positiveInteger })
    .max(MAX_PRICE, { error: V.tooLong })
    .nullable(),
  status: recordStatusSchema,
};

interface VoucherRules {
  discount_type?: DiscountType | undefined;
  discount_value?: number | undefined;
  valid_from?: string | undefined;
  valid_to?: string | undefined;
}

/** A percent discount is a whole percent, 1 to 100 (checked when both fields are known). */
export const percentInRange = (body: VoucherRules) =>
  body.discount_type !== 'percent' || body.discount_value === undefined || body.discount_value <= 100;
/** The validity does not end before it starts (checked when both dates are known). */
export const datesInOrder = (body: VoucherRules) =>
  body.valid_from === undefined || body.valid_to === undefined || body.valid_from <= body.valid_to;

/** POST /api/voucher/add body; also the form's schema. `times_used` is refused (strict). */
export const voucherCreateSchema = z
  .strictObject({
    code: voucherFields.code,
    discount_type: voucherFields.discount_type,
    discount_value: voucherFields.discount_value,
    valid_from: voucherFields.valid_from,
    valid_to: voucherFields.valid_to,
    usage_limit: voucherFields.usage_limit.default(null),
    status: voucherFields.status.default(1),
  })
  .refine(percentInRange, { path: ['discount_value'], error: V.percent })
  .refine(datesInOrder, { path: ['valid_to'], error: V.dateOrder });
export type VoucherCreateInput = z.input<typeof voucherCreateSchema>;
export type VoucherCreate = z.output<typeof voucherCreateSchema>;

/** PATCH /api/voucher/update/{id}: any subset; the service checks the rules on the voucher as it will be. */
export const voucherUpdateSchema = z
  .strictObject({
    code: voucherFields.code.optional(),
    discount_type: voucherFields.discount_type.optional(),
    discount_value: voucherFields.discount_value.optional(),
    valid_from: voucherFields.valid_from.optional(),
    valid_to: voucherFields.valid_to.optional(),
    usage_limit: voucherFields.usage_limit.optional(),
    status: voucherFields.status.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required })
  .refine(percentInRange, { path: ['discount_value'], error: V.percent })
  .refine(datesInOrder, { path: ['valid_to'], error: V.dateOrder });
export type VoucherUpdate = z.output<typeof voucherUpdateSchema>;

/** GET /api/voucher/list: paging, sort, search by code, `status`, `discount_type`, `valid_on=YYYY-MM-DD`. */
export const voucherListQuerySchema = listQuerySchema(voucherSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  discount_type: z.enum(discountTypes).optional(),
  /** Vouchers whose validity holds this day. */
  valid_on: calendarDate.optional(),
});
export type VoucherListQuery = z.output<typeof voucherListQuerySchema>;

/** Spec 7: `voucher/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`. */
export const voucherEndpoints = crudEndpoints('/api/voucher', 'vouchers', {
  record: voucherSchema,
  create: voucherCreateSchema,
  update: voucherUpdateSchema,
  listQuery: voucherListQuerySchema,
  idParams: idParamsSchema,
});
