// The sign-in constants and identifier rules, without zod: the web's sign-in bundle (session, sign-in
// request) uses them, and `auth.ts`'s schemas build on them. Re-exported from `auth.ts`.

/** Organisation instance id (spec section 9). */
export const ORG_INSTANCE_ID = 1;
/** Country id sent with every phone sign-in (spec section 9). */
export const PHONE_LOGIN_COUNTRY_ID = 94;
/** Identifier and password length on the sign-in form (spec section 9). */
export const CREDENTIAL_MIN = 3;
export const CREDENTIAL_MAX = 50;

export const identifierTypes = ['email', 'phone', 'username'] as const;
export type IdentifierType = (typeof identifierTypes)[number];

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]+$/;

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

export const roles = ['super_admin', 'admin', 'driver'] as const;
export type Role = (typeof roles)[number];

/** The further steps a 200 sign-in answer can name; the web app shows them at `/auth/{context}`. */
export const loginSteps = ['verify', 'change-password'] as const;
export type LoginStep = (typeof loginSteps)[number];
