import type { Yard, YardCreate, YardUpdate } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_YARD_SORT, type YardListSearch } from './search';

/** The company's yards: `/api/yards/*` (plural, spec 7). */
export const yardsResource = createResource<Yard, YardCreate, YardUpdate, YardListSearch>({
  key: 'yards',
  path: 'yards',
  defaultSort: DEFAULT_YARD_SORT,
  filters: (search) => ({ status: search.status }),
});
