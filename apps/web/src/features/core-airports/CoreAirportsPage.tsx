import { Alert, Badge, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type CoreAirport, coreAirportSortFields } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { IconSearch } from '../../app/components/icons';
import { useListTableProps, useSearchBox } from '../../lib/list';
import { useAirportIdentityColumns } from '../airports/columns';
import { useCoreAirportList } from './api';
import { type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT } from './search';

const route = getRouteApi('/org/core-airports');

/** The super admin's read-only view of the organisation's master airport list. */
export function CoreAirportsPage() {
  const { t } = useTranslation();
  const identityColumns = useAirportIdentityColumns<CoreAirport>(coreAirportSortFields);
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = useCoreAirportList(search);

  const setSearch = (patch: Partial<CoreAirportListSearch>, resetPage = true) =>
    navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });

  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<CoreAirport, CoreAirportListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_CORE_AIRPORT_SORT);

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('coreAirports.title')}
      </Title>
      <Text size="sm">{t('coreAirports.intro')}</Text>
      <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder>
        <TextInput
          type="search"
          aria-label={t('airports.search')}
          placeholder={t('airports.searchPlaceholder')}
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
        />
      </Paper>
      {list.isError && !list.data ? (
        <Alert color="red" variant="light" title={t('airports.loadError')} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{list.error.message}</Text>
            <Button variant="default" size="xs" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <DataTable<CoreAirport>
          withTableBorder
          borderRadius="md"
          minHeight={list.data?.records.length ? undefined : 220}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          loadingText={t('app.loading')}
          noRecordsText={search.search ? t('airports.emptyFiltered') : t('coreAirports.empty')}
          {...table}
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
