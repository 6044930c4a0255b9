import { z } from 'zod';
import { CREDENTIAL_MAX, CREDENTIAL_MIN, EMAIL_PATTERN, identifierTypes, loginSteps, ORG_INSTANCE_ID, roles } from './auth.fields.ts';
import {
  confirmPasswordIssues,
  NEW_PASSWORD_MIN,
  newPasswordIssues,
  passwordIssues,
  passwordsMatch,
  TOTP_CODE_PATTERN,
  totpCodeIssues,
} from './auth.forms.ts';
import { changePasswordStepRoute, loginRoute, logoutRoute, refreshRoute, verifyRoute } from './auth.routes.ts';
import { endpoint } from './common/endpoint.ts';
import { dataEnvelope, listQuerySchema, recordIdSchema } from './common/pagination.ts';
import { V, type ValidationKey } from './common/validation.ts';

export * from './auth.fields.ts';
export * from './auth.forms.ts';
export * from './auth.routes.ts';

/**
 * A string field checked by one of the sign-in forms' zod-free rules (`auth.forms.ts`): each key the rule lists
 * is an issue, so the 400's details are what zod's own checks reported. `stopsOn`: that key skips the body's own
 * checks (zod's `abort`). `documented` says the rule in the OpenAPI as zod's length and pattern checks did
 * (a refinement is invisible to JSON Schema).
 */
function ruledString(
  rule: (value: string) => ValidationKey[],
  documented: { minLength?: number; maxLength?: number; pattern?: string },
  stopsOn?: ValidationKey,
) {
  return z
    .string({ error: V.required })
    .superRefine((value, ctx) => {
      for (const key of rule(value)) ctx.addIssue({ code: 'custom', message: key, continue: key !== stopsOn });
    })
    .meta(documented);
}

/** A password as typed to sign in. An empty one stops the body's checks ("required" alone). */
export const passwordSchema = ruledString(passwordIssues, { minLength: CREDENTIAL_MIN, maxLength: CREDENTIAL_MAX }, V.required);

/** A 6-digit code from an authenticator app. */
export const totpCodeSchema = ruledString(totpCodeIssues, { pattern: TOTP_CODE_PATTERN.source });

/** A password someone chooses: 8 to 50 characters with at least one letter and one digit. */
export const newPasswordSchema = ruledString(newPasswordIssues, { minLength: NEW_PASSWORD_MIN, maxLength: CREDENTIAL_MAX });

/** The new password and its confirmation, in every body that sets a password (with `passwordsMatch`). */
export const passwordPair = {
  new_password: newPasswordSchema,
  confirm_password: ruledString(confirmPasswordIssues, { minLength: 1 }),
};

/**
 * POST /api/auth/login body (spec section 7): exactly one of email, phn_nbr, username, named by `type`.
 * `company_id` may be absent on a first visit: identifiers are unique in the organisation.
 */
export const loginBodySchema = z
  .strictObject({
    email: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    phn_nbr: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    username: z.string().trim().min(CREDENTIAL_MIN, { error: V.min3 }).max(CREDENTIAL_MAX, { error: V.max50 }).optional(),
    password: passwordSchema,
    type: z.enum(identifierTypes, { error: V.invalidValue }),
    org_instance_id: z.literal(ORG_INSTANCE_ID, { error: V.invalidValue }),
    company_id: recordIdSchema.nullish(),
    country_id: recordIdSchema.optional(),
    /**
     * A current code from the authenticator app, sent with the password. Optional: without it an account
     * with two-factor on gets the `verify` step. With it, the code is checked at once; this is also how an
     * account locked by failed attempts from elsewhere still signs in (see docs/decisions.md).
     */
    totp_code: z.optional(totpCodeSchema),
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

export const userDataSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phn_nbr: z.string().nullable(),
  username: z.string().nullable(),
  role: z.enum(roles),
  company_id: z.number().int().nullable(),
  company_name: z.string().nullable(),
  /** The company's ISO 4217 currency and home time zone: how the web app shows its money and times. */
  company_currency: z.string().nullable(),
  company_time_zone: z.string().nullable(),
  totp_enabled: z.boolean(),
  /** The name of the company's own role the user has; null for the built-in role of their kind (`role`). */
  role_name: z.string().nullable(),
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
  code: totpCodeSchema,
});
export type VerifyStepBody = z.infer<typeof verifyStepBodySchema>;

export const changePasswordStepBodySchema = z
  .strictObject({ step_token: z.string({ error: V.required }).min(1, { error: V.required }), ...passwordPair })
  .refine(passwordsMatch, { path: ['confirm_password'], error: V.passwordMismatch });
export type ChangePasswordStepBody = z.infer<typeof changePasswordStepBodySchema>;

export const refreshBodySchema = z.strictObject({
  refresh_token: z.string({ error: V.required }).min(1, { error: V.required }),
});
export type RefreshBody = z.infer<typeof refreshBodySchema>;

export const tokenPairSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const adminChangePasswordBodySchema = z
  .strictObject({ current_password: passwordSchema, ...passwordPair })
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

/** Sign-out: the refresh token to revoke (its whole family ends). */
export const logoutBodySchema = refreshBodySchema;

/**
 * POST /api/auth/totp/setup body. Nothing is needed while two-factor is off; once it is on, replacing the
 * secret needs the password or a current code (a forgotten open session must not be enough).
 */
export const totpSetupBodySchema = z.strictObject({ password: z.optional(passwordSchema), code: z.optional(totpCodeSchema) }).nullish();
export type TotpSetupBody = z.infer<typeof totpSetupBodySchema>;

/** POST /api/auth/totp/setup answer: the secret for an authenticator app, also as an otpauth:// link. */
export const totpSetupDataSchema = z.object({ secret: z.string(), otpauth_url: z.string() });
export type TotpSetupData = z.infer<typeof totpSetupDataSchema>;

/** POST /api/auth/totp/enable body: a current code from the app. */
export const totpEnableBodySchema = z.strictObject({ code: totpCodeSchema });
export type TotpEnableBody = z.infer<typeof totpEnableBodySchema>;

/** POST /api/auth/totp/disable body: the password again, so a forgotten open session cannot turn it off. */
export const totpDisableBodySchema = z.strictObject({ password: passwordSchema });
export type TotpDisableBody = z.infer<typeof totpDisableBodySchema>;

export const adminListQuerySchema = listQuerySchema(['name', 'email', 'created_at'] as const);
export type AdminListQuery = z.output<typeof adminListQuerySchema>;

/* Endpoints (`/api/auth/...`). The sign-in steps' routes are in `auth.routes.ts`, zod-free for the sign-in page. */

/**
 * What a sign-in step answers in `data`: signed in (202, `context: 'signed-in'`) or one more step (200, `context` names
 * it). The route documents the two statuses each with its own envelope (`signInResponses`); this is the `data` of
 * either, as the client reads it.
 */
export const signInAnswerDataSchema = z.union([signedInDataSchema, loginStepDataSchema]);
export type SignInAnswerData = z.infer<typeof signInAnswerDataSchema>;

/** The sign-in steps' two answers in the API reference, each with its own envelope (the server's `responses`). */
export const signInResponses = {
  200: dataEnvelope(loginStepDataSchema).describe('One more step: `data.context` names it, `data.step_token` is good for it only'),
  202: dataEnvelope(signedInDataSchema).describe('Signed in'),
};

export const loginEndpoint = endpoint({
  ...loginRoute,
  body: loginBodySchema,
  response: signInAnswerDataSchema,
  status: 202,
});

export const verifyEndpoint = endpoint({
  ...verifyRoute,
  body: verifyStepBodySchema,
  response: signInAnswerDataSchema,
  status: 202,
});

export const changePasswordStepEndpoint = endpoint({
  ...changePasswordStepRoute,
  body: changePasswordStepBodySchema,
  response: signInAnswerDataSchema,
  status: 202,
});

export const refreshEndpoint = endpoint({ ...refreshRoute, body: refreshBodySchema, response: tokenPairSchema });

export const logoutEndpoint = endpoint({ ...logoutRoute, body: logoutBodySchema, shape: 'message' });

/** The signed-in user's own account: who they are, their password and their two-factor sign-in. */
export const accountEndpoints = {
  details: endpoint({
    method: 'GET',
    path: '/api/auth/get-details-by-token',
    access: { permission: 'session' },
    response: userDataSchema,
  }),
  changePassword: endpoint({
    method: 'PATCH',
    path: '/api/auth/admin/change-password',
    access: { permission: 'session' },
    body: adminChangePasswordBodySchema,
    shape: 'message',
  }),
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/auth/totp/setup',
    access: { permission: 'session' },
    body: totpSetupBodySchema,
    response: totpSetupDataSchema,
  }),
  totpEnable: endpoint({
    method: 'POST',
    path: '/api/auth/totp/enable',
    access: { permission: 'session' },
    body: totpEnableBodySchema,
    shape: 'message',
  }),
  totpDisable: endpoint({
    method: 'POST',
    path: '/api/auth/totp/disable',
    access: { permission: 'session' },
    body: totpDisableBodySchema,
    shape: 'message',
  }),
} as const;
