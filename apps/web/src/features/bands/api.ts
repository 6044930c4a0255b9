import { type BandType, bandEndpoints } from '@ps/contracts';
import type { StatusListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The bands list's URL state: the usual one and the band type. */
export interface BandListSearch extends StatusListSearch {
  type?: BandType;
}

/** The company's bands: `/api/band/*`. */
export const bandsResource = createResource({
  key: 'bands',
  endpoints: bandEndpoints,
  defaultSort: 'min_days',
  filters: (search: BandListSearch) => ({ status: search.status, type: search.type }),
});
