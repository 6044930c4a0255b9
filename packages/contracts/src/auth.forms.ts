// The sign-in forms' schemas, in zod/mini: the web's sign-in bundle validates with them, and zod/mini is a
// fraction of full zod there (docs/decisions.md "Sign-in bundle budget (issue 5)"). The API's bodies that
// share a field (`password`, `code`, the new-password pair) use these same schemas inside their full-zod
// objects (both are zod core schemas), so each rule is written once. Re-exported from `auth.ts`.
import * as z from 'zod/mini';
import { CREDENTIAL_MAX, CREDENTIAL_MIN, EMAIL_PATTERN, isPhoneIdentifier, USERNAME_PATTERN } from './auth.fields.ts';
import { notOnlyBlank, V } from './common/validation.ts';

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
const credentialString = z.string({ error: V.required }).check(
  z.minLength(1, { error: V.required, abort: true }),
  z.refine(notOnlyBlank, { error: V.notBlank, abort: true }),
  z.refine((value: string) => value.trim().length >= CREDENTIAL_MIN, { error: V.min3 }),
  z.refine((value: string) => value.trim().length <= CREDENTIAL_MAX, { error: V.max50 }),
);

/** A password as typed to sign in. An empty password is "required", not "Minimum 3 symbols". */
export const passwordSchema = z
  .string({ error: V.required })
  .check(
    z.minLength(1, { error: V.required, abort: true }),
    z.minLength(CREDENTIAL_MIN, { error: V.min3 }),
    z.maxLength(CREDENTIAL_MAX, { error: V.max50 }),
  );

/** The sign-in form (web): one identifier field and a password. */
export const loginFormSchema = z.object({
  identifier: credentialString.check(
    z.superRefine((value: string, ctx) => {
      if (value.trim().length < CREDENTIAL_MIN || value.trim().length > CREDENTIAL_MAX) return;
      const key = identifierFormatKey(value);
      if (key) ctx.addIssue({ code: 'custom', message: key });
    }),
  ),
  password: passwordSchema,
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** A 6-digit code from an authenticator app. */
export const totpCodeSchema = z.string({ error: V.required }).check(z.regex(/^\d{6}$/, { error: V.totpCode }));

/** The code form of the verify step (web): the step's body without the token. */
export const verifyCodeFormSchema = z.object({ code: totpCodeSchema });
export type VerifyCodeForm = z.infer<typeof verifyCodeFormSchema>;

/** A password someone chooses: 8 to 50 characters with at least one letter and one digit. */
export const newPasswordSchema = z.string({ error: V.required }).check(
  z.minLength(8, { error: V.passwordWeak }),
  z.maxLength(CREDENTIAL_MAX, { error: V.max50 }),
  z.refine((value: string) => /[A-Za-z]/.test(value) && /\d/.test(value), { error: V.passwordWeak }),
);

/** The new password and its confirmation, in every body and form that sets a password. */
export const passwordPair = {
  new_password: newPasswordSchema,
  confirm_password: z.string({ error: V.required }).check(z.minLength(1, { error: V.required })),
};
export const passwordsMatch = (body: { new_password: string; confirm_password: string }) => body.new_password === body.confirm_password;

/** The new-password form of the change-password step (web): the body without the token. */
export const newPasswordFormSchema = z
  .object(passwordPair)
  .check(z.refine(passwordsMatch, { path: ['confirm_password'], error: V.passwordMismatch }));
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;
