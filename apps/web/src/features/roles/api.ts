import { roleEndpoints } from '@ps/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import type { ListSearch } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The roles the company sees: `/api/role/*` (built-in ones read only). */
export const rolesResource = createResource<typeof roleEndpoints, ListSearch>({
  key: 'roles',
  endpoints: roleEndpoints,
  defaultSort: 'name',
});

/** Every role at once: a company has a handful. */
export const useAllRoles = () => rolesResource.useList({ page_size: 1000 });

/** What a company's role may hold, by resource (`GET /api/role/permissions`): the matrix's rows. */
export function usePermissionCatalogue() {
  return useQuery({
    queryKey: ['roles', 'permissions'],
    queryFn: async ({ signal }) => (await callEndpoint(roleEndpoints.permissions, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
