import { locationEndpoints } from '@ps/contracts';
import { MAX_PAGE_SIZE } from '@ps/contracts/common/pagination';
import { type PriceRuleSimulationInput, priceRuleEndpoints, priceRuleSimulationEndpoints } from '@ps/contracts/priceRules';
import { useMutation, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../lib/api';
import { statusFilterQuery } from '../../lib/listSearch';
import { createResource } from '../../lib/resource';

/** The company's price rules, in their order. */
export const priceRulesResource = createResource({
  key: 'price-rules',
  endpoints: priceRuleEndpoints,
  defaultSort: 'position',
  filters: statusFilterQuery,
});

/** The company's locations for the rule's car parks (every status: a rule may name an inactive one). */
export function useRuleLocations() {
  return useQuery({
    queryKey: [...priceRulesResource.keys.all, 'locations'],
    meta: { silent: true },
    queryFn: async ({ signal }) =>
      (await callEndpoint(locationEndpoints.list, { query: { page_size: MAX_PAGE_SIZE, sort: 'name' }, signal })).data,
  });
}

/** Every rule of the company, in order (the simulation's choice). */
export function useAllRules() {
  return useQuery({
    queryKey: [...priceRulesResource.keys.all, 'all'],
    queryFn: async ({ signal }) =>
      (await callEndpoint(priceRuleEndpoints.list, { query: { page_size: MAX_PAGE_SIZE, sort: 'position' }, signal })).data,
  });
}

/** `POST /api/price-rule/simulate`. */
export function useSimulation() {
  return useMutation({
    mutationFn: async (body: PriceRuleSimulationInput) => (await callEndpoint(priceRuleSimulationEndpoints.simulate, { body })).data,
  });
}
