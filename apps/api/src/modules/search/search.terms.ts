/**
 * What the search box's text is looked for as, field by field (the database compares the forms of db/searchKeys.ts).
 * Plain functions of the text: the repository turns each into a LIKE pattern.
 */

/** Every reference the product makes starts so (bookings.pricing.ts: `PS-7KQ4-2M`); people often leave it off. */
const REFERENCE_PREFIX = 'PS';
/** Below this many characters a name or a registration is matched by the start of a word only. */
export const CONTAINS_FROM = 3;

export interface SearchTerms {
  /** Starts of the reference (upper case, no spaces or dashes), each at least 3 characters: `PS7K`. */
  referencePrefixes: string[];
  /** The registration as it is compared: upper case, no spaces. */
  registration: string;
  /** The name as it is compared: lower case, single spaces. */
  name: string;
  /** A phone number's digits without leading zeros (a trunk 0 or an international 00), or null: not a phone number. */
  phoneDigits: string | null;
  /** Fewer than CONTAINS_FROM characters: names and registrations by the start of a word. */
  short: boolean;
}

export function searchTerms(text: string): SearchTerms {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const compact = trimmed.toUpperCase().replace(/[\s-]/g, '');
  // `PS7K` is both the start of `PS-7K...` typed whole and of a reference whose own symbols start with PS.
  const withoutPrefix = compact.startsWith(REFERENCE_PREFIX) ? compact.slice(REFERENCE_PREFIX.length) : compact;
  const referencePrefixes = [...new Set([compact, `${REFERENCE_PREFIX}${withoutPrefix}`, `${REFERENCE_PREFIX}${compact}`])].filter(
    // "PS" alone (or "P") would be the start of every reference.
    (prefix) => prefix.length > REFERENCE_PREFIX.length,
  );
  // Only digits and what people write between them (+44 (0)7700 900-123) is a phone number.
  const digits = /^[+\d\s().-]+$/.test(trimmed) ? trimmed.replace(/\D/g, '').replace(/^0+/, '') : '';
  return {
    referencePrefixes,
    registration: trimmed.toUpperCase().replace(/\s/g, ''),
    name: trimmed.toLowerCase(),
    phoneDigits: digits.length >= CONTAINS_FROM ? digits : null,
    short: trimmed.length < CONTAINS_FROM,
  };
}

/** `term` matched literally inside a LIKE pattern (its %, _ and \ escaped). */
export function likeLiteral(term: string): string {
  return term.replace(/[\\%_]/g, '\\$&');
}
