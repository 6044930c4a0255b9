import { describe, expect, it } from 'vitest';
import { toJSONSchema, type z } from 'zod';
import {
  adminChangePasswordBodySchema,
  changePasswordStepBodySchema,
  classifyIdentifier,
  isPhoneIdentifier,
  loginBodySchema,
  loginFormErrors,
  newPasswordFormErrors,
  newPasswordSchema,
  normalisePhone,
  passwordPair,
  passwordSchema,
  totpCodeSchema,
  verifyCodeFormErrors,
} from './auth.ts';
import { fieldPathsForIssue, messageKeyForIssue } from './common/validation.ts';
import en from './locales/en.json' with { type: 'json' };

/** The messages a user sees for a sign-in form input, in English (the form shows each field's first). */
function formMessages(identifier: string, password: string): Record<string, string> {
  const validation = en.validation as Record<string, string>;
  return Object.fromEntries(
    Object.entries(loginFormErrors({ identifier, password })).map(([field, key]) => [
      field,
      validation[key.replace('validation.', '')] ?? '',
    ]),
  );
}

/** An API body's 400 details as `field=key`, in the order the API lists them. */
function details(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  return result.success
    ? []
    : result.error.issues.flatMap((issue) => fieldPathsForIssue(issue).map((field) => `${field}=${messageKeyForIssue(issue)}`));
}

describe('identifier classification (spec 5)', () => {
  it.each([
    ['admin@example.com', 'email'],
    ['  Admin@Example.co.uk ', 'email'],
    ['0771234567', 'phone'],
    ['+94771234567', 'phone'],
    ['077 123-4567', 'phone'],
    ['7', 'phone'],
    ['dispatch.lead', 'username'],
    ['a1b2', 'username'],
    ['1abc', 'username'],
    ['+abc', 'username'],
    ['admin@', 'username'],
  ] as const)('%s is %s', (value, type) => {
    expect(classifyIdentifier(value)).toBe(type);
  });

  it('counts as a phone: a leading digit without letters, or + and a digit', () => {
    expect(isPhoneIdentifier('12 34')).toBe(true);
    expect(isPhoneIdentifier('+4')).toBe(true);
    expect(isPhoneIdentifier('12a')).toBe(false);
    expect(isPhoneIdentifier('+')).toBe(false);
    expect(isPhoneIdentifier('x12')).toBe(false);
  });

  it('normalises phone numbers to national digits', () => {
    expect(normalisePhone('+94 77 123 4567')).toBe('771234567');
    expect(normalisePhone('0771234567')).toBe('771234567');
    expect(normalisePhone('(077) 123-4567')).toBe('771234567');
    expect(normalisePhone('+44 7700 900123', '44')).toBe('7700900123');
  });
});

describe('sign-in form validation (spec 5 messages)', () => {
  it('requires both fields', () => {
    expect(formMessages('', '')).toEqual({ identifier: 'This field is required', password: 'This field is required' });
  });

  it('enforces 3 to 50 characters', () => {
    expect(formMessages('ab', 'xy')).toEqual({ identifier: 'Minimum 3 characters', password: 'Minimum 3 characters' });
    expect(formMessages(`${'a'.repeat(45)}@b.com`, 'p'.repeat(51))).toEqual({
      identifier: 'Maximum 50 characters',
      password: 'Maximum 50 characters',
    });
  });

  it('says "Wrong email format" for something with an @ that is not an e-mail', () => {
    expect(formMessages('admin@example', 'secret')).toEqual({ identifier: 'Wrong email format' });
    expect(formMessages('adm in@example.com', 'secret')).toEqual({ identifier: 'Wrong email format' });
  });

  it('refuses blank-only identifiers, malformed phones and usernames', () => {
    expect(formMessages('    ', 'secret')).toEqual({ identifier: 'This field cannot contain only blankspaces' });
    expect(formMessages('12345', 'secret')).toEqual({ identifier: 'Wrong phone number format' });
    expect(formMessages('john doe', 'secret').identifier).toMatch(/^A username may contain only/);
  });

  it('accepts e-mails, phones and usernames', () => {
    expect(formMessages('admin@example.com', 'admin123')).toEqual({});
    expect(formMessages('+94 77 123 4567', 'abc')).toEqual({});
    expect(formMessages('dispatch_lead', 'abc')).toEqual({});
  });

  it('matches new password and confirmation', () => {
    expect(newPasswordFormErrors({ new_password: 'Brand1234', confirm_password: 'Brand1235' })).toEqual({
      confirm_password: 'validation.passwordMismatch',
    });
    expect(newPasswordFormErrors({ new_password: 'password', confirm_password: 'password' })).toEqual({
      new_password: 'validation.passwordWeak',
    });
    expect(newPasswordFormErrors({ new_password: 'Brand1234', confirm_password: '' })).toEqual({ confirm_password: 'validation.required' });
    expect(newPasswordFormErrors({ new_password: 'Brand1234', confirm_password: 'Brand1234' })).toEqual({});
  });

  it('takes a 6-digit code', () => {
    expect(verifyCodeFormErrors({ code: '12345' })).toEqual({ code: 'validation.totpCode' });
    expect(verifyCodeFormErrors({ code: '' })).toEqual({ code: 'validation.totpCode' });
    expect(verifyCodeFormErrors({ code: '123456' })).toEqual({});
  });
});

describe('the API bodies on the same rules', () => {
  it('report every failed rule of a field, in order', () => {
    const step = (new_password: unknown, confirm_password: unknown) =>
      details(changePasswordStepBodySchema, { step_token: 't', new_password, confirm_password });
    expect(step('abc', 'abc')).toEqual(['new_password=validation.passwordWeak', 'new_password=validation.passwordWeak']);
    expect(step('a'.repeat(51), 'a'.repeat(51))).toEqual(['new_password=validation.max50', 'new_password=validation.passwordWeak']);
    // An empty confirmation is "required" and, the body's own rule still running, a mismatch.
    expect(step('Brand1234', '')).toEqual(['confirm_password=validation.required', 'confirm_password=validation.passwordMismatch']);
    expect(step(undefined, 5)).toEqual(['new_password=validation.required', 'confirm_password=validation.required']);
  });

  it("stop the body at an empty sign-in password, as zod's abort did", () => {
    const login = (body: object) => details(loginBodySchema, { type: 'email', org_instance_id: 1, ...body });
    expect(login({ password: '' })).toEqual(['password=validation.required']);
    expect(login({ password: 'ab' })).toEqual(['password=validation.min3', 'email=validation.required']);
    const admin = (current_password: string) =>
      details(adminChangePasswordBodySchema, { current_password, new_password: 'Brand1234', confirm_password: 'Brand1235' });
    expect(admin('')).toEqual(['current_password=validation.required']);
    expect(admin('secret')).toEqual(['confirm_password=validation.passwordMismatch']);
  });

  it("document the rules in the OpenAPI as zod's own checks did", () => {
    const schema = (field: z.ZodType) => toJSONSchema(field, { io: 'input' });
    expect(schema(passwordSchema)).toMatchObject({ type: 'string', minLength: 3, maxLength: 50 });
    expect(schema(newPasswordSchema)).toMatchObject({ type: 'string', minLength: 8, maxLength: 50 });
    expect(schema(passwordPair.confirm_password)).toMatchObject({ type: 'string', minLength: 1 });
    expect(schema(totpCodeSchema)).toMatchObject({ type: 'string', pattern: '^\\d{6}$' });
  });
});

describe('login body', () => {
  it('takes exactly the identifier its type names', () => {
    expect(loginBodySchema.safeParse({ email: 'a@b.co', password: 'abc', type: 'email', org_instance_id: 1 }).success).toBe(true);
    expect(
      loginBodySchema.safeParse({ email: 'a@b.co', username: 'abc', password: 'abc', type: 'email', org_instance_id: 1 }).success,
    ).toBe(false);
    expect(
      loginBodySchema.safeParse({ phn_nbr: '0771234567', password: 'abc', type: 'phone', org_instance_id: 1, country_id: 94 }).success,
    ).toBe(true);
    expect(loginBodySchema.safeParse({ phn_nbr: '0771234567', password: 'abc', type: 'phone', org_instance_id: 1 }).success).toBe(false);
  });
});
