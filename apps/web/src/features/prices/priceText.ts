import { minorDigitsOf, toMajor } from '../../lib/format';

/** A price as typed: "35", "35.5", "1,250.00"; '' is no price. Undefined when it is not an amount. */
export function parsePrice(text: string, currency: string): number | null | undefined {
  const clean = text.replace(/[\s,]/g, '');
  if (clean === '') return null;
  const digits = minorDigitsOf(currency);
  const pattern = digits > 0 ? new RegExp(`^\\d{1,9}(\\.\\d{0,${digits}})?$`) : /^\d{1,9}$/;
  if (!pattern.test(clean)) return undefined;
  return Math.round(Number(clean) * 10 ** digits);
}

/** A price as the grid shows it in a cell: "35.00" (the currency is in the heading). */
export function priceText(minor: number | null, currency: string): string {
  return minor === null ? '' : toMajor(minor, currency).toFixed(minorDigitsOf(currency));
}

/** Whether a cell's typed text differs from its saved price. */
export function isChanged(text: string | undefined, saved: number | null, currency: string): boolean {
  if (text === undefined) return false;
  const parsed = parsePrice(text, currency);
  return parsed === undefined || parsed !== saved;
}
