import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigitsOf, toMajor, toMinor } from './money';

describe('money in minor units', () => {
  it('knows each currency’s minor digits', () => {
    expect(minorDigitsOf('GBP')).toBe(2);
    expect(minorDigitsOf('JPY')).toBe(0);
    expect(minorDigitsOf('BHD')).toBe(3);
  });

  it('converts between what a user types and what the API keeps', () => {
    expect(toMinor(12.5, 'GBP')).toBe(1250);
    expect(toMinor(0.1 + 0.2, 'GBP')).toBe(30);
    expect(toMajor(1250, 'GBP')).toBe(12.5);
    expect(toMinor(1500, 'JPY')).toBe(1500);
  });

  it('shows money in the user’s language', () => {
    expect(formatMoney(123456, 'GBP', 'en')).toBe('£1,234.56');
    expect(formatMoney(0, 'LKR', 'en')).toContain('0.00');
    expect(formatMoney(123456, 'GBP', 'ta')).toMatch(/1,234\.56/);
  });
});
