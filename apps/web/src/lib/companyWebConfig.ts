import type { WebConfig, webConfigEndpoints } from '@ps/contracts';
import { companyWebConfigRoute } from '@ps/contracts/webConfig.routes';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { callEndpoint } from './api';
import { getWebConfig, storeWebConfig, subscribeWebConfig } from './session';

export const webConfigKeys = { company: ['web-config', 'company'] as const };

/** The stored web config, re-rendering when it changes (the settings screen, a sign-in). */
export function useStoredWebConfig(): WebConfig | null {
  return useSyncExternalStore(subscribeWebConfig, getWebConfig, getWebConfig);
}

/**
 * After sign-in, the user's own company's name, logo and colours replace the sign-in page's (which are the
 * site's company's): the header and the theme follow. Users without a company (the super admin) keep them.
 */
export function useCompanyWebConfig(hasCompany: boolean) {
  const query = useQuery({
    queryKey: webConfigKeys.company,
    queryFn: ({ signal }) =>
      callEndpoint<typeof webConfigEndpoints.company>(companyWebConfigRoute, { signal }).then((response) => response.data),
    enabled: hasCompany,
    staleTime: 5 * 60_000,
  });
  useEffect(() => {
    if (query.data) storeWebConfig(query.data);
  }, [query.data]);
  return query;
}

/**
 * The first day of the company's week, ISO (1 Monday to 7 Sunday), for laying out calendars. Monday until the
 * company's config is in (and for a config stored before the field existed).
 */
export function useFirstDayOfWeek(): number {
  return useStoredWebConfig()?.first_day_of_week ?? 1;
}
