import { ActionIcon, Alert, Button, Group, Paper, SegmentedControl, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type Airport, airportSortFields } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { DataTable } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPencil, IconPlus, IconSearch, IconTrash } from '../../app/components/icons';
import { formatDateTime } from '../../lib/i18n';
import { useListTableProps, useSearchBox } from '../../lib/list';
import { toastSuccess } from '../../lib/toast';
import { useAirportList, useToggleAirportStatus } from './api';
import { useAirportIdentityColumns } from './columns';
import { DeleteAirportModal } from './DeleteAirportModal';
import { type AirportListSearch, DEFAULT_SORT } from './search';

const route = getRouteApi('/$companyId/airports');

type StatusFilter = 'all' | '1' | '0';

export function AirportsListPage() {
  const { t } = useTranslation();
  const identityColumns = useAirportIdentityColumns<Airport>(airportSortFields);
  const search = route.useSearch();
  const { companyId } = route.useParams();
  const navigate = route.useNavigate();
  const list = useAirportList(search);
  const toggleStatus = useToggleAirportStatus();
  const [toDelete, setToDelete] = useState<Airport | null>(null);

  const setSearch = (patch: Partial<AirportListSearch>, resetPage = true) =>
    navigate({
      search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }),
      replace: true,
    });

  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<Airport, AirportListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_SORT);

  // Deleting the last airport of the last page leaves an empty page: step back to one that has rows.
  const emptyPage = list.data !== undefined && list.data.records.length === 0 && (search.page ?? 1) > 1;
  useEffect(() => {
    if (emptyPage && !list.isFetching) {
      const lastPage = Math.max(1, Math.ceil((list.data?.total ?? 0) / table.recordsPerPage));
      void setSearch({ page: lastPage === 1 ? undefined : lastPage }, false);
    }
  }, [emptyPage, list.isFetching]);

  const statusFilter: StatusFilter = search.status === undefined ? 'all' : (String(search.status) as StatusFilter);
  const filtered = Boolean(search.search) || search.status !== undefined;

  const onToggle = (airport: Airport, active: boolean) =>
    toggleStatus.mutate(
      { id: airport.id, status: active ? 1 : 0 },
      {
        onSuccess: (updated) =>
          toastSuccess(
            t(updated.status === 1 ? 'airports.toast.activated' : 'airports.toast.deactivated', {
              code: updated.iata_code,
            }),
          ),
      },
    );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('airports.title')}
        </Title>
        <Button component={Link} to={`/${companyId}/airports/new`} leftSection={<IconPlus size={16} />}>
          {t('airports.add')}
        </Button>
      </Group>

      <Paper p={{ base: 'sm', sm: 'md' }} radius="md" withBorder>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            type="search"
            aria-label={t('airports.search')}
            placeholder={t('airports.searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={searchText}
            onChange={(event) => setSearchText(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
          <SegmentedControl
            fullWidth
            aria-label={t('airports.statusFilter')}
            value={statusFilter}
            onChange={(value) => void setSearch({ status: value === 'all' ? undefined : (Number(value) as 0 | 1) })}
            data={[
              { value: 'all', label: t('airports.filter.all') },
              { value: '1', label: t('airports.filter.active') },
              { value: '0', label: t('airports.filter.inactive') },
            ]}
            style={{ flex: '1 1 260px' }}
          />
        </Group>
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
        <DataTable<Airport>
          withTableBorder
          borderRadius="md"
          highlightOnHover
          minHeight={list.data?.records.length ? undefined : 220}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          loadingText={t('app.loading')}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('airports.empty')}
          idAccessor="id"
          {...table}
          columns={[
            ...identityColumns,
            {
              accessor: 'status',
              title: t('airports.fields.status'),
              sortable: true,
              render: (airport) => (
                <Switch
                  checked={airport.status === 1}
                  onChange={(event) => onToggle(airport, event.currentTarget.checked)}
                  label={airport.status === 1 ? t('status.active') : t('status.inactive')}
                  disabled={toggleStatus.isPending && toggleStatus.variables?.id === airport.id}
                />
              ),
            },
            {
              accessor: 'created_at',
              title: t('airports.fields.created_at'),
              sortable: true,
              render: (airport) => formatDateTime(airport.created_at),
            },
            {
              accessor: 'actions',
              title: t('common.actions'),
              textAlign: 'right',
              render: (airport) => (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon
                    component={Link}
                    to={`/${companyId}/airports/${airport.id}/edit`}
                    variant="subtle"
                    aria-label={t('airports.editOne', { code: airport.iata_code })}
                  >
                    <IconPencil />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red.8"
                    aria-label={t('airports.deleteOne', { code: airport.iata_code })}
                    onClick={() => setToDelete(airport)}
                  >
                    <IconTrash />
                  </ActionIcon>
                </Group>
              ),
            },
          ]}
        />
      )}

      <DeleteAirportModal airport={toDelete} onClose={() => setToDelete(null)} />
    </Stack>
  );
}
