import { describe, expect, it } from 'vitest';
import { formatDateTime, formatNumber, i18n } from './i18n';
import { intlLocale } from './locale';

describe('dates and numbers read one way on every screen', () => {
  it('English is British (day first, 24-hour clock), Tamil as written in India', () => {
    expect(intlLocale('en')).toBe('en-GB');
    expect(intlLocale('ta')).toBe('ta-IN');
  });

  it('formats a time stamp day first on a 24-hour clock in English, and numbers with Indian grouping in Tamil', () => {
    // The formatters read the current language (i18next is not started in these node tests).
    i18n.language = 'en';
    // Noon UTC is the 24th in every zone from UTC-11 to UTC+11, whatever the machine's zone.
    expect(formatDateTime('2026-11-24T12:00:00Z')).toMatch(/^2[345] Nov 2026, \d{2}:\d{2}$/);
    expect(formatNumber(1234567)).toBe('1,234,567');
    i18n.language = 'ta';
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatDateTime('2026-11-24T12:00:00Z')).toMatch(/^2[345] நவ\., 2026/);
  });
});
