/** The statement's period in the URL (`from`, `to`, both `YYYY-MM-DD`); missing or malformed ones take the default. */
export interface StatementSearch {
  from?: string;
  to?: string;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function validateStatementSearch(raw: Record<string, unknown>): StatementSearch {
  return { from: isDay(raw.from) ? raw.from : undefined, to: isDay(raw.to) ? raw.to : undefined };
}
