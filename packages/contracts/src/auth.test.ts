import { describe, expect, it } from 'vitest';
import { classifyIdentifier, isPhoneIdentifier, loginBodySchema, loginFormSchema, newPasswordFormSchema, normalisePhone } from './auth.ts';
import { messageKeyForIssue } from './common/validation.ts';
import en from './locales/en.json' with { type: 'json' };

/** The messages a user sees for a sign-in form input, in English. */
function formMessages(identifier: string, password: string): Record<string, string> {
  const result = loginFormSchema.safeParse({ identifier, password });
  if (result.success) return {};
  const validation = en.validation as Record<string, string>;
  const messages: Record<string, string> = {};
  // Like the form: the first message of each field is the one shown.
  for (const issue of result.error.issues) {
    messages[issue.path.join('.')] ??= validation[messageKeyForIssue(issue).replace('validation.', '')] ?? '';
  }
  return messages;
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

  it('enforces 3 to 50 symbols', () => {
    expect(formMessages('ab', 'xy')).toEqual({ identifier: 'Minimum 3 symbols', password: 'Minimum 3 symbols' });
    expect(formMessages(`${'a'.repeat(45)}@b.com`, 'p'.repeat(51))).toEqual({
      identifier: 'Maximum 50 symbols',
      password: 'Maximum 50 symbols',
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
    const result = newPasswordFormSchema.safeParse({ new_password: 'Brand1234', confirm_password: 'Brand1235' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('validation.passwordMismatch');
    expect(newPasswordFormSchema.safeParse({ new_password: 'password', confirm_password: 'password' }).success).toBe(false);
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
