import { z } from 'zod';
import { bookingFields } from './bookings.ts';
import { bandTypes } from './common/bandTypes.ts';
import { type BookingStatus, bookingChannels, bookingStatuses, mailStates, paymentMethods } from './common/bookingStates.ts';
import { endpoint } from './common/endpoint.ts';
import { damageAreas, handoverFilePurposes, handoverKinds } from './common/handoverStates.ts';
import { languages } from './common/languages.ts';
import { V } from './common/validation.ts';

/**
 * A customer's data, by the rules (issue 23, section 4): an operator finds a customer's bookings of the company by their
 * e-mail address and/or phone, exports them (JSON, CSV) when the customer asks to see their data, and erases their
 * personal fields on the bookings that are closed and whose stay ended more than the company's retention ago
 * (`personal_data_retention_days`, companies.ts), keeping the amounts for the accounts. Every export and every booking
 * erased is audited.
 */

/** The statuses of a booking whose business is over: only such a booking is ever erased. */
export const closedBookingStatuses = ['completed', 'cancelled', 'no_show'] as const satisfies readonly BookingStatus[];

/** Why a booking found is kept by an erase: still open (not completed, cancelled or no-show), or its stay ended too recently. */
export const customerDataKeptReasons = ['open', 'recent'] as const;
export type CustomerDataKeptReason = (typeof customerDataKeptReasons)[number];

/** What an erased booking's registration (a required column) becomes: the same in every language, like a plate. */
export const ERASED_REGISTRATION = 'ERASED';

/** The fewest digits a phone asked for must have: fewer would find strangers' bookings. */
export const MIN_CUSTOMER_PHONE_DIGITS = 6;

/** Blank (or only spaces) is "not given"; anything else is trimmed and must pass `rule`. */
const blankAsAbsent = <Rule extends z.ZodType<string, string>>(rule: Rule) =>
  z
    .string({ error: V.invalidType })
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(rule.optional())
    .optional();

/**
 * Whose bookings: an e-mail address (compared whatever its case, otherwise exactly) and/or a phone (compared by its digits
 * exactly: `+44 7700 900123` is `+44 (7700) 900-123`, not `07700 900123`). With both, a booking with either is theirs.
 * Sent as a body, never in the address, so no log line holds it.
 */
export const customerSearchSchema = z
  .strictObject({
    email: blankAsAbsent(bookingFields.customer_email.unwrap().transform((value) => value.toLowerCase())),
    // Enough digits first, then the bookings' own rule for a phone: one message, whichever fails.
    phone: blankAsAbsent(
      z
        .string()
        .refine((value) => value.replace(/\D/g, '').length >= MIN_CUSTOMER_PHONE_DIGITS, { error: V.wrongPhone })
        .pipe(bookingFields.customer_phone.unwrap()),
    ),
  })
  .refine((search) => search.email !== undefined || search.phone !== undefined, { path: ['email'], error: V.contactNeeded });
export type CustomerSearchInput = z.input<typeof customerSearchSchema>;
export type CustomerSearch = z.output<typeof customerSearchSchema>;

/** One booking found: who and what it is, and whether an erase now blanks it (and if not, why and from when it could). */
export const customerBookingSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.enum(bookingStatuses),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  customer_phone: z.string().nullable(),
  vehicle_reg: z.string(),
  departure_at: z.string(),
  arrival_at: z.string(),
  /** The airport's time zone: the stay's times are shown on its clock. */
  airport_time_zone: z.string(),
  /** Closed, and its stay ended more than the retention ago: an erase blanks it. */
  erasable: z.boolean(),
  /** Why an erase keeps it; null when it is erasable. */
  kept_reason: z.enum(customerDataKeptReasons).nullable(),
  /** When its stay's end is past the retention (its personal data may be erased from then, once it is closed). */
  erasable_from: z.string(),
});
export type CustomerBooking = z.infer<typeof customerBookingSchema>;

/** `POST /api/customer-data/find`: the customer's bookings of the caller's company, newest stay first. */
export const customerDataFindSchema = z.object({
  /** The company's retention (days after the stay ended). */
  retention_days: z.number().int(),
  bookings: z.array(customerBookingSchema),
  erasable_count: z.number().int(),
  kept_count: z.number().int(),
});
export type CustomerDataFind = z.infer<typeof customerDataFindSchema>;

/** A handover's photo or signature as the export names it (never its bytes). */
export const customerDataImageSchema = z.object({
  /** A readable name: the handover, what the image is and its number (`check_in-photo-1.jpg`). */
  file_name: z.string(),
  purpose: z.enum(handoverFilePurposes),
  content_type: z.string(),
  size_bytes: z.number().int(),
  stored_at: z.string(),
});

/** One booking in the export: everything the company keeps on it about the customer, and the money of it. */
export const customerDataExportBookingSchema = z.object({
  reference: z.string(),
  status: z.enum(bookingStatuses),
  type: z.enum(bandTypes),
  channel: z.enum(bookingChannels),
  language: z.enum(languages),
  created_at: z.string(),
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }),
  vehicle: z.object({
    registration: z.string(),
    make: z.string().nullable(),
    model: z.string().nullable(),
    colour: z.string().nullable(),
  }),
  stay: z.object({
    airport: z.string(),
    airport_time_zone: z.string(),
    departure_location: z.string(),
    arrival_location: z.string(),
    departure_at: z.string(),
    arrival_at: z.string(),
    outbound_flight: z.string().nullable(),
    return_flight: z.string().nullable(),
    passengers: z.number().int(),
    shuttle_out_at: z.string().nullable(),
    shuttle_back_at: z.string().nullable(),
    package: z.string().nullable(),
    notes: z.string().nullable(),
  }),
  /** Minor units of `currency`, as the booking was sold. */
  price: z.object({
    currency: z.string(),
    base_price: z.number().int(),
    package_price: z.number().int(),
    services_price: z.number().int(),
    discount: z.number().int(),
    total: z.number().int(),
    voucher_code: z.string().nullable(),
    agency: z.string().nullable(),
    services: z.array(z.object({ name: z.string(), unit_price: z.number().int(), quantity: z.number().int(), price: z.number().int() })),
  }),
  /** The ledger, deleted payments too (with why); `paid` sums the ones not deleted. */
  payments: z.array(
    z.object({
      paid_at: z.string(),
      amount: z.number().int(),
      credit: z.number().int(),
      method: z.enum(paymentMethods),
      reference: z.string().nullable(),
      deleted_at: z.string().nullable(),
      delete_reason: z.string().nullable(),
    }),
  ),
  paid: z.number().int(),
  handovers: z.array(
    z.object({
      kind: z.enum(handoverKinds),
      recorded_at: z.string(),
      mileage: z.number().int().nullable(),
      fuel_eighths: z.number().int().nullable(),
      marks: z.array(z.object({ area: z.enum(damageAreas), note: z.string() })),
      signed_name: z.string().nullable(),
      note: z.string().nullable(),
      undone_at: z.string().nullable(),
      images: z.array(customerDataImageSchema),
    }),
  ),
  /** The messages the company sent (or queued) about the booking: to whom, what, and when. */
  mails: z.array(
    z.object({
      kind: z.string(),
      language: z.enum(languages),
      to_address: z.string(),
      subject: z.string(),
      state: z.enum(mailStates),
      created_at: z.string(),
      sent_at: z.string().nullable(),
    }),
  ),
});
export type CustomerDataExportBooking = z.infer<typeof customerDataExportBookingSchema>;

/** `POST /api/customer-data/export/json`: the file the customer receives; `export_id` names its audit entry. */
export const customerDataExportSchema = z.object({
  export_id: z.string(),
  exported_at: z.string(),
  company: z.string(),
  searched: z.object({ email: z.string().nullable(), phone: z.string().nullable() }),
  bookings: z.array(customerDataExportBookingSchema),
});
export type CustomerDataExport = z.infer<typeof customerDataExportSchema>;

/** `POST /api/customer-data/erase`: what was erased (and how many images and mails went with each), what was kept and why. */
export const customerDataEraseSchema = z.object({
  erased: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      handover_images_deleted: z.number().int(),
      mails_blanked: z.number().int(),
    }),
  ),
  kept: z.array(
    z.object({
      id: z.number().int(),
      reference: z.string(),
      reason: z.enum(customerDataKeptReasons),
      erasable_from: z.string(),
    }),
  ),
});
export type CustomerDataErase = z.infer<typeof customerDataEraseSchema>;

/** A file's bytes as a client reads them (`blob: true`): the platform's Blob (the contracts alone know no Blob). */
type FileBody = typeof globalThis extends { Blob: { prototype: infer B } } ? B : unknown;

/**
 * The customer data screen's calls. Finding and exporting need `customer_data.view` (an export carries the bookings'
 * money throughout, so `finance.view` too); erasing needs `customer_data.erase`. Each takes the search as its body.
 */
export const customerDataEndpoints = {
  find: endpoint({
    method: 'POST',
    path: '/api/customer-data/find',
    access: { permission: 'customer_data.view' },
    body: customerSearchSchema,
    response: customerDataFindSchema,
  }),
  exportJson: endpoint({
    method: 'POST',
    path: '/api/customer-data/export/json',
    access: { permission: 'customer_data.view', finance: true },
    body: customerSearchSchema,
    response: customerDataExportSchema,
  }),
  /** A CSV file (the server documents its type), read as a file. */
  exportCsv: endpoint({
    method: 'POST',
    path: '/api/customer-data/export/csv',
    access: { permission: 'customer_data.view', finance: true },
    body: customerSearchSchema,
    response: z.custom<FileBody>(),
    shape: 'raw',
  }),
  erase: endpoint({
    method: 'POST',
    path: '/api/customer-data/erase',
    access: { permission: 'customer_data.erase' },
    body: customerSearchSchema,
    response: customerDataEraseSchema,
  }),
} as const;
