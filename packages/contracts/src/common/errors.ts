import { z } from 'zod';

/** Machine-readable error codes; each has a message in locales/{en,ta}.json under `errors.<code>`. */
export const errorCodes = [
  'validation_failed',
  'unauthorized',
  'invalid_credentials',
  'token_invalid',
  'token_expired',
  'token_reused',
  'forbidden',
  'not_found',
  'conflict',
  'airport_iata_taken',
  'airport_in_use',
  'company_in_use',
  'location_in_use',
  'yard_name_taken',
  'yard_in_use',
  'band_overlap',
  'band_in_use',
  'band_month_taken',
  'location_price_taken',
  'location_price_copy_conflict',
  'package_in_use',
  'service_in_use',
  'voucher_code_taken',
  'voucher_in_use',
  'voucher_unknown',
  'booking_transition_invalid',
  'booking_closed',
  'booking_in_use',
  'booking_service_taken',
  'car_park_full',
  'booking_no_email',
  'refund_exceeds_paid',
  'payment_delete_leaves_negative',
  'idempotency_key_reused',
  'mail_in_progress',
  'voucher_not_valid',
  'voucher_used_up',
  'voucher_inactive',
  'quote_dates_reversed',
  'quote_no_band',
  'quote_no_price',
  'partner_invalid',
  'email_taken',
  'phone_taken',
  'username_taken',
  'wrong_current_password',
  'invalid_totp_code',
  'too_many_code_attempts',
  'reauth_required',
  'password_common',
  'cannot_delete_self',
  'client_key_invalid',
  'too_many_attempts',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  /** Dotted path of the field, e.g. `iata_code` or `items.0.name`. */
  field: z.string(),
  /** Message in the caller's language. */
  message: z.string(),
  /** Message key in locales (e.g. `validation.min3`), so a client can translate again. */
  code: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * Body of every error answer. `message` is the text for the user. For 401 the spec's client shows the
 * `error` field, so there `error` carries the same text; for every other status it carries the code.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(errorCodes),
  details: z.array(fieldErrorSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
