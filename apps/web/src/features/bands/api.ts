import type { Band, BandCreate, BandUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { type BandListSearch, DEFAULT_SORT } from './search';

/** The company's bands: `/api/band/*`. */
export const bandsResource = createResource<Band, BandCreate, BandUpdate, BandListSearch>({
  key: 'bands',
  path: 'band',
  defaultSort: DEFAULT_SORT,
  filters: (search) => ({ status: search.status, type: search.type }),
});
