// The quote's URL state, parsed in the quote's chunk (zod-free, like the lists' parsers). A quote's URL can
// be shared: it holds every input, and the screen asks for the quote again from it.

/** Everything the price search takes, as kept in the URL. */
export interface QuoteSearch {
  airport_id?: number;
  departure_id?: number;
  arrival_id?: number;
  departure_date?: string;
  arrival_date?: string;
  package_id?: number;
  /** Comma separated, as the API takes them. */
  service_ids?: string;
  voucher_code?: string;
}

function positiveInt(value: unknown): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** `YYYY-MM-DD` or nothing (the API checks that the day exists). */
function date(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
}

function ids(value: unknown): string | undefined {
  const list = String(value ?? '')
    .split(',')
    .map((part) => positiveInt(part.trim()))
    .filter((id): id is number => id !== undefined);
  return list.length > 0 ? [...new Set(list)].join(',') : undefined;
}

/** Reads the quote's inputs from the URL, dropping anything malformed instead of failing the page. */
export function validateQuoteSearch(raw: Record<string, unknown>): QuoteSearch {
  const code = raw.voucher_code === undefined || raw.voucher_code === null ? '' : String(raw.voucher_code).trim().slice(0, 50);
  return {
    airport_id: positiveInt(raw.airport_id),
    departure_id: positiveInt(raw.departure_id),
    arrival_id: positiveInt(raw.arrival_id),
    departure_date: date(raw.departure_date),
    arrival_date: date(raw.arrival_date),
    package_id: positiveInt(raw.package_id),
    service_ids: ids(raw.service_ids),
    voucher_code: code || undefined,
  };
}

/** The URL's inputs with everything a quote needs. */
export type CompleteQuoteSearch = QuoteSearch &
  Required<Pick<QuoteSearch, 'airport_id' | 'departure_id' | 'arrival_id' | 'departure_date' | 'arrival_date'>>;

/** True when the URL holds everything a quote needs. */
export function isCompleteQuote(search: QuoteSearch): search is CompleteQuoteSearch {
  return Boolean(search.airport_id && search.departure_id && search.arrival_id && search.departure_date && search.arrival_date);
}
