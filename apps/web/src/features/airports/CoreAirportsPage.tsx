import { Group, Stack, Text, Title } from '@mantine/core';
import { type CoreAirport, coreAirportSortFields } from '@ps/contracts';
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
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { coreAirportsResource } from './api';
import { AirportCardTitle, airportName, useAirportCsvColumns, useAirportIdentityColumns } from './columns';
import { DEFAULT_CORE_AIRPORT_SORT, validateCoreAirportSearch } from './search';

const route = getRouteApi('/org/core-airports');

/** The super admin's master airport list: companies pick their airports from it. */
export function CoreAirportsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coreAirports.title'));
  const identityColumns = useAirportIdentityColumns<CoreAirport>(coreAirportSortFields);
  const csvColumns = useAirportCsvColumns<CoreAirport>();
  const [search, navigate] = usePageSearch(route, validateCoreAirportSearch);

  const page = useListPage({
    resource: coreAirportsResource,
    search,
    navigate,
    defaultSort: DEFAULT_CORE_AIRPORT_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'airports.toast.activated' : 'airports.toast.deactivated', { code: row.iata_code }),
    deleted: (row) => t('airports.toast.deleted', { code: row.iata_code }),
  });
  const filtered = Boolean(search.search) || search.status !== undefined;

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
          <AddButton to="/org/core-airports/new" label={t('coreAirports.add')} permission="core_airports.create" />
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
        permission="core_airports.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('airports.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<CoreAirport>
          label={t('coreAirports.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('airports.emptyFiltered') : t('coreAirports.empty')}
          table={page.table}
          cardTitle={(airport) => <AirportCardTitle airport={airport} />}
          selection={{
            permission: 'core_airports.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (airport) => t('kit.selectOne', { name: airportName(airport) }),
          }}
          columns={[
            ...identityColumns,
            statusColumn(page, {
              permission: 'core_airports.update',
              title: t('airports.fields.status'),
              nameOf: (airport) => airportName(airport),
            }),
          ]}
          actions={(airport) => (
            <RowActions
              resource="core_airports"
              editHref={`/org/core-airports/${airport.id}/edit`}
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
