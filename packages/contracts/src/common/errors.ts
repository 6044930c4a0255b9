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
  // A resource's name its company has already, and a record others still use (a new resource's words until it has its own).
  'name_taken',
  'in_use',
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
  'agency_name_taken',
  'agency_in_use',
  'core_agency_in_use',
  'voucher_unknown',
  'booking_transition_invalid',
  'booking_closed',
  'booking_in_use',
  'booking_service_taken',
  'car_park_full',
  'booking_no_email',
  'payment_exceeds_outstanding',
  'refund_exceeds_paid',
  'payment_delete_leaves_negative',
  'idempotency_key_reused',
  'idempotency_in_progress',
  'mail_in_progress',
  'voucher_not_valid',
  'voucher_used_up',
  'voucher_inactive',
  'quote_dates_reversed',
  'quote_no_band',
  'quote_no_price',
  'quote_min_stay',
  'quote_blackout',
  'partner_invalid',
  'email_taken',
  'phone_taken',
  'username_taken',
  'wrong_current_password',
  'invalid_totp_code',
  'too_many_code_attempts',
  'reauth_required',
  'password_common',
  'password_unchanged',
  'cannot_delete_self',
  'cannot_end_own_sessions',
  'cannot_change_self',
  'document_type_name_taken',
  'document_type_in_use',
  'driver_rate_taken',
  'file_missing',
  'file_type_not_allowed',
  'file_name_invalid',
  'document_expiry_required',
  'document_type_licence_taken',
  'expiry_in_past',
  'licence_expiry_from_document',
  'driver_not_eligible',
  'attendance_day_taken',
  'attendance_paid_by_payout',
  'attendance_paid',
  'attendance_open',
  'attendance_admin_only',
  'attendance_times_order',
  'attendance_too_long',
  'attendance_start_off_day',
  'attendance_end_needs_start',
  'attendance_no_times',
  'attendance_in_future',
  'driver_busy',
  'trip_transition_invalid',
  'trip_status_admin_only',
  'trip_needs_driver',
  'trip_closed',
  'trip_paid',
  'trip_in_use',
  'trip_partner_invalid',
  'trip_booking_closed',
  'handover_image_invalid',
  'handover_signature_invalid',
  'position_taken',
  'handover_undone',
  'handover_undo_not_author',
  'handover_undo_expired',
  'handover_undo_superseded',
  'car_not_on_site',
  'client_key_invalid',
  'origin_not_allowed',
  // The public booking API (locales/publicBooking.*.json).
  'public_booking_off',
  'public_form_rejected',
  'public_form_too_fast',
  'public_form_expired',
  'booking_code_invalid',
  'booking_token_invalid',
  'price_changed',
  'booking_not_changeable',
  'car_request_not_possible',
  'car_already_requested',
  'booking_slug_taken',
  'too_many_attempts',
  'too_many_requests',
  'payload_too_large',
  'unsupported_media_type',
  'service_unavailable',
  'internal',
  // Payouts (locales/payouts.*.json).
  'payout_period_too_long',
  'payout_overlaps',
  'payout_rate_missing',
  'payout_approved',
  'payout_nothing_to_pay',
  'payout_changed',
  // Approving several payouts at once (the payroll, issue 21 section 9).
  'payouts_not_approvable',
  'payouts_total_changed',
  // Flight tracking (locales/flights.*.json).
  'flight_not_tracked',
  // The company's web config (locales/webConfig.*.json).
  'primary_color_contrast',
  'background_color_contrast',
  'logo_type_not_allowed',
  'logo_too_large',
  'logo_empty',
  // Roles (locales/roles.*.json).
  'role_name_taken',
  'role_in_use',
  'role_built_in',
  'role_beyond_own',
  'cannot_change_own_role',
  'role_not_assignable',
  // Acting on a person (docs/decisions.md "No way up"; locales/roles.*.json).
  'person_beyond_own',
  'last_full_admin',
  // The blog (locales/blog.*.json).
  'blog_slug_taken',
  'blog_body_empty',
  'blog_cover_type_not_allowed',
  // Restoring an earlier version (locales/restore.*.json).
  'restore_no_change',
  'restore_checked_out',
  // A customer's data: no booking of the company has the e-mail address or phone asked for (locales/customerData.*.json).
  'customer_bookings_not_found',
  // A 15-minute slot of a place that holds its limit of departures or arrivals (issue 24, section 2; locales/bookings.*.json).
  'slot_full',
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
 * A free 15-minute slot offered beside a full one (409 `slot_full`, issue 24 section 2): the booking's time it is for
 * (`departure_at`: the customer coming in; `arrival_at`: coming back), its first instant (UTC) and the same on the
 * airport's clock (`YYYY-MM-DDTHH:mm`), with what it holds and its limit.
 */
export const freeSlotSchema = z.object({
  field: z.enum(['departure_at', 'arrival_at']),
  at: z.string(),
  local: z.string(),
  booked: z.number().int(),
  limit: z.number().int(),
});
export type FreeSlot = z.infer<typeof freeSlotSchema>;

/**
 * Body of every error answer. `message` is the text for the user. For 401 the spec's client shows the
 * `error` field, so there `error` carries the same text; for every other status it carries the code.
 */
export const errorBodySchema = z.object({
  message: z.string(),
  error: z.string(),
  code: z.enum(errorCodes),
  details: z.array(fieldErrorSchema).optional(),
  /** 409 `slot_full` only: the nearest free slots, nearest first. */
  free_slots: z.array(freeSlotSchema).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
