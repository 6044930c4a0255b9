import { describe, expect, it } from 'vitest';
import en from './locales/quote.en.json' with { type: 'json' };
import ta from './locales/quote.ta.json' with { type: 'json' };
import { quoteQuerySchema } from './quote.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const lookup = (tree: Tree, path: string) =>
  path.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), tree);
const placeholders = (text: unknown) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();

describe("the quote's API-only messages", () => {
  it('quote.ta.json has every key of quote.en.json, with the same placeholders', () => {
    expect(keys(ta as Tree).sort()).toEqual(keys(en as Tree).sort());
    for (const key of keys(en as Tree)) expect(placeholders(lookup(ta as Tree, key)), key).toEqual(placeholders(lookup(en as Tree, key)));
  });
});

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
