import { z } from 'zod';
import { CREDENTIAL_MAX, EMAIL_PATTERN } from './auth.fields.ts';
import { newPasswordSchema } from './auth.ts';
import { calendarDateSchema } from './common/dates.ts';
import { approveStatuses, driverDocumentContentTypes, ineligibilityReasons } from './common/driverStates.ts';
import { crudEndpoints, endpoint } from './common/endpoint.ts';
import { financeFigure } from './common/finance.ts';
import { priceSchema, recordName } from './common/names.ts';
import {
  idParamsSchema,
  listQuerySchema,
  recordIdParamSchema,
  recordIdSchema,
  recordStatusQuerySchema,
  recordStatusSchema,
  zonedContextQuerySchema,
} from './common/pagination.ts';
import { companyPersonSortFields, documentTypeSortFields, driverSortFields } from './common/sortFields.ts';
import { V } from './common/validation.ts';

export { MAX_UPLOAD_BYTES } from './common/driverStates.ts';
export {
  approveStatuses,
  companyPersonSortFields,
  documentTypeSortFields,
  driverDocumentContentTypes,
  driverSortFields,
  ineligibilityReasons,
};

/**
 * Drivers (issue 8, section 1): the profile of a company user whose role is `driver`. The sign-in (e-mail,
 * phone, password, `admin_status`: whether the company lets them sign in) lives on the user; the profile
 * keeps the rest. Dates are calendar days; money is integer minor units of the company's currency.
 */

const personName = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(50, { error: V.max50 })
  .regex(/^[\p{L}\p{M} .'-]+$/u, { error: V.onlyAlphabets });
const email = z
  .string({ error: V.required })
  .trim()
  .toLowerCase()
  // An empty e-mail is missing, not malformed: "required" alone.
  .min(1, { error: V.required, abort: true })
  .regex(EMAIL_PATTERN, { error: V.wrongEmail })
  .max(CREDENTIAL_MAX, { error: V.max50 });
const phone = z
  .string()
  .trim()
  .regex(/^\+?[\d\s()-]{6,20}$/, { error: V.wrongPhone });
const licenceNumber = z
  .string({ error: V.invalidType })
  .trim()
  .max(30, { error: V.tooLong })
  .regex(/^[\p{L}\p{N} /-]*$/u, { error: V.invalidValue })
  .transform((value) => (value === '' ? null : value.toUpperCase()))
  .nullable();
const optionalDate = calendarDateSchema().nullable();

/** One reason a driver cannot take a trip on a day; documents name their type, dates are the expiry. */
export const ineligibilitySchema = z.object({
  code: z.enum(ineligibilityReasons),
  document_type_id: z.number().int().nullable(),
  document_type_name: z.string().nullable(),
  date: z.string().nullable(),
});
export type Ineligibility = z.infer<typeof ineligibilitySchema>;

/** A driver as every driver call answers it; `eligibility` is for the request's day (its `time_zone`). */
export const driverSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  user_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phn_nbr: z.string().nullable(),
  country_id: z.number().int().nullable(),
  licence_number: z.string().nullable(),
  licence_expiry: z.string().nullable(),
  approve_status: z.enum(approveStatuses),
  /** 1: takes work; 0: off (kept, gets no new trips). */
  status: recordStatusSchema,
  /** 1: the company lets this driver sign in; 0: sign-in and sessions ended. */
  admin_status: recordStatusSchema,
  /** The hourly rate in force on the request's day, or null when none has started yet. */
  price_per_hour: financeFigure(z.number().int()),
  eligibility: z.object({ eligible: z.boolean(), reasons: z.array(ineligibilitySchema) }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Driver = z.infer<typeof driverSchema>;

/**
 * POST /api/auth/driver/add: a driver's sign-in account, created with a temporary password (the first
 * sign-in asks for a new one), and the driver's profile, `pending` approval, in one transaction.
 */
export const driverAddBodySchema = z.strictObject({
  first_name: personName,
  last_name: personName,
  email,
  phn_nbr: phone.optional(),
  country_id: recordIdSchema.optional(),
  temporary_password: newPasswordSchema,
  licence_number: licenceNumber.optional(),
  licence_expiry: optionalDate.optional(),
});
export type DriverAddInput = z.input<typeof driverAddBodySchema>;
export type DriverAddBody = z.output<typeof driverAddBodySchema>;

/** PATCH /api/driver/update/{id}: any subset of the profile, the sign-in e-mail and phone, and the approval. */
export const driverUpdateSchema = z
  .strictObject({
    first_name: personName.optional(),
    last_name: personName.optional(),
    email: email.optional(),
    phn_nbr: phone.nullable().optional(),
    country_id: recordIdSchema.nullable().optional(),
    licence_number: licenceNumber.optional(),
    licence_expiry: optionalDate.optional(),
    approve_status: z.enum(approveStatuses, { error: V.invalidValue }).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type DriverUpdateInput = z.input<typeof driverUpdateSchema>;
export type DriverUpdate = z.output<typeof driverUpdateSchema>;

/** PATCH /api/driver/update/status/{id}: takes work (1) or not (0). */
export const driverStatusUpdateSchema = z.strictObject({ status: recordStatusSchema });
export type DriverStatusUpdate = z.infer<typeof driverStatusUpdateSchema>;

/** GET /api/driver/list (the spec asks `page_size=1000&approve_status=approved`): search by name, e-mail, phone, licence. */
export const driverListQuerySchema = listQuerySchema(driverSortFields).extend({
  time_zone: zonedContextQuerySchema.shape.time_zone,
  approve_status: z.enum(approveStatuses).optional(),
  status: recordStatusQuerySchema.optional(),
  /** The day eligibility and the rate are read for (the dispatch screen's day); today when absent. */
  date: calendarDateSchema().optional(),
});
export type DriverListQuery = z.output<typeof driverListQuerySchema>;

/** GET /api/company/driver&admin/list: the company's admins and drivers in one list. */
export const companyPersonSchema = z.object({
  user_id: z.number().int(),
  /** The driver profile's id, for drivers. */
  driver_id: z.number().int().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phn_nbr: z.string().nullable(),
  role: z.enum(['admin', 'driver']),
  /** The role that says what they may do (`GET /api/role/list`): a built-in one or one of the company's own. */
  role_id: z.number().int(),
  /** The company's own role's name; null for the built-in role of their kind (`role`). */
  role_name: z.string().nullable(),
  admin_status: recordStatusSchema,
  approve_status: z.enum(approveStatuses).nullable(),
  created_at: z.string(),
});
export type CompanyPerson = z.infer<typeof companyPersonSchema>;

export const companyPersonListQuerySchema = listQuerySchema(companyPersonSortFields).extend({
  role: z.enum(['admin', 'driver']).optional(),
  admin_status: recordStatusQuerySchema.optional(),
});
export type CompanyPersonListQuery = z.output<typeof companyPersonListQuerySchema>;

/**
 * POST /api/auth/admin/add: another admin of the company, with a temporary password (the first sign-in asks for
 * a new one). The same field rules as a driver's account.
 */
export const adminAddBodySchema = z.strictObject({
  name: z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .max(100, { error: V.max100 })
    .regex(/^[\p{L}\p{M} .'-]+$/u, { error: V.onlyAlphabets }),
  email,
  phn_nbr: phone.optional(),
  country_id: recordIdSchema.optional(),
  temporary_password: newPasswordSchema,
  /**
   * Their role (`GET /api/role/list`): the built-in Administrator or one of the company's own, within the permissions of
   * whoever adds them. Required: an account never gets a role by default (docs/decisions.md "No way up").
   */
  role_id: recordIdSchema,
});
export type AdminAddInput = z.input<typeof adminAddBodySchema>;
export type AdminAddBody = z.output<typeof adminAddBodySchema>;

/** PATCH /api/company/driver/admin-status/update/{id} (a user id): 0 ends the person's sign-in and sessions. */
export const adminStatusUpdateSchema = z.strictObject({ admin_status: recordStatusSchema });
export type AdminStatusUpdate = z.infer<typeof adminStatusUpdateSchema>;

/** Everyone of the company (the People screen) and the switch that lets each sign in. */
export const peopleEndpoints = {
  /** Spec 7 `user/list`: the company's admins and drivers, as `company/driver&admin/list` answers them. */
  list: endpoint({
    method: 'GET',
    path: '/api/user/list',
    access: { permission: 'users.view' },
    query: companyPersonListQuerySchema,
    response: companyPersonSchema,
    shape: 'list',
  }),
  /** Spec 7 `company/driver&admin/list`. */
  companyList: endpoint({
    method: 'GET',
    path: '/api/company/driver&admin/list',
    access: { permission: 'users.view' },
    query: companyPersonListQuerySchema,
    response: companyPersonSchema,
    shape: 'list',
  }),
  /** 0 ends the person's sign-in and every session at once; 1 lets them sign in again. */
  setSignIn: endpoint({
    method: 'PATCH',
    path: '/api/company/driver/admin-status/update/:id',
    access: { permission: 'users.update' },
    params: idParamsSchema,
    body: adminStatusUpdateSchema,
    response: companyPersonSchema,
  }),
} as const;

/* Document types (`/api/document/...`): which documents a driver must hold. */

export const documentTypeSchema = z.object({
  id: z.number().int(),
  company_id: z.number().int(),
  name: z.string(),
  /** A driver without a valid one of these gets no trips. */
  required: z.boolean(),
  /** Its uploads carry an expiry date (and expire). */
  has_expiry: z.boolean(),
  /** The driving licence: a driver's latest document of it gives their `licence_expiry`. At most one type per company. */
  is_licence: z.boolean(),
  status: recordStatusSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentTypeCreateSchema = z.strictObject({
  name: recordName(),
  required: z.boolean({ error: V.invalidType }).default(false),
  has_expiry: z.boolean({ error: V.invalidType }).default(false),
  is_licence: z.boolean({ error: V.invalidType }).default(false),
  status: recordStatusSchema.default(1),
});
export type DocumentTypeCreateInput = z.input<typeof documentTypeCreateSchema>;
export type DocumentTypeCreate = z.output<typeof documentTypeCreateSchema>;

export const documentTypeUpdateSchema = z
  .strictObject({
    name: recordName().optional(),
    required: z.boolean({ error: V.invalidType }).optional(),
    has_expiry: z.boolean({ error: V.invalidType }).optional(),
    is_licence: z.boolean({ error: V.invalidType }).optional(),
    status: recordStatusSchema.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: V.required });
export type DocumentTypeUpdate = z.output<typeof documentTypeUpdateSchema>;

export const documentTypeListQuerySchema = listQuerySchema(documentTypeSortFields).extend({
  status: recordStatusQuerySchema.optional(),
  required: z
    .enum(['0', '1'])
    .transform((value) => value === '1')
    .optional(),
});
export type DocumentTypeListQuery = z.output<typeof documentTypeListQuerySchema>;

/** Spec 7: `document/add`, `list`, `get/{id}`, `update/{id}`, `delete/{id}`: the document types drivers hold. */
export const documentTypeEndpoints = crudEndpoints('/api/document', 'document_types', {
  record: documentTypeSchema,
  create: documentTypeCreateSchema,
  update: documentTypeUpdateSchema,
  listQuery: documentTypeListQuerySchema,
  idParams: idParamsSchema,
});

/* Driver documents (`/api/driver/documents/...`): uploaded files, each of a document type. */

export const driverDocumentSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  document_type_id: z.number().int(),
  document_type_name: z.string(),
  expiry_date: z.string().nullable(),
  /** Expired on the request's day (the expiry day itself still counts as valid). */
  expired: z.boolean(),
  /** The name the file was uploaded with, for display and the download's name; never a path on the server. */
  file_name: z.string(),
  content_type: z.enum(driverDocumentContentTypes),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type DriverDocument = z.infer<typeof driverDocumentSchema>;

/** The text fields of the multipart POST /api/driver/documents/add, beside its one `file`. */
export const driverDocumentFieldsSchema = z.strictObject({
  driver_id: recordIdParamSchema,
  document_type_id: recordIdParamSchema,
  expiry_date: calendarDateSchema().optional(),
});
export type DriverDocumentFields = z.output<typeof driverDocumentFieldsSchema>;

export const driverDocumentListQuerySchema = zonedContextQuerySchema.extend({ driver_id: recordIdParamSchema });
export type DriverDocumentListQuery = z.output<typeof driverDocumentListQuerySchema>;

export const driverDocumentParamsSchema = z.object({ driver_id: recordIdParamSchema, document_id: recordIdParamSchema });
export type DriverDocumentParams = z.output<typeof driverDocumentParamsSchema>;

/**
 * A document about to expire (`GET /api/driver/documents/expiring/list`, the dashboard's list): the latest
 * document of a type a driver holds (a newer one replaces it), or the licence on the profile (`kind`
 * `licence`, no type), whose expiry falls from the request's day to `days` ahead.
 */
export const expiringDocumentSchema = z.object({
  driver_id: z.number().int(),
  driver_name: z.string(),
  kind: z.enum(['document', 'licence']),
  document_type_id: z.number().int().nullable(),
  document_type_name: z.string().nullable(),
  required: z.boolean(),
  expiry_date: z.string(),
  days_left: z.number().int(),
});
export type ExpiringDocument = z.infer<typeof expiringDocumentSchema>;

export const expiringDocumentQuerySchema = zonedContextQuerySchema.extend({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export type ExpiringDocumentQuery = z.output<typeof expiringDocumentQuerySchema>;

/* Price per hour (`/api/driver/price_per_hour/...`): a driver's rate from a day on, history kept. */

export const driverRateSchema = z.object({
  id: z.number().int(),
  driver_id: z.number().int(),
  price_per_hour: z.number().int(),
  effective_from: z.string(),
  /** In force on the request's day. */
  current: z.boolean(),
  created_at: z.string(),
});
export type DriverRate = z.infer<typeof driverRateSchema>;

export const driverRateCreateSchema = z.strictObject({
  driver_id: recordIdSchema,
  price_per_hour: priceSchema.refine((value) => value > 0, { error: V.positiveAmount }),
  effective_from: calendarDateSchema(),
});
export type DriverRateCreateInput = z.input<typeof driverRateCreateSchema>;
export type DriverRateCreate = z.output<typeof driverRateCreateSchema>;

export const driverRateListQuerySchema = zonedContextQuerySchema.extend({ driver_id: recordIdParamSchema });
export type DriverRateListQuery = z.output<typeof driverRateListQuerySchema>;

/**
 * The multipart form of POST /api/driver/documents/add: the text fields and the one `file` (the server checks its
 * presence, name and bytes itself; `file` is documented as binary for the API reference).
 */
export const driverDocumentUploadFormSchema = driverDocumentFieldsSchema.extend({
  file: z.unknown().meta({ type: 'string', format: 'binary', description: 'The document: a PDF, JPEG or PNG file of at most 10 MB' }),
});

/** Spec 7, "Company and drivers": the driver's account and profile (`auth/driver/add`) and the driver calls. */
export const driverEndpoints = {
  /** The sign-in account with a temporary password and the profile, `pending` approval. */
  add: endpoint({
    method: 'POST',
    path: '/api/auth/driver/add',
    access: { permission: 'drivers.create' },
    query: zonedContextQuerySchema,
    body: driverAddBodySchema,
    response: driverSchema,
    status: 201,
  }),
  /** The spec asks `page_size=1000&approve_status=approved` (the dispatch screen, with its `date`). */
  list: endpoint({
    method: 'GET',
    path: '/api/driver/list',
    access: { permission: 'drivers.view' },
    query: driverListQuerySchema,
    response: driverSchema,
    shape: 'list',
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/driver/get/:id',
    access: { permission: 'drivers.view' },
    params: idParamsSchema,
    query: zonedContextQuerySchema,
    response: driverSchema,
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/api/driver/update/:id',
    access: { permission: 'drivers.update' },
    params: idParamsSchema,
    query: zonedContextQuerySchema,
    body: driverUpdateSchema,
    response: driverSchema,
  }),
  /** Takes work (1) or not (0). */
  updateStatus: endpoint({
    method: 'PATCH',
    path: '/api/driver/update/status/:id',
    access: { permission: 'drivers.update' },
    params: idParamsSchema,
    query: zonedContextQuerySchema,
    body: driverStatusUpdateSchema,
    response: driverSchema,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/driver/delete/:id',
    access: { permission: 'drivers.delete' },
    params: idParamsSchema,
    shape: 'message',
  }),
} as const;

/** A driver's uploaded documents: upload (multipart), list, delete, the file's download, and what expires soon. */
export const driverDocumentEndpoints = {
  /** A `multipart/form-data` form (the web sends it as FormData). */
  add: endpoint({
    method: 'POST',
    path: '/api/driver/documents/add',
    access: { permission: 'drivers.update' },
    query: zonedContextQuerySchema,
    body: driverDocumentUploadFormSchema,
    multipart: true,
    response: driverDocumentSchema,
    status: 201,
  }),
  /** The dashboard's list: every row on one page. */
  expiring: endpoint({
    method: 'GET',
    path: '/api/driver/documents/expiring/list',
    access: { permission: 'drivers.view' },
    query: expiringDocumentQuerySchema,
    response: expiringDocumentSchema,
    shape: 'list',
  }),
  /** Every document of one driver, on one page. */
  list: endpoint({
    method: 'GET',
    path: '/api/driver/documents/list',
    access: { permission: 'drivers.view' },
    query: driverDocumentListQuerySchema,
    response: driverDocumentSchema,
    shape: 'list',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/driver/documents/delete/:driver_id/:document_id',
    access: { permission: 'drivers.update' },
    params: driverDocumentParamsSchema,
    shape: 'message',
  }),
  /**
   * The file as uploaded (PDF, JPEG or PNG), an attachment: a body of its own, whose bytes the web reads as a Blob
   * (`blob: true`; `unknown` here, where no Blob type is known).
   */
  file: endpoint({
    method: 'GET',
    path: '/api/driver/documents/file/:driver_id/:document_id',
    access: { permission: 'drivers.view' },
    params: driverDocumentParamsSchema,
    response: z.unknown(),
    shape: 'raw',
  }),
} as const;

/** A driver's hourly rates (a rate is never changed: a new one starts on a later day). */
export const driverRateEndpoints = {
  /** Every rate of one driver, on one page. */
  list: endpoint({
    method: 'GET',
    path: '/api/driver/price_per_hour/list',
    access: { permission: 'drivers.view', finance: true },
    query: driverRateListQuerySchema,
    response: driverRateSchema,
    shape: 'list',
  }),
  add: endpoint({
    method: 'POST',
    path: '/api/driver/price_per_hour/add',
    access: { permission: 'drivers.update', finance: true },
    query: zonedContextQuerySchema,
    body: driverRateCreateSchema,
    response: driverRateSchema,
    status: 201,
  }),
} as const;
