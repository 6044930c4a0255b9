import { describe, expect, it } from 'vitest';
import { translator } from './i18n.ts';

describe('API messages with a count', () => {
  it('use the singular for 1 and the plural otherwise, in English', () => {
    const t = translator('en');
    expect(t('errors.too_many_attempts', { count: 1 })).toBe('Too many failed sign-in attempts. Please wait 1 minute and try again.');
    expect(t('errors.too_many_attempts', { count: 2 })).toBe('Too many failed sign-in attempts. Please wait 2 minutes and try again.');
    expect(t('errors.too_many_attempts', { count: 15 })).toContain('wait 15 minutes');
  });

  it('use the Tamil singular and plural forms', () => {
    const t = translator('ta');
    expect(t('errors.too_many_attempts', { count: 1 })).toContain('1 நிமிடம் காத்திருந்து');
    expect(t('errors.too_many_attempts', { count: 5 })).toContain('5 நிமிடங்கள் காத்திருந்து');
  });

  it('still translate keys without plural forms, with and without a count', () => {
    const t = translator('en');
    expect(t('errors.not_found')).toBe('The record was not found.');
    expect(t('errors.not_found', { count: 3 })).toBe('The record was not found.');
    expect(t('errors.no_such_key')).toBe('errors.no_such_key');
  });
});
