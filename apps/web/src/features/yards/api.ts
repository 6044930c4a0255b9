import { yardEndpoints } from '@ps/contracts';
import { createResource } from '../../lib/resource';
import { DEFAULT_YARD_SORT, type YardListSearch } from './search';

/** The company's yards (the group is plural in spec 7). */
export const yardsResource = createResource({
  key: 'yards',
  endpoints: yardEndpoints,
  defaultSort: DEFAULT_YARD_SORT,
  filters: (search: YardListSearch) => ({ status: search.status }),
});
