// The sign-in forms' rules as plain functions, without zod: the web's sign-in page checks its three forms with
// them and loads no zod at all (docs/decisions.md "Sign-in bundle budget (issue 5)"). The API's bodies that
// share a field (`password`, `code`, the new-password pair) call the same functions from their zod schemas
// (`auth.ts`), so each rule is written once. A field's function lists the message keys of its failed rules in
// the order they are checked (the API reports each, a form shows the first); an empty list means the value is
// fine. Re-exported from `auth.ts`.
import { CREDENTIAL_MAX, CREDENTIAL_MIN, EMAIL_PATTERN, isPhoneIdentifier, USERNAME_PATTERN } from './auth.fields.ts';
import { notOnlyBlank, V, type ValidationKey } from './common/validation.ts';

/** The shortest password someone may choose (the longest is `CREDENTIAL_MAX`). */
export const NEW_PASSWORD_MIN = 8;
/** A code from an authenticator app: 6 digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/**
 * The identifier's own check after its length: something with an "@" must be a valid e-mail ("Wrong email
 * format"), a phone number must have 6 to 15 digits, a username only letters, digits and . _ -.
 */
function identifierFormatKey(trimmed: string): ValidationKey | undefined {
  if (trimmed.includes('@')) return EMAIL_PATTERN.test(trimmed) ? undefined : V.wrongEmail;
  if (isPhoneIdentifier(trimmed)) {
    const digits = trimmed.replace(/\D/g, '').length;
    return /^\+?[\d\s()-]+$/.test(trimmed) && digits >= 6 && digits <= 15 ? undefined : V.wrongPhone;
  }
  return USERNAME_PATTERN.test(trimmed) ? undefined : V.wrongUsername;
}

/** The sign-in form's identifier (e-mail, phone or username), checked on its trimmed value; one key at most. */
export function identifierIssues(value: string): ValidationKey[] {
  if (value.length === 0) return [V.required];
  if (!notOnlyBlank(value)) return [V.notBlank];
  const trimmed = value.trim();
  if (trimmed.length < CREDENTIAL_MIN) return [V.min3];
  if (trimmed.length > CREDENTIAL_MAX) return [V.max50];
  const key = identifierFormatKey(trimmed);
  return key ? [key] : [];
}

/** A password as typed to sign in: 3 to 50 characters. An empty one is "required" alone, not "Minimum 3 characters". */
export function passwordIssues(value: string): ValidationKey[] {
  if (value.length === 0) return [V.required];
  if (value.length < CREDENTIAL_MIN) return [V.min3];
  return value.length > CREDENTIAL_MAX ? [V.max50] : [];
}

/** A 6-digit code from an authenticator app. */
export function totpCodeIssues(value: string): ValidationKey[] {
  return TOTP_CODE_PATTERN.test(value) ? [] : [V.totpCode];
}

/** A password someone chooses: 8 to 50 characters with at least one letter and one digit. Each failed rule counts. */
export function newPasswordIssues(value: string): ValidationKey[] {
  const keys: ValidationKey[] = [];
  if (value.length < NEW_PASSWORD_MIN) keys.push(V.passwordWeak);
  if (value.length > CREDENTIAL_MAX) keys.push(V.max50);
  if (!(/[A-Za-z]/.test(value) && /\d/.test(value))) keys.push(V.passwordWeak);
  return keys;
}

/** The new password's confirmation, on its own (whether it matches is `passwordsMatch`). */
export function confirmPasswordIssues(value: string): ValidationKey[] {
  return value.length === 0 ? [V.required] : [];
}

/** The pair's own rule, reported on `confirm_password` (`V.passwordMismatch`). */
export const passwordsMatch = (body: { new_password: string; confirm_password: string }) => body.new_password === body.confirm_password;

/** What a form shows: the first message key of each field in error. */
export type FormErrors<F> = Partial<Record<keyof F & string, ValidationKey>>;

function firstKeys<F>(issues: Record<keyof F & string, ValidationKey[]>): FormErrors<F> {
  const errors: FormErrors<F> = {};
  for (const name of Object.keys(issues) as (keyof F & string)[]) {
    const [first] = issues[name];
    if (first) errors[name] = first;
  }
  return errors;
}

/** The sign-in form (web): one identifier field and a password. */
export type LoginForm = { identifier: string; password: string };
export const loginFormErrors = (form: LoginForm) =>
  firstKeys<LoginForm>({ identifier: identifierIssues(form.identifier), password: passwordIssues(form.password) });

/** The code form of the verify step (web): the step's body without the token. */
export type VerifyCodeForm = { code: string };
export const verifyCodeFormErrors = (form: VerifyCodeForm) => firstKeys<VerifyCodeForm>({ code: totpCodeIssues(form.code) });

/** The new-password form of the change-password step (web): the body without the token. */
export type NewPasswordForm = { new_password: string; confirm_password: string };
export const newPasswordFormErrors = (form: NewPasswordForm) =>
  firstKeys<NewPasswordForm>({
    new_password: newPasswordIssues(form.new_password),
    confirm_password: [...confirmPasswordIssues(form.confirm_password), ...(passwordsMatch(form) ? [] : [V.passwordMismatch])],
  });
