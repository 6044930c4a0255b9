import { Button, Group, Stack, Title } from '@mantine/core';
import { type Airport, airportSortFields } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconPlus } from '../../components/icons';
import { BulkStatusBar, ExportCsvButton, ListError, ListToolbar, ResourceTable, StatusFilter } from '../../components/ListKit';
import { RowActions } from '../../components/RowActions';
import { StatusSwitch } from '../../components/StatusSwitch';
import { toastApiError } from '../../lib/api';
import { formatDateTime } from '../../lib/i18n';
import { useEmptyPageStepBack, useListTableProps, useSearchBox } from '../../lib/list';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { airportsResource } from './api';
import { AirportCardTitle, airportName, useAirportCsvColumns, useAirportIdentityColumns } from './columns';
import { type AirportListSearch, DEFAULT_SORT } from './search';

const route = getRouteApi('/$companyId/airports');

export function AirportsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('airports.title'));
  const identityColumns = useAirportIdentityColumns<Airport>(airportSortFields);
  const csvColumns = useAirportCsvColumns<Airport>();
  const search = route.useSearch();
  const { companyId } = route.useParams();
  const navigate = route.useNavigate();
  const list = airportsResource.useList(search);
  const setStatus = airportsResource.useSetStatus();
  const remove = airportsResource.useDelete();
  const [toDelete, setToDelete] = useState<Airport | null>(null);
  const [selected, setSelected] = useState<Airport[]>([]);

  const setSearch = (patch: Partial<AirportListSearch>, resetPage = true) => {
    setSelected([]);
    return navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  };
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<Airport, AirportListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_SORT);
  useEmptyPageStepBack(search, setSearch, list.data, list.isFetching);

  const filtered = Boolean(search.search) || search.status !== undefined;
  const changeStatus = (airport: Airport, status: 0 | 1) =>
    setStatus.mutate(
      { ids: [airport.id], status },
      {
        onSuccess: ({ updated, failed }) => {
          for (const row of updated)
            toastSuccess(t(row.status === 1 ? 'airports.toast.activated' : 'airports.toast.deactivated', { code: row.iata_code }));
          for (const failure of failed) toastApiError(failure.error);
        },
      },
    );
  const confirmDelete = () => {
    if (!toDelete) return;
    const airport = toDelete;
    remove.mutate(airport.id, {
      onSuccess: () => {
        toastSuccess(t('airports.toast.deleted', { code: airport.iata_code }));
        setToDelete(null);
      },
      onError: () => setToDelete(null),
    });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('airports.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => airportsResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('airports.exportFile')}.csv`}
          />
          <Button
            component={Link}
            to={`/${companyId}/airports/new`}
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('airports.add')}
          </Button>
        </Group>
      </Group>

      <ListToolbar
        searchText={searchText}
        onSearchText={setSearchText}
        searchLabel={t('airports.search')}
        searchPlaceholder={t('airports.searchPlaceholder')}
      >
        <StatusFilter label={t('airports.statusFilter')} value={search.status} onChange={(status) => void setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        selected={selected}
        onClear={() => setSelected([])}
        busy={setStatus.isPending}
        setStatus={(ids, status) => setStatus.mutateAsync({ ids, status })}
      />

      {list.isError && !list.data ? (
        <ListError title={t('airports.loadError')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <ResourceTable<Airport>
          label={t('airports.title')}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('airports.empty')}
          table={table}
          cardTitle={(airport) => <AirportCardTitle airport={airport} />}
          selection={{ selected, onChange: setSelected, label: (airport) => t('kit.selectOne', { name: airportName(airport) }) }}
          columns={[
            ...identityColumns,
            {
              accessor: 'status',
              title: t('airports.fields.status'),
              sortable: true,
              render: (airport) => (
                <StatusSwitch
                  active={airport.status === 1}
                  recordName={airportName(airport)}
                  busy={setStatus.isPending && setStatus.variables?.ids.includes(airport.id) === true}
                  onChange={(status) => changeStatus(airport, status)}
                />
              ),
            },
            {
              accessor: 'created_at',
              title: t('airports.fields.created_at'),
              sortable: true,
              render: (airport) => formatDateTime(airport.created_at),
            },
          ]}
          actions={(airport) => (
            <RowActions
              editHref={`/${companyId}/airports/${airport.id}/edit`}
              editLabel={t('airports.editOne', { code: airport.iata_code })}
              deleteLabel={t('airports.deleteOne', { code: airport.iata_code })}
              onDelete={() => setToDelete(airport)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('airports.delete.title')}
        recordName={toDelete ? airportName(toDelete) : null}
        busy={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </Stack>
  );
}
