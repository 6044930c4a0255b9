import { z } from 'zod';
import { bookingStatuses, paymentMethods } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { optionalText } from './common/names.ts';
import { idParamsSchema, listQuerySchema, recordIdParamSchema, recordIdSchema } from './common/pagination.ts';
import { isKnownTimeZone } from './common/timeZones.ts';
import { V } from './common/validation.ts';

/**
 * Payments (issue 7, spec 7 `payment/add`, `list`, `delete/{id}` only): a booking's ledger in integer minor
 * units of the company's currency. A refund is a negative amount; a deleted payment keeps its row
 * (`deleted_at`, `deleted_by`, `delete_reason`) and is left out of every sum. A payment above what is
 * outstanding is taken only as a deposit/credit (`as_credit`), and a booking paid beyond its total shows
 * `credit`, never a negative `outstanding` (issue 22).
 */

/** PostgreSQL integer bounds: an amount is stored in an `integer` column. */
const MAX_AMOUNT = 2_147_483_647;

export const paymentSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  booking_id: z.number().int(),
  amount: z.number().int(),
  /** The part of `amount` taken as a deposit/credit beyond what the booking owed then (0 for most payments). */
  credit: z.number().int(),
  method: z.enum(paymentMethods),
  reference: z.string().nullable(),
  paid_at: z.string(),
  idempotency_key: z.string().nullable(),
  created_by: z.number().int().nullable(),
  deleted_at: z.string().nullable(),
  deleted_by: z.number().int().nullable(),
  /** Who deleted it, by name (null while it is not deleted), and why. */
  deleted_by_name: z.string().nullable(),
  delete_reason: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Payment = z.infer<typeof paymentSchema>;

/**
 * POST /api/payment/add. `paid_at` defaults to the moment the payment is recorded. A payment above the booking's
 * outstanding is refused (409 `payment_exceeds_outstanding`) unless `as_credit` says the excess is a deposit/credit.
 */
export const paymentCreateSchema = z
  .strictObject({
    booking_id: recordIdSchema,
    amount: z
      .number({ error: V.required })
      .int({ error: V.invalidType })
      .min(-MAX_AMOUNT, { error: V.invalidValue })
      .max(MAX_AMOUNT, { error: V.invalidValue })
      .refine((amount) => amount !== 0, { error: V.notZero }),
    method: z.enum(paymentMethods, { error: V.invalidValue }),
    reference: optionalText(100).optional(),
    paid_at: z.iso.datetime({ offset: true, error: V.invalidValue }).optional(),
    as_credit: z.boolean({ error: V.invalidType }).optional(),
  })
  // A refund takes money back: it has no excess to keep as credit.
  .refine((input) => input.as_credit !== true || input.amount > 0, { path: ['as_credit'], error: V.invalidValue });
export type PaymentCreateInput = z.input<typeof paymentCreateSchema>;
export type PaymentCreate = z.output<typeof paymentCreateSchema>;

/**
 * The `Idempotency-Key` header of an add: 1 to 100 visible ASCII characters. The same key with the same body
 * answers the payment recorded the first time (201 with `Idempotent-Replayed: true`); with another body, 409.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7E]{1,100}$/;
export const paymentAddHeadersSchema = z.looseObject({
  'idempotency-key': z.string().regex(IDEMPOTENCY_KEY_PATTERN, { error: V.invalidValue }).optional(),
});

/**
 * DELETE /api/payment/delete/{id}: why the payment goes, 1 to 500 characters (trimmed), kept on the row and shown
 * in the ledger. A request without a body (null to Fastify) is read as `{}`, so the answer names the missing `reason`.
 */
export const paymentDeleteSchema = z.preprocess(
  (body) => body ?? {},
  z.strictObject({
    reason: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(500, { error: V.tooLong }),
  }),
);
export type PaymentDeleteInput = z.input<typeof paymentDeleteSchema>;

export const paymentSortFields = ['paid_at', 'amount', 'created_at'] as const;

/** GET /api/payment/list: newest payment first by default; `include_deleted=1` lists deleted ones too. */
export const paymentListQuerySchema = listQuerySchema(paymentSortFields).extend({
  booking_id: recordIdParamSchema.optional(),
  method: z.enum(paymentMethods, { error: V.invalidValue }).optional(),
  include_deleted: z.enum(['0', '1'], { error: V.invalidValue }).optional(),
});
export type PaymentListQuery = z.output<typeof paymentListQuerySchema>;

const day = z.iso.date({ error: V.date });

/**
 * GET /api/booking/get/amount-details/list: the sums of the bookings that match. `from`/`to` (both counted)
 * are departure days in `time_zone` (else the company's); `status` is a comma list. Without `status`, every
 * booking but the cancelled ones counts (a cancelled booking's total is not owed).
 */
export const amountDetailsQuerySchema = z
  .object({
    from: day.optional(),
    to: day.optional(),
    airport_id: recordIdParamSchema.optional(),
    status: z
      .string()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(z.enum(bookingStatuses, { error: V.invalidValue })).min(1, { error: V.required }))
      .optional(),
    time_zone: z.string().max(64).refine(isKnownTimeZone, { error: V.timeZone }).optional(),
    company_id: recordIdParamSchema.optional(),
  })
  .refine((query) => query.from === undefined || query.to === undefined || query.from <= query.to, { path: ['to'], error: V.dateOrder });
export type AmountDetailsQuery = z.output<typeof amountDetailsQuerySchema>;

export const amountDetailsSchema = z.object({
  /** How many bookings are counted. */
  bookings: z.number().int(),
  /** Sum of their totals. */
  total: z.number().int(),
  /** Sum of their payments not deleted (refunds subtracted). */
  paid: z.number().int(),
  /** What is still owed: per booking `total - paid` when above 0, summed (never negative). */
  outstanding: z.number().int(),
  /** What was paid beyond the totals (deposits/credit): per booking `paid - total` when above 0, summed. */
  credit: z.number().int(),
  currency: z.string(),
});
export type AmountDetails = z.infer<typeof amountDetailsSchema>;

/**
 * Spec 7 `payment/add`, `list`, `delete/{id}` (no get or update: a payment is never changed) and the sums. The add takes
 * an optional `Idempotency-Key` header (`paymentAddHeadersSchema`).
 */
export const paymentEndpoints = {
  add: endpoint({
    method: 'POST',
    path: '/api/payment/add',
    access: { permission: 'payments.create', finance: true },
    body: paymentCreateSchema,
    headers: paymentAddHeadersSchema,
    response: paymentSchema,
    status: 201,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/payment/list',
    access: { permission: 'payments.view', finance: true },
    query: paymentListQuerySchema,
    response: paymentSchema,
    shape: 'list',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/payment/delete/:id',
    access: { permission: 'payments.delete', finance: true },
    params: idParamsSchema,
    body: paymentDeleteSchema,
    response: paymentSchema,
  }),
  amountDetails: endpoint({
    method: 'GET',
    path: '/api/booking/get/amount-details/list',
    access: { permission: 'payments.view', finance: true },
    query: amountDetailsQuerySchema,
    response: amountDetailsSchema,
  }),
} as const;
