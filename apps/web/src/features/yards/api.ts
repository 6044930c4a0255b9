import { yardEndpoints } from '@ps/contracts';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's yards (the group is plural in spec 7). */
export const yardsResource = createResource({
  key: 'yards',
  endpoints: yardEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});
