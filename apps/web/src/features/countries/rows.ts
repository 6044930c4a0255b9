import type { Country } from '@ps/contracts';
import type { CountrySortField } from './search';

/** A country with its name in the user's language. */
export interface CountryRow extends Country {
  local_name: string;
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The countries a search finds: by the name in the user's language or in English, by ISO code, or by dialling
 * code ("+94", "94"); then sorted the way the URL says, names in the user's language's order.
 */
export function filterAndSort(rows: CountryRow[], search: string | undefined, sort: string, language: string): CountryRow[] {
  const term = fold((search ?? '').trim());
  const dialling = term.replace(/^\+/, '');
  const found = term
    ? rows.filter(
        (row) =>
          fold(row.local_name).includes(term) ||
          fold(row.name).includes(term) ||
          row.iso_code.toLowerCase() === term ||
          (dialling !== '' && /^\d+$/.test(dialling) && row.dialling_code.startsWith(dialling)),
      )
    : rows;
  const field = sort.replace(/^-/, '') as CountrySortField;
  const direction = sort.startsWith('-') ? -1 : 1;
  const collator = new Intl.Collator(language);
  const compare = (a: CountryRow, b: CountryRow) => {
    if (field === 'iso_code') return a.iso_code.localeCompare(b.iso_code);
    // Digit by digit, as the ITU zones go (+1, +20, +211 ... +998), not by size (+5999 is Curaçao, zone 5).
    if (field === 'dialling_code')
      return a.dialling_code.localeCompare(b.dialling_code, 'en') || collator.compare(a.local_name, b.local_name);
    return collator.compare(a.local_name, b.local_name);
  };
  return [...found].sort((a, b) => direction * compare(a, b));
}
