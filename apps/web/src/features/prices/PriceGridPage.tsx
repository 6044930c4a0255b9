import { Group, Stack, Tabs, Title } from '@mantine/core';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BackToListLink } from '../../components/FormKit';
import { useCan } from '../../lib/currentUser';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { DefaultPrices } from './DefaultPrices';
import { RoutePrices } from './RoutePrices';
import { type PriceGridSearch, validatePriceGridSearch } from './search';

const route = getRouteApi('/$companyId/prices');

/** The price grid screen: a route's own prices (bands x months) and, on the second tab, the defaults. */
export function PriceGridPage() {
  const { t } = useTranslation();
  usePageTitle(t('prices.grid.title'));
  const [search, navigate] = usePageSearch(route, validatePriceGridSearch);
  const { companyId } = route.useParams();
  const setSearch = (patch: Partial<PriceGridSearch>) => navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  // The defaults tab only for a role that may read the band-month defaults (else it would show a refusal).
  const mayReadDefaults = useCan()('band_months.view');
  const tab = mayReadDefaults ? (search.tab ?? 'route') : 'route';

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('prices.grid.title')}
        </Title>
        <BackToListLink path={`/${companyId}/location-prices`} label={t('prices.grid.toList')} />
      </Group>
      <Tabs
        value={tab}
        keepMounted={false}
        onChange={(value) => void setSearch({ tab: value === 'defaults' ? 'defaults' : undefined })}
        variant="outline"
      >
        <Tabs.List>
          <Tabs.Tab value="route">{t('prices.grid.routeTab')}</Tabs.Tab>
          {mayReadDefaults ? <Tabs.Tab value="defaults">{t('prices.grid.defaultsTab')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="route" pt="md">
          <RoutePrices search={search} setSearch={setSearch} />
        </Tabs.Panel>
        {mayReadDefaults ? (
          <Tabs.Panel value="defaults" pt="md">
            <DefaultPrices search={search} setSearch={setSearch} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
