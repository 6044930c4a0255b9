import { agencyEndpoints, coreAgencyEndpoints } from '@ps/contracts';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's agencies: `/api/agency/*`. */
export const agenciesResource = createResource({
  key: 'agencies',
  endpoints: agencyEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});

/** The organisation's master list: `/api/coreagency/*` (the super admin keeps it; company admins pick from it). */
export const coreAgenciesResource = createResource({
  key: 'core-agencies',
  endpoints: coreAgencyEndpoints,
  defaultSort: 'name',
  filters: statusFilterQuery,
});

/** Active core agencies to pick from, by name (only where a company's agency is edited). */
export const useCoreAgencyChoices = (enabled: boolean) => coreAgenciesResource.useList({ page_size: 1000, status: 1 }, { enabled });

/** `GET /api/agency/statement/{id}?from&to`: refreshed whenever the period changes. */
export function useAgencyStatement(id: number, from: string, to: string) {
  return useQuery({
    queryKey: [...agenciesResource.keys.detail(id), 'statement', from, to],
    queryFn: async ({ signal }) => (await callEndpoint(agencyEndpoints.statement, { params: { id }, query: { from, to }, signal })).data,
    enabled: Number.isInteger(id) && id > 0 && from !== '' && to !== '',
    meta: { silent: true },
  });
}
