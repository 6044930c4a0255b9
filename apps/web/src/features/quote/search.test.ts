import { describe, expect, it } from 'vitest';
import { isCompleteQuote, validateQuoteSearch } from './search';

describe("the quote's URL", () => {
  it('keeps well-formed inputs, as the router parses them (numbers as numbers, text as text)', () => {
    const search = validateQuoteSearch({
      airport_id: 3,
      departure_id: '7',
      arrival_id: 7,
      departure_date: '2026-07-30',
      arrival_date: '2026-08-03',
      package_id: 2,
      service_ids: '4, 9,4',
      voucher_code: ' summer10 ',
    });
    expect(search).toEqual({
      airport_id: 3,
      departure_id: 7,
      arrival_id: 7,
      departure_date: '2026-07-30',
      arrival_date: '2026-08-03',
      package_id: 2,
      service_ids: '4,9',
      voucher_code: 'summer10',
    });
    expect(isCompleteQuote(search)).toBe(true);
  });

  it('drops what is malformed instead of failing the page', () => {
    const search = validateQuoteSearch({
      airport_id: 'x',
      departure_id: -1,
      departure_date: '30/07/2026',
      service_ids: 'a,b',
      voucher_code: '',
    });
    expect(search).toEqual({
      airport_id: undefined,
      departure_id: undefined,
      arrival_id: undefined,
      departure_date: undefined,
      arrival_date: undefined,
      package_id: undefined,
      service_ids: undefined,
      voucher_code: undefined,
    });
    expect(isCompleteQuote(search)).toBe(false);
    // A voucher code of digits arrives as a number from the router's parser: it is still a code.
    expect(validateQuoteSearch({ voucher_code: 2026 }).voucher_code).toBe('2026');
  });
});
