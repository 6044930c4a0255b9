import { agencySortFields, coreAgencySortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type AgencySortField = (typeof agencySortFields)[number];
export type CoreAgencySortField = (typeof coreAgencySortFields)[number];

export const DEFAULT_AGENCY_SORT: AgencySortField = 'name';
export const DEFAULT_CORE_AGENCY_SORT: CoreAgencySortField = 'name';

/** The agencies list's URL state: paging, sort, search by name or contact, status. */
export interface AgencyListSearch extends ListSearch {
  sort?: AgencySortField | `-${AgencySortField}`;
  status?: 0 | 1;
}

export interface CoreAgencyListSearch extends ListSearch {
  sort?: CoreAgencySortField | `-${CoreAgencySortField}`;
  status?: 0 | 1;
}

export function validateAgencySearch(raw: Record<string, unknown>): AgencyListSearch {
  return { ...parseListSearch(raw, agencySortFields), status: parseStatusFilter(raw.status) };
}

export function validateCoreAgencySearch(raw: Record<string, unknown>): CoreAgencyListSearch {
  return { ...parseListSearch(raw, coreAgencySortFields), status: parseStatusFilter(raw.status) };
}

/** The statement's period in the URL (`from`, `to`, both `YYYY-MM-DD`); missing or malformed ones take the default. */
export interface StatementSearch {
  from?: string;
  to?: string;
}

const isDay = (value: unknown): value is string => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);

export function validateStatementSearch(raw: Record<string, unknown>): StatementSearch {
  return { from: isDay(raw.from) ? raw.from : undefined, to: isDay(raw.to) ? raw.to : undefined };
}
