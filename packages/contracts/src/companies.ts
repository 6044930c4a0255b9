import { z } from 'zod';
import { isKnownTimeZone } from './airports.ts';
import { newPasswordSchema } from './auth.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { SLUG_PATTERN } from './common/slug.ts';
import { companySortFields } from './common/sortFields.ts';
import { notOnlyBlank, V } from './common/validation.ts';
import { publicBookingPayments } from './publicBooking.ts';

/** ISO 4217 codes this runtime knows (GBP, LKR, EUR...). */
let currencySet: Set<string> | undefined;
export function isKnownCurrency(value: string): boolean {
  currencySet ??= new Set(Intl.supportedValuesOf('currency'));
  return currencySet.has(value);
}

/** A company of the organisation, as the super admin's company calls answer it. */
export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  country_id: z.number().int().nullable(),
  time_zone: z.string(),
  currency: z.string(),
  status: recordStatusSchema,
  /** The companies this one lists as partners (DOMAIN.md: they see nothing of each other unless a rule says so). */
  partner_ids: z.array(z.number().int()),
  /** Publishable key of the company's sign-in page and public site (Basic company_id:client_key). */
  client_key: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

const contactEmail = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .min(1, { error: V.required, abort: true })
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: V.wrongEmail })
  .max(100, { error: V.tooLong });

/** A phone number as entered (digits, spaces, brackets, hyphens, a leading +); nothing is reformatted. */
const phoneRule = z.string().regex(/^\+?[\d\s()-]{6,20}$/, { error: V.wrongPhone });
/** A postal address, several lines if need be (a document prints it as typed). */
const addressRule = z.string().max(300, { error: V.max300 });

const companyFields = {
  name: z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .refine(notOnlyBlank, { error: V.notBlank, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().min(3, { error: V.min3 }).max(100, { error: V.tooLong })),
  contact_email: contactEmail,
  contact_phone: z.string().trim().pipe(phoneRule).nullable(),
  address: z.string().trim().pipe(addressRule).nullable(),
  country_id: recordIdSchema.nullable(),
  time_zone: z.string({ error: V.required }).refine(isKnownTimeZone, { error: V.timeZone }),
  currency: z.string({ error: V.required }).trim().toUpperCase().refine(isKnownCurrency, { error: V.currency }),
  status: recordStatusSchema,
  partner_ids: z.array(recordIdSchema).max(100, { error: V.tooLong }),
};

/** The company's first admin, made with the company; they choose their own password at first sign-in. */
export const companyFirstAdminSchema = z.strictObject({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(100, { error: V.tooLong })
    .regex(/^[\p{L}\p{M} .'-]+$/u, { error: V.onlyAlphabets }),
  email: contactEmail,
  temporary_password: newPasswordSchema,
});

/** POST /api/company/add (super admin): the company, its first admin; the client key is made by the server. */
export const companyCreateSchema = z.strictObject({
  name: companyFields.name,
  contact_email: companyFields.contact_email,
  contact_phone: companyFields.contact_phone.optional(),
  address: companyFields.address.optional(),
  country_id: companyFields.country_id.optional(),
  time_zone: companyFields.time_zone,
  currency: companyFields.currency,
  status: companyFields.status.default(1),
  partner_ids: companyFields.partner_ids.default([]),
  admin: companyFirstAdminSchema,
});
export type CompanyCreateInput = z.input<typeof companyCreateSchema>;
export type CompanyCreate = z.output<typeof companyCreateSchema>;

/** PATCH /api/company/update/{id}: any subset; `status: 0` ends the sessions of the company's users. */
export const companyUpdateSchema = z
  .strictObject({
    name: companyFields.name.optional(),
    contact_email: companyFields.contact_email.optional(),
    contact_phone: companyFields.contact_phone.optional(),
    address: companyFields.address.optional(),
    country_id: companyFields.country_id.optional(),
    time_zone: companyFields.time_zone.optional(),
    currency: companyFields.currency.optional(),
    status: companyFields.status.optional(),
    partner_ids: companyFields.partner_ids.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type CompanyUpdate = z.output<typeof companyUpdateSchema>;

export { companySortFields };

/** GET /api/company/list: paging, sort, search by name or contact e-mail, `status=1` for active ones. */
export const companyListQuerySchema = listQuerySchema(companySortFields).extend({
  status: recordStatusQuerySchema.optional(),
});
export type CompanyListQuery = z.output<typeof companyListQuerySchema>;

/** GET /api/company/status/list: the company statuses, labelled in the caller's language. */
export const companyStatusOptionSchema = z.object({ value: recordStatusSchema, label: z.string() });
export type CompanyStatusOption = z.infer<typeof companyStatusOptionSchema>;

/** GET /api/company/partners/list: the caller's company's partners (id and name only). */
export const partnerCompanySchema = z.object({ id: z.number().int(), name: z.string(), status: recordStatusSchema });
export type PartnerCompany = z.infer<typeof partnerCompanySchema>;

/** Spec 7: company CRUD (the organisation's super admin), `company/status/list` and `company/partners/list`. */
export const companyEndpoints = {
  ...crudEndpoints('/api/company', 'companies', {
    record: companySchema,
    create: companyCreateSchema,
    update: companyUpdateSchema,
    listQuery: companyListQuerySchema,
    idParams: idParamsSchema,
  }),
  /** The company statuses, labelled in the caller's language (any signed-in user). */
  statuses: endpoint({
    method: 'GET',
    path: '/api/company/status/list',
    access: { permission: 'session' },
    response: z.array(companyStatusOptionSchema),
  }),
  /** The caller's company's partners. */
  partners: endpoint({
    method: 'GET',
    path: '/api/company/partners/list',
    access: { permission: 'partners.view' },
    response: z.array(partnerCompanySchema),
  }),
} as const;

/** ISO days of the week: 1 Monday to 7 Sunday (a company's first day of the week, for calendars). */
export const isoWeekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export type IsoWeekday = (typeof isoWeekdays)[number];

/** The longest terms text a company keeps (the foot of its statements). */
export const MAX_TERMS_LENGTH = 5000;

/**
 * What a company's admin keeps on the settings screen (issue 21): the contact details (the same columns the super
 * admin sets), the tax/VAT number, how its mails are signed (sender name, reply-to), the first day of its week and
 * the terms of its documents. `name` is the company's name on record (the organisation's; documents and mails are
 * issued in it) and `mail_from_address` the server's sending address: both read only, for the screen to show.
 */
export const companyDetailsSchema = z.object({
  company_id: z.number().int(),
  name: z.string(),
  contact_email: z.string().nullable(),
  contact_phone: z.string().nullable(),
  address: z.string().nullable(),
  tax_number: z.string().nullable(),
  mail_sender_name: z.string().nullable(),
  mail_reply_to: z.string().nullable(),
  first_day_of_week: z.number().int().min(1).max(7),
  terms: z.string().nullable(),
  mail_from_address: z.string(),
  /** The public booking API and booking page (issue 23): on or off, and a web booking paid on arrival or in advance. */
  public_booking_enabled: z.boolean(),
  public_booking_payment: z.enum(publicBookingPayments),
  public_booking_refund_hours: z.number().int(),
  public_booking_origins: z.array(z.string()),
  /** The hosted booking page's address: `/book/<booking_slug>` on this server. */
  booking_slug: z.string(),
  /** Days a closed booking's personal data is kept after its stay ended (issue 23, section 4). */
  personal_data_retention_days: z.number().int(),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/** An optional text: blank (or only spaces) clears it to null; anything else is trimmed and must pass `rule`. */
const blankAsNull = (rule: z.ZodType<string, string>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule.nullable())
    .nullable();

/** Every field the admin edits, each with its rule (the settings form validates with all of them). */
export const companyDetailsFieldsSchema = z.strictObject({
  contact_email: contactEmail,
  contact_phone: blankAsNull(phoneRule),
  address: blankAsNull(addressRule),
  tax_number: blankAsNull(
    z
      .string()
      .max(30, { error: V.taxNumber })
      .regex(/^[\p{L}\p{N}][\p{L}\p{N} ./-]*$/u, { error: V.taxNumber }),
  ),
  // A name, never something that reads as an address: the From line shows it beside the real sending address.
  mail_sender_name: blankAsNull(
    z
      .string()
      .max(100, { error: V.max100 })
      .regex(/^[^@<>\p{Cc}]+$/u, { error: V.senderName }),
  ),
  mail_reply_to: blankAsNull(
    z
      .string()
      .toLowerCase()
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { error: V.wrongEmail })
      .max(100, { error: V.max100 }),
  ),
  first_day_of_week: z.number({ error: V.weekday }).int({ error: V.weekday }).min(1, { error: V.weekday }).max(7, { error: V.weekday }),
  terms: blankAsNull(z.string().max(MAX_TERMS_LENGTH, { error: V.max5000 })),
});
export type CompanyDetailsFields = z.input<typeof companyDetailsFieldsSchema>;

/** The longest notice a cancellation policy asks for: 30 days. */
export const MAX_REFUND_HOURS = 720;

/** The most web site origins a company lists for its booking form. */
export const MAX_PUBLIC_BOOKING_ORIGINS = 20;

/**
 * A web site's origin as a browser sends it: `https://www.example.com` (a port allowed; `http` too, for a site being
 * built on a local machine), nothing after the name. Kept as the URL standard writes it (lower case, no default port).
 */
export const webOriginSchema = z
  .string({ error: V.webOrigin })
  .trim()
  .max(200, { error: V.webOrigin })
  .transform((value, context) => {
    const origin = originOf(value);
    if (origin === null) {
      context.addIssue({ code: 'custom', message: V.webOrigin });
      return z.NEVER;
    }
    return origin;
  });

const ORIGIN_PATTERN = /^(https?):\/\/([a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*)(?::(\d{1,5}))?\/?$/;

function originOf(value: string): string | null {
  const match = ORIGIN_PATTERN.exec(value.toLowerCase());
  if (!match) return null;
  const [, scheme, host, port] = match;
  const defaultPort = scheme === 'https' ? '443' : '80';
  if (port !== undefined && (Number(port) > 65535 || Number(port) === 0)) return null;
  return `${scheme}://${host}${port === undefined || port === defaultPort ? '' : `:${port}`}`;
}

/** A booking page address is 2 to 60 characters: short enough to read out, long enough to be the company's. */
export const MIN_BOOKING_SLUG_LENGTH = 2;
export const MAX_BOOKING_SLUG_LENGTH = 60;

/**
 * The hosted booking page's address (`/book/harbour-parking`): lower-case Latin letters, digits and single hyphens
 * between them, as typed but trimmed and in lower case. Unique across the companies (a taken one is 409
 * `booking_slug_taken`); the database gives every company one made of its name.
 */
export const bookingSlugSchema = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  .pipe(
    z
      .string()
      .min(1, { error: V.required, abort: true })
      .min(MIN_BOOKING_SLUG_LENGTH, { error: V.min2, abort: true })
      .max(MAX_BOOKING_SLUG_LENGTH, { error: V.tooLong, abort: true })
      .regex(SLUG_PATTERN, { error: V.slug }),
  );

/** The settings screen's "Online booking" (issue 23): the public booking API and page on or off, and how a web booking is paid. */
export const publicBookingSettingsSchema = z.strictObject({
  public_booking_enabled: z.boolean({ error: V.invalidValue }),
  public_booking_payment: z.enum(publicBookingPayments, { error: V.invalidValue }),
  /** A customer who cancels online gets back what they paid until this many hours before drop-off (0 to 30 days). */
  public_booking_refund_hours: z
    .number({ error: V.invalidValue })
    .int({ error: V.positiveInteger })
    .min(0, { error: V.invalidValue })
    .max(MAX_REFUND_HOURS, { error: V.invalidValue }),
  /** The company's own web site(s): browsers may call the public booking API from these origins (CORS), from no other. */
  public_booking_origins: z
    .array(webOriginSchema, { error: V.invalidValue })
    .max(MAX_PUBLIC_BOOKING_ORIGINS, { error: V.tooManyItems })
    .transform((origins) => [...new Set(origins)]),
  /** The hosted booking page's address (`/book/<booking_slug>`). */
  booking_slug: bookingSlugSchema,
});
export type PublicBookingSettings = z.infer<typeof publicBookingSettingsSchema>;

/**
 * How long a customer's personal data is kept on a closed booking after its stay ended (issue 23, section 4): at least a
 * month (a complaint or a damage claim comes in that long), at most ten years, a year unless the company says otherwise.
 */
export const MIN_PERSONAL_DATA_RETENTION_DAYS = 30;
export const MAX_PERSONAL_DATA_RETENTION_DAYS = 3650;
export const DEFAULT_PERSONAL_DATA_RETENTION_DAYS = 365;

/** The settings screen's "Personal data": the retention the customer data screen and the retention job apply. */
export const personalDataSettingsSchema = z.strictObject({
  personal_data_retention_days: z
    .number({ error: V.invalidValue })
    .int({ error: V.positiveInteger })
    .min(MIN_PERSONAL_DATA_RETENTION_DAYS, { error: V.retentionDays })
    .max(MAX_PERSONAL_DATA_RETENTION_DAYS, { error: V.retentionDays }),
});
export type PersonalDataSettings = z.infer<typeof personalDataSettingsSchema>;

/** PATCH /api/company/details/update: any subset of the fields (at least one); null or blank clears an optional one. */
export const companyDetailsUpdateSchema = companyDetailsFieldsSchema
  .extend(publicBookingSettingsSchema.shape)
  .extend(personalDataSettingsSchema.shape)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type CompanyDetailsUpdate = z.output<typeof companyDetailsUpdateSchema>;

/** What a document the company issues (an agency's statement) carries at its head and foot. */
export const companyLetterheadSchema = companyDetailsSchema.pick({
  name: true,
  address: true,
  contact_phone: true,
  contact_email: true,
  tax_number: true,
  terms: true,
});
export type CompanyLetterhead = z.infer<typeof companyLetterheadSchema>;

/** The public booking API's credentials: `Authorization: Basic base64(company_id:client_key)`. */
export const companyClientKeySchema = z.object({ company_id: z.number().int(), client_key: z.string() });
export type CompanyClientKey = z.infer<typeof companyClientKeySchema>;

/** The signed-in admin's own company's details (the settings screen): `web_config.update`, as the rest of its settings. */
export const companyDetailsEndpoints = {
  get: endpoint({
    method: 'GET',
    path: '/api/company/details',
    access: { permission: 'web_config.update' },
    response: companyDetailsSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/company/details/update',
    access: { permission: 'web_config.update' },
    body: companyDetailsUpdateSchema,
    response: companyDetailsSchema,
  }),
  /** What the company's own web site sends to the public booking API: its company id and client key. */
  clientKey: endpoint({
    method: 'GET',
    path: '/api/company/client-key',
    access: { permission: 'web_config.update' },
    response: companyClientKeySchema,
  }),
  /** A new client key: the old one is refused at once (the sign-in page and the web site must use the new one). */
  rotateClientKey: endpoint({
    method: 'POST',
    path: '/api/company/client-key/rotate',
    access: { permission: 'web_config.update' },
    response: companyClientKeySchema,
  }),
} as const;
