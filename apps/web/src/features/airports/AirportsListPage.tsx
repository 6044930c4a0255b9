import { Group, Stack, Title } from '@mantine/core';
import { type Airport, airportSortFields } from '@ps/contracts';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import {
  AddButton,
  BulkStatusBar,
  ExportCsvButton,
  ListError,
  ListToolbar,
  ResourceTable,
  StatusFilter,
  statusColumn,
} from '../../components/ListKit';
import { RowActions } from '../../components/RowActions';
import { formatDateTime } from '../../lib/i18n';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { airportsResource } from './api';
import { AirportCardTitle, airportName, useAirportCsvColumns, useAirportIdentityColumns } from './columns';
import { DEFAULT_SORT, validateAirportSearch } from './search';

const route = getRouteApi('/$companyId/airports');

export function AirportsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('airports.title'));
  const identityColumns = useAirportIdentityColumns<Airport>(airportSortFields);
  const csvColumns = useAirportCsvColumns<Airport>();
  const [search, navigate] = usePageSearch(route, validateAirportSearch);
  const { companyId } = route.useParams();

  const page = useListPage({
    resource: airportsResource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'airports.toast.activated' : 'airports.toast.deactivated', { code: row.iata_code }),
    deleted: (row) => t('airports.toast.deleted', { code: row.iata_code }),
  });

  const filtered = Boolean(search.search) || search.status !== undefined;

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
          <AddButton to={`/${companyId}/airports/new`} label={t('airports.add')} permission="airports.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('airports.search')}
        searchPlaceholder={t('airports.searchPlaceholder')}
      >
        <StatusFilter label={t('airports.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>

      <BulkStatusBar
        permission="airports.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('airports.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Airport>
          label={t('airports.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('airports.empty')}
          table={page.table}
          cardTitle={(airport) => <AirportCardTitle airport={airport} />}
          selection={{
            permission: 'airports.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (airport) => t('kit.selectOne', { name: airportName(airport) }),
          }}
          columns={[
            ...identityColumns,
            statusColumn(page, {
              permission: 'airports.update',
              title: t('airports.fields.status'),
              nameOf: (airport) => airportName(airport),
            }),
            {
              accessor: 'created_at',
              title: t('airports.fields.created_at'),
              sortable: true,
              render: (airport) => formatDateTime(airport.created_at),
            },
          ]}
          actions={(airport) => (
            <RowActions
              resource="airports"
              editHref={`/${companyId}/airports/${airport.id}/edit`}
              editLabel={t('airports.editOne', { code: airport.iata_code })}
              deleteLabel={t('airports.deleteOne', { code: airport.iata_code })}
              onDelete={() => page.deletion.ask(airport)}
            />
          )}
        />
      )}

      <DeleteDialog
        title={t('airports.delete.title')}
        recordName={page.deletion.toDelete ? airportName(page.deletion.toDelete) : null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
