import { Badge, Stack, Text, Title } from '@mantine/core';
import { type CoreAirport, coreAirportSortFields } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ExportCsvButton, ListError, ListToolbar, ResourceTable, StatusFilter } from '../../components/ListKit';
import { useEmptyPageStepBack, useListTableProps, useSearchBox } from '../../lib/list';
import { usePageTitle } from '../../lib/pageTitle';
import { coreAirportsResource } from './api';
import { AirportCardTitle, useAirportCsvColumns, useAirportIdentityColumns } from './columns';
import { type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT } from './search';

const route = getRouteApi('/org/core-airports');

/** The super admin's view of the organisation's master airport list (read-only on the web for now). */
export function CoreAirportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAirports.title'));
  const identityColumns = useAirportIdentityColumns<CoreAirport>(coreAirportSortFields);
  const csvColumns = useAirportCsvColumns<CoreAirport>();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = coreAirportsResource.useList(search);

  const setSearch = (patch: Partial<CoreAirportListSearch>, resetPage = true) =>
    navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<CoreAirport, CoreAirportListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_CORE_AIRPORT_SORT);
  useEmptyPageStepBack(search, setSearch, list.data, list.isFetching);
  const filtered = Boolean(search.search) || search.status !== undefined;

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('coreAirports.title')}
        </Title>
        <Text size="sm">{t('coreAirports.intro')}</Text>
      </Stack>
      <ListToolbar
        searchText={searchText}
        onSearchText={setSearchText}
        searchLabel={t('airports.search')}
        searchPlaceholder={t('airports.searchPlaceholder')}
      >
        <StatusFilter label={t('airports.statusFilter')} value={search.status} onChange={(status) => void setSearch({ status })} />
        <ExportCsvButton
          fetchAll={() => coreAirportsResource.fetchAll(search)}
          columns={csvColumns}
          fileName={`${t('coreAirports.exportFile')}.csv`}
        />
      </ListToolbar>
      {list.isError && !list.data ? (
        <ListError title={t('airports.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ResourceTable<CoreAirport>
          label={t('coreAirports.title')}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('coreAirports.empty')}
          table={table}
          cardTitle={(airport) => <AirportCardTitle airport={airport} />}
          columns={[
            ...identityColumns,
            {
              accessor: 'status',
              title: t('airports.fields.status'),
              render: (airport) => (
                <Badge color={airport.status === 1 ? 'green.9' : 'gray.7'} variant="dot">
                  {airport.status === 1 ? t('status.active') : t('status.inactive')}
                </Badge>
              ),
            },
          ]}
        />
      )}
    </Stack>
  );
}
