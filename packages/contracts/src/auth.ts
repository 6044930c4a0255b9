import { z } from 'zod';
import { listQuerySchema, recordIdSchema } from './common/pagination.ts';
import { notOnlyBlank, V } from './common/validation.ts';

/** Organisation instance id (spec section 9). */
export const ORG_INSTANCE_ID = 1;
/** Country id sent with every phone sign-in (spec section 9). */
export const PHONE_LOGIN_COUNTRY_ID = 94;
/** Identifier and password length on the sign-in form (spec section 9). */
export const CREDENTIAL_MIN = 3;
export const CREDENTIAL_MAX = 50;

export const identifierTypes = ['email', 'phone', 'username'] as const;
export type IdentifierType = (typeof identifierTypes)[number];

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

/** Spec 5: a phone number starts with a digit and has no letters, or starts with + followed by a digit. */
export function isPhoneIdentifier(value: string): boolean {
  return (/^\d/.test(value) && !/[A-Za-z]/.test(value)) || /^\+\d/.test(value);
}

/** Spec 5: an email pattern gives email, a phone number gives phone, anything else gives username. */
export function classifyIdentifier(value: string): IdentifierType {
  const trimmed = value.trim();
  if (EMAIL_PATTERN.test(trimmed)) return 'email';
  if (isPhoneIdentifier(trimmed)) return 'phone';
  return 'username';
}

/**
 * A phone identifier as stored: digits only, without the country's dialling code or the trunk 0.
 * "+94 77 123 4567", "0771234567" and "771234567" all become "771234567".
 */
export function normalisePhone(value: string, diallingCode = String(PHONE_LOGIN_COUNTRY_ID)): string {
  const hadPlus = value.trim().startsWith('+');
  let digits = value.replace(/\D/g, '');
  if (hadPlus && digits.startsWith(diallingCode)) digits = digits.slice(diallingCode.length);
  return digits.replace(/^0+/, '');
}

/**
 * The identifier's own check after its length: something with an "@" must be a valid e-mail ("Wrong email
 * format"), a phone number must have 6 to 15 digits, a username only letters, digits and . _ -.
 */
function identifierFormatKey(value: string): string | undefined {
  const trimmed = value.trim();
  if (trimmed.includes('@')) return EMAIL_PATTERN.test(trimmed) ? undefined : V.wrongEmail;
  if (isPhoneIdentifier(trimmed)) {
    const digits = trimmed.replace(/\D/g, '').length;
    return /^\+?[\d\s()-]+$/.test(trimmed) && digits >= 6 && digits <= 15 ? undefined : V.wrongPhone;
  }
  return USERNAME_PATTERN.test(trimmed) ? undefined : V.wrongUsername;
}

// `abort` stops at the first failed check, so a field shows one message: the most basic one.
const credentialString = z
  .string({ error: V.required })
  .min(1, { error: V.required, abort: true })
  .refine(notOnlyBlank, { error: V.notBlank, abort: true })
  .refine((value) => value.trim().length >= CREDENTIAL_MIN, { error: V.min3 })
  .refine((value) => value.trim().length <= CREDENTIAL_MAX, { error: V.max50 });

/** The sign-in form (web): one identifier field and a password. */
export const loginFormSchema = z.object({
  identifier: credentialString.superRefine((value, ctx) => {
    if (value.trim().length < CREDENTIAL_MIN || value.trim().length > CREDENTIAL_MAX) return;
    const key = identifierFormatKey(value);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  }),
  password: z
    .string({ error: V.required })
    .min(1, { error: V.required, abort: true })
    .min(CREDENTIAL_MIN, { error: V.min3 })
    .max(CREDENTIAL_MAX, { error: V.max50 }),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** A 6-digit code from an authenticator app. */
const totpCode = z.string({ error: V.required }).regex(/^\d{6}$/, { error: V.totpCode });

// An empty password is "required", not "Minimum 3 symbols".
const password = z
  .string({ error: V.required })
  .min(1, { error: V.required, abort: true })
  .min(CREDENTIAL_MIN, { error: V.min3 })
  .max(CREDENTIAL_MAX, { error: V.max50 });

/**
 * POST /api/auth/login body (spec section 7): exactly one of email, phn_nbr, username, named by `type`.
 * `company_id` may be absent on a first visit: identifiers are unique in the organisation.
 */
export const loginBodySchema = z
  .strictObject({
    email: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    phn_nbr: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    username: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    password,
    type: z.enum(identifierTypes, { error: V.invalidValue }),
    org_instance_id: z.literal(ORG_INSTANCE_ID, { error: V.invalidValue }),
    company_id: recordIdSchema.nullish(),
    country_id: recordIdSchema.optional(),
    /**
     * A current code from the authenticator app, sent with the password. Optional: without it an account
     * with two-factor on gets the `verify` step. With it, the code is checked at once; this is also how an
     * account locked by failed attempts from elsewhere still signs in (see docs/decisions.md).
     */
    totp_code: totpCode.optional(),
  })
  .superRefine((body, ctx) => {
    const field = body.type === 'email' ? 'email' : body.type === 'phone' ? 'phn_nbr' : 'username';
    if (!body[field]) ctx.addIssue({ code: 'custom', path: [field], message: V.required });
    for (const other of ['email', 'phn_nbr', 'username'] as const) {
      if (other !== field && body[other] !== undefined) ctx.addIssue({ code: 'custom', path: [other], message: V.unknownField });
    }
    if (body.type === 'email' && body.email && !EMAIL_PATTERN.test(body.email)) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: V.wrongEmail });
    }
    if (body.type === 'phone' && body.country_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['country_id'], message: V.required });
    }
  });
export type LoginBody = z.infer<typeof loginBodySchema>;

export const roles = ['super_admin', 'admin', 'driver'] as const;
export type Role = (typeof roles)[number];

export const userDataSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phn_nbr: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(roles),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  totp_enabled: z.boolean(),
  /** What the user may do (`airports.view`, `airports.create`...): the web app shows the screens these allow. */
  permissions: z.array(z.string()),
});
export type UserData = z.infer<typeof userDataSchema>;

/** 202 answer of every path that ends signed in. */
export const signedInDataSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  user_data: userDataSchema,
  context: z.literal('signed-in'),
});
export type SignedInData = z.infer<typeof signedInDataSchema>;

/** The further steps a 200 sign-in answer can name; the web app shows them at `/auth/{context}`. */
export const loginSteps = ['verify', 'change-password'] as const;
export type LoginStep = (typeof loginSteps)[number];

/** 200 answer: one more step is needed; `step_token` is short-lived and only good for that step. */
export const loginStepDataSchema = z.object({
  context: z.enum(loginSteps),
  step_token: z.string(),
  user_name: z.string(),
  company_id: z.number().int().nullable(),
});
export type LoginStepData = z.infer<typeof loginStepDataSchema>;

export const verifyStepBodySchema = z.strictObject({
  step_token: z.string({ error: V.required }).min(1, { error: V.required }),
  code: totpCode,
});
export type VerifyStepBody = z.infer<typeof verifyStepBodySchema>;

/** A password someone chooses: 8 to 50 characters with at least one letter and one digit. */
export const newPasswordSchema = z
  .string({ error: V.required })
  .min(8, { error: V.passwordWeak })
  .max(CREDENTIAL_MAX, { error: V.max50 })
  .refine((value) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: V.passwordWeak });

const passwordPair = {
  new_password: newPasswordSchema,
  confirm_password: z.string({ error: V.required }).min(1, { error: V.required }),
};
const passwordsMatch = (body: { new_password: string; confirm_password: string }) => body.new_password === body.confirm_password;

export const changePasswordStepBodySchema = z
  .strictObject({ step_token: z.string({ error: V.required }).min(1, { error: V.required }), ...passwordPair })
  .refine(passwordsMatch, { path: ['confirm_password'], error: V.passwordMismatch });
export type ChangePasswordStepBody = z.infer<typeof changePasswordStepBodySchema>;

/** The new-password form of the change-password step (web): the body without the token. */
export const newPasswordFormSchema = z
  .object(passwordPair)
  .refine(passwordsMatch, { path: ['confirm_password'], error: V.passwordMismatch });
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

export const refreshBodySchema = z.strictObject({
  refresh_token: z.string({ error: V.required }).min(1, { error: V.required }),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const adminChangePasswordBodySchema = z
  .strictObject({ current_password: password, ...passwordPair })
  .refine(passwordsMatch, { path: ['confirm_password'], error: V.passwordMismatch });
export type AdminChangePasswordBody = z.infer<typeof adminChangePasswordBodySchema>;

/** A user of the company as the admin list shows it. */
export const companyUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phn_nbr: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(roles),
  status: z.union([z.literal(0), z.literal(1)]),
  must_change_password: z.boolean(),
  created_at: z.string(),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

const personName = z
  .string({ error: V.required })
  .trim()
  .min(1, { error: V.required })
  .max(100, { error: V.max100 })
  .regex(/^[\p{L}\p{M} .'-]+$/u, { error: V.onlyAlphabets });

/** POST /api/auth/driver/add: a driver's sign-in account, created with a temporary password. */
export const driverAddBodySchema = z.strictObject({
  name: personName,
  email: z
    .string({ error: V.required })
    .trim()
    .toLowerCase()
    .regex(EMAIL_PATTERN, { error: V.wrongEmail })
    .max(CREDENTIAL_MAX, { error: V.max50 }),
  phn_nbr: z
    .string()
    .trim()
    .regex(/^\+?[\d\s()-]{6,20}$/, { error: V.wrongPhone })
    .optional(),
  country_id: recordIdSchema.optional(),
  temporary_password: newPasswordSchema,
});
export type DriverAddBody = z.infer<typeof driverAddBodySchema>;

/** Sign-out: the refresh token to revoke (its whole family ends). */
export const logoutBodySchema = refreshBodySchema;

/**
 * POST /api/auth/totp/setup body. Nothing is needed while two-factor is off; once it is on, replacing the
 * secret needs the password or a current code (a forgotten open session must not be enough).
 */
export const totpSetupBodySchema = z.strictObject({ password: password.optional(), code: totpCode.optional() }).nullish();
export type TotpSetupBody = z.infer<typeof totpSetupBodySchema>;

/** POST /api/auth/totp/setup answer: the secret for an authenticator app, also as an otpauth:// link. */
export const totpSetupDataSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupData = z.infer<typeof totpSetupDataSchema>;

/** POST /api/auth/totp/enable body: a current code from the app. */
export const totpEnableBodySchema = z.strictObject({ code: totpCode });
export type TotpEnableBody = z.infer<typeof totpEnableBodySchema>;

/** POST /api/auth/totp/disable body: the password again, so a forgotten open session cannot turn it off. */
export const totpDisableBodySchema = z.strictObject({ password });
export type TotpDisableBody = z.infer<typeof totpDisableBodySchema>;

export const adminListQuerySchema = listQuerySchema(['name', 'email', 'created_at'] as const);
export type AdminListQuery = z.output<typeof adminListQuerySchema>;
