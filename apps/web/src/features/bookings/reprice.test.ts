import type { BookingReprice } from '@ps/contracts';
import { describe, expect, it } from 'vitest';
import en from './locales/en.json' with { type: 'json' };
import ta from './locales/ta.json' with { type: 'json' };
import { repriceWording } from './reprice';

const price = (total: number, base = total): BookingReprice['before'] => ({
  base_price: base,
  package_price: total - base,
  services_price: 0,
  discount: 0,
  total,
});

const words = (catalogue: typeof en, key: string) => catalogue.bookings.reprice[key.split('.').at(-1) as keyof typeof en.bookings.reprice];

describe('the re-price dialog’s words', () => {
  it('says the price changes when the total does', () => {
    const wording = repriceWording({ before: price(12460), after: price(13000) });
    expect(words(en, wording.title)).toBe('The price changes');
    expect(words(en, wording.confirm)).toBe('Save with the new price');
  });

  it('says the price stays the same when the total does, even if its lines move', () => {
    const wording = repriceWording({ before: price(12460, 12460), after: price(12460, 10960) });
    expect(words(en, wording.title)).toBe('The price stays the same');
    expect(words(en, wording.body)).toBe('This change keeps the total at {{total}}. Save it?');
    expect(words(ta, wording.title)).toBe('விலை மாறாது');
  });
});
