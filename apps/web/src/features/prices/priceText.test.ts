import { describe, expect, it } from 'vitest';
import { isChanged, parsePrice, priceText } from './priceText';

describe('grid amounts', () => {
  it('reads what a user types as minor units, in the currency’s decimals', () => {
    expect(parsePrice('35', 'GBP')).toBe(3500);
    expect(parsePrice(' 35.5 ', 'GBP')).toBe(3550);
    expect(parsePrice('1,250.99', 'GBP')).toBe(125099);
    expect(parsePrice('0.1', 'GBP')).toBe(10);
    expect(parsePrice('1200', 'JPY')).toBe(1200);
    expect(parsePrice('', 'GBP')).toBeNull();
  });

  it('refuses what is not an amount', () => {
    for (const text of ['abc', '-5', '1.234', '12.5.1', '1e3']) expect(parsePrice(text, 'GBP'), text).toBeUndefined();
    expect(parsePrice('12.5', 'JPY')).toBeUndefined();
  });

  it('shows a saved price with the currency’s decimals, and tells a changed cell', () => {
    expect(priceText(3499, 'GBP')).toBe('34.99');
    expect(priceText(null, 'GBP')).toBe('');
    expect(isChanged(undefined, 3499, 'GBP')).toBe(false);
    expect(isChanged('34.99', 3499, 'GBP')).toBe(false);
    expect(isChanged('35', 3499, 'GBP')).toBe(true);
    expect(isChanged('', 3499, 'GBP')).toBe(true);
    expect(isChanged('', null, 'GBP')).toBe(false);
    expect(isChanged('x', null, 'GBP')).toBe(true);
  });
});
