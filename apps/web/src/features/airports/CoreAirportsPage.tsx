import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { type CoreAirport, coreAirportSortFields } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconPlus } from '../../components/icons';
import { BulkStatusBar, ExportCsvButton, ListError, ListToolbar, ResourceTable, StatusFilter } from '../../components/ListKit';
import { RowActions } from '../../components/RowActions';
import { StatusSwitch } from '../../components/StatusSwitch';
import { toastApiError } from '../../lib/api';
import { useEmptyPageStepBack, useListTableProps, useSearchBox } from '../../lib/list';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { coreAirportsResource } from './api';
import { AirportCardTitle, airportName, useAirportCsvColumns, useAirportIdentityColumns } from './columns';
import { type CoreAirportListSearch, DEFAULT_CORE_AIRPORT_SORT } from './search';

const route = getRouteApi('/org/core-airports');

/** The super admin's master airport list: companies pick their airports from it. */
export function CoreAirportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAirports.title'));
  const identityColumns = useAirportIdentityColumns<CoreAirport>(coreAirportSortFields);
  const csvColumns = useAirportCsvColumns<CoreAirport>();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const list = coreAirportsResource.useList(search);
  const setStatus = coreAirportsResource.useSetStatus();
  const remove = coreAirportsResource.useDelete();
  const [toDelete, setToDelete] = useState<CoreAirport | null>(null);
  const [selected, setSelected] = useState<CoreAirport[]>([]);

  const setSearch = (patch: Partial<CoreAirportListSearch>, resetPage = true) => {
    setSelected([]);
    return navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  };
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const table = useListTableProps<CoreAirport, CoreAirportListSearch>(search, setSearch, list.data?.total ?? 0, DEFAULT_CORE_AIRPORT_SORT);
  useEmptyPageStepBack(search, setSearch, list.data, list.isFetching);
  const filtered = Boolean(search.search) || search.status !== undefined;

  const changeStatus = (airport: CoreAirport, status: 0 | 1) =>
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
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('coreAirports.title')}
          </Title>
          <Text size="sm">{t('coreAirports.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => coreAirportsResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('coreAirports.exportFile')}.csv`}
          />
          <Button
            component={Link}
            to="/org/core-airports/new"
            size="md"
            leftSection={<IconPlus size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('coreAirports.add')}
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
        <ResourceTable<CoreAirport>
          label={t('coreAirports.title')}
          records={list.data?.records ?? []}
          fetching={list.isFetching}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('coreAirports.empty')}
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
          ]}
          actions={(airport) => (
            <RowActions
              editHref={`/org/core-airports/${airport.id}/edit`}
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
