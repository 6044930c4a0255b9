import { describe, expect, it } from 'vitest';
import { quoteQuerySchema } from './quote.ts';

describe('the quote query', () => {
  const base = { airport_id: '1', departure_id: '2', arrival_id: '3', departure_date: '2028-02-29', arrival_date: '2028-03-01' };

  it('takes real calendar dates and comma-separated service ids', () => {
    expect(quoteQuerySchema.parse({ ...base, service_ids: '4, 5,4' }).service_ids).toEqual([4, 5]);
    expect(quoteQuerySchema.parse({ ...base, service_ids: '' }).service_ids).toEqual([]);
    expect(quoteQuerySchema.safeParse({ ...base, departure_date: '2026-02-29' }).success).toBe(false);
    expect(quoteQuerySchema.safeParse({ ...base, arrival_date: '2026-3-1' }).success).toBe(false);
    expect(quoteQuerySchema.safeParse({ ...base, service_ids: '1;2' }).success).toBe(false);
  });
});
