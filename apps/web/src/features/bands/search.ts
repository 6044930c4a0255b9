import { type BandType, bandTypes } from '@ps/contracts/common/bandTypes';
import { bandSortFields } from '@ps/contracts/common/sortFields';
import { type ListSearch, parseListSearch, parseStatusFilter } from '../../lib/listSearch';

export type BandSortField = (typeof bandSortFields)[number];

/** The bands list's URL state: paging, sort, search, status and type filters. */
export interface BandListSearch extends ListSearch {
  sort?: BandSortField | `-${BandSortField}`;
  status?: 0 | 1;
  type?: BandType;
}

export function parseBandType(raw: unknown): BandType | undefined {
  return bandTypes.find((type) => type === raw);
}

export function validateBandSearch(raw: Record<string, unknown>): BandListSearch {
  return { ...parseListSearch(raw, bandSortFields), status: parseStatusFilter(raw.status), type: parseBandType(raw.type) };
}
