import { z } from 'zod';
import { isKnownTimeZone } from './airports.ts';
import { newPasswordSchema } from './auth.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { idParamsSchema, listQuerySchema, recordIdSchema, recordStatusQuerySchema, recordStatusSchema } from './common/pagination.ts';
import { companySortFields } from './common/sortFields.ts';
import { notOnlyBlank, V } from './common/validation.ts';

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

const companyFields = {
  name: z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .refine(notOnlyBlank, { error: V.notBlank, abort: true })
    .transform((value) => value.trim())
    .pipe(z.string().min(3, { error: V.min3 }).max(100, { error: V.tooLong })),
  contact_email: contactEmail,
  contact_phone: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{6,20}$/, { error: V.wrongPhone })
    .nullable(),
  address: z.string().trim().max(300, { error: V.tooLong }).nullable(),
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
