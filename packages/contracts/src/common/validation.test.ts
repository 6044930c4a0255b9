import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  adminAddBodySchema,
  adminChangePasswordBodySchema,
  airportCreateSchema,
  driverAddBodySchema,
  driverUpdateSchema,
  isKnownTimeZone,
} from '../index.ts';
import en from '../locales/en.json' with { type: 'json' };
import { messageKeyForIssue } from './validation.ts';

/** The first message (in English) per field, as the API's 400 details and the web form show it. */
function messages(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  const out: Record<string, string> = {};
  if (result.success) return out;
  const validation = en.validation as Record<string, string>;
  for (const issue of result.error.issues) {
    out[issue.path.join('.')] ??= validation[messageKeyForIssue(issue).replace('validation.', '')] ?? '';
  }
  return out;
}

describe('time zones', () => {
  it('accept every IANA name and alias', () => {
    for (const zone of [
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/Kyiv',
      'Europe/Kiev',
      'UTC',
      'Etc/UTC',
      'America/Argentina/Buenos_Aires',
      'US/Eastern',
    ]) {
      expect(isKnownTimeZone(zone), zone).toBe(true);
    }
  });

  it('refuse offsets, made-up names and junk', () => {
    for (const zone of ['', '+05:30', 'Asia/Atlantis', 'Europe/London/', '../etc/passwd', 'Asia/Kolkata; drop', 'x'.repeat(65)]) {
      expect(isKnownTimeZone(zone), zone).toBe(false);
    }
  });

  it('let an airport be added in Asia/Kolkata', () => {
    const airport = { iata_code: 'MAA', name: 'Chennai', country_id: 356, time_zone: 'Asia/Kolkata' };
    expect(airportCreateSchema.safeParse(airport).success).toBe(true);
    expect(messages(airportCreateSchema, { ...airport, time_zone: 'Mars/Olympus' })).toEqual({ time_zone: en.validation.timeZone });
  });
});

describe('messages', () => {
  it('an empty e-mail of a new driver or office user is required, not "Wrong email format"', () => {
    const account = { email: '', temporary_password: 'Harbour4417' };
    const driver = { ...account, first_name: 'Ilango', last_name: 'Sekar' };
    const officeUser = { ...account, name: 'Nila Selvam', role_id: 1 };
    expect(messages(driverAddBodySchema, driver)).toEqual({ email: 'This field is required' });
    expect(messages(adminAddBodySchema, officeUser)).toEqual({ email: 'This field is required' });
    expect(messages(driverUpdateSchema, { email: '  ' })).toEqual({ email: 'This field is required' });
    expect(messages(adminAddBodySchema, { ...officeUser, email: 'nila@' })).toEqual({ email: 'Wrong email format' });
  });

  it('an empty current password is required, not "Minimum 3 symbols"', () => {
    const body = { current_password: '', new_password: 'Secret123', confirm_password: 'Secret123' };
    expect(messages(adminChangePasswordBodySchema, body)).toEqual({ current_password: 'This field is required' });
    expect(messages(adminChangePasswordBodySchema, { ...body, current_password: 'ab' })).toEqual({
      current_password: 'Minimum 3 characters',
    });
  });

  it('"too long" names its limit', () => {
    const airport = { iata_code: 'MAA', name: 'x'.repeat(101), country_id: 356, time_zone: 'Asia/Kolkata' };
    expect(messages(airportCreateSchema, airport)).toEqual({ name: 'Maximum 100 characters' });
    // A limit without a schema message of its own still names a known limit.
    expect(messages(z.object({ search: z.string().max(100) }), { search: 'y'.repeat(101) })).toEqual({ search: 'Maximum 100 characters' });
    expect(messages(z.object({ code: z.string().max(50) }), { code: 'y'.repeat(51) })).toEqual({ code: 'Maximum 50 characters' });
  });
});

describe('Tamil messages', () => {
  it('the password rule tells "character" (எழுத்துக்குறி) from "letter" (எழுத்து)', async () => {
    const ta = (await import('../locales/ta.json', { with: { type: 'json' } })).default;
    expect(ta.validation.passwordWeak).toContain('50 எழுத்துக்குறிகள்');
    expect(ta.validation.passwordWeak).toContain('ஆங்கில எழுத்தும்');
  });

  it('length limits count characters (எழுத்துகள்), never "symbols"', async () => {
    const en = (await import('../locales/en.json', { with: { type: 'json' } })).default;
    const ta = (await import('../locales/ta.json', { with: { type: 'json' } })).default;
    expect([en.validation.min3, en.validation.max50, en.validation.max100]).toEqual([
      'Minimum 3 characters',
      'Maximum 50 characters',
      'Maximum 100 characters',
    ]);
    expect([ta.validation.min3, ta.validation.max50, ta.validation.max100]).toEqual([
      'குறைந்தது 3 எழுத்துகள்',
      'அதிகபட்சம் 50 எழுத்துகள்',
      'அதிகபட்சம் 100 எழுத்துகள்',
    ]);
  });

  it('the sign-in success speaks to the user, without ".!"', async () => {
    const ta = (await import('../locales/ta.json', { with: { type: 'json' } })).default;
    expect(ta.success.loggedIn).toBe('வெற்றிகரமாக உள்நுழைந்தீர்கள்!');
  });
});
