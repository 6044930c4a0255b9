import { describe, expect, it } from 'vitest';
import { formatDateTime, formatDuration, formatMoney, formatNumber } from './format';
import { i18n } from './i18n';

describe('the web writes in the page’s language', () => {
  it('binds the shared formatters to the language the page was loaded in', () => {
    // i18next is not started in these node tests: the formatters read its current language.
    i18n.language = 'en';
    expect(formatDateTime('2026-11-24T12:00:00Z', 'Europe/London')).toBe('24 Nov 2026, 12:00');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatMoney(123456, 'GBP')).toBe('£1,234.56');
    expect(formatDuration(220)).toBe('3 h 40 min');
    i18n.language = 'ta';
    expect(formatNumber(1234567)).toBe('12,34,567');
    expect(formatDateTime('2026-11-24T12:00:00Z', 'Europe/London')).toBe('24 நவ., 2026, 12:00');
    expect(formatDuration(220)).toBe('3 மணி 40 நிமி');
  });
});
