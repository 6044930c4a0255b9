import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { CoreLocation, LocationType } from '@ps/contracts';
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
import { coreLocationsResource, useCoreAirports } from './api';
import { Coordinates, useCapacityText, usePlaceCsvColumns, useTypeLabel } from './columns';
import { DEFAULT_CORE_LOCATION_SORT, LOCATION_TYPES, validateCoreLocationSearch } from './search';

const route = getRouteApi('/org/core-locations');

const airportLabel = (location: Pick<CoreLocation, 'core_airport_iata_code' | 'core_airport_name'>) =>
  `${location.core_airport_iata_code} – ${location.core_airport_name}`;

/** The super admin's master location list: companies pick their locations from it. */
export function CoreLocationsPage() {
  const { t } = useTranslation();
  usePageTitle(t('coreLocations.title'));
  const [search, navigate] = usePageSearch(route, validateCoreLocationSearch);
  const typeLabel = useTypeLabel();
  const capacityText = useCapacityText();
  const csvColumns = usePlaceCsvColumns<CoreLocation>(airportLabel);
  const airports = useCoreAirports(false);

  const page = useListPage({
    resource: coreLocationsResource,
    search,
    navigate,
    defaultSort: DEFAULT_CORE_LOCATION_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'locations.toast.activated' : 'locations.toast.deactivated', { name: row.name }),
    deleted: (row) => t('locations.toast.deleted', { name: row.name }),
  });
  const filtered =
    Boolean(search.search) || search.status !== undefined || search.core_airport_id !== undefined || search.type !== undefined;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('coreLocations.title')}
          </Title>
          <Text size="sm">{t('coreLocations.intro')}</Text>
        </Stack>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => coreLocationsResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('coreLocations.exportFile')}.csv`}
          />
          <AddButton to="/org/core-locations/new" label={t('coreLocations.add')} permission="core_locations.create" />
        </Group>
      </Group>
      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('locations.search')}
        searchPlaceholder={t('locations.searchPlaceholder')}
      >
        <NativeSelect
          size="md"
          label={t('locations.airportFilter')}
          data={[
            { value: '', label: t('locations.allAirports') },
            ...(airports.data?.records ?? []).map((airport) => ({
              value: String(airport.id),
              label: `${airport.iata_code} – ${airport.name}`,
            })),
          ]}
          value={search.core_airport_id === undefined ? '' : String(search.core_airport_id)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void page.setSearch({ core_airport_id: value ? Number(value) : undefined });
          }}
          style={{ flex: '1 1 200px' }}
        />
        <NativeSelect
          size="md"
          label={t('locations.typeFilter')}
          data={[{ value: '', label: t('locations.allTypes') }, ...LOCATION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))]}
          value={search.type ?? ''}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void page.setSearch({ type: value ? (value as LocationType) : undefined });
          }}
          style={{ flex: '1 1 160px' }}
        />
        <StatusFilter label={t('locations.statusFilter')} value={search.status} onChange={(status) => void page.setSearch({ status })} />
      </ListToolbar>
      <BulkStatusBar
        permission="core_locations.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />
      {page.list.isError && !page.list.data ? (
        <ListError title={t('locations.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<CoreLocation>
          label={t('coreLocations.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('locations.emptyFiltered') : t('coreLocations.empty')}
          table={page.table}
          cardTitle={(location) => (
            <Stack gap={0}>
              <Text fw={700} c="var(--ps-color-title)">
                {location.name}
              </Text>
              <Text size="sm">{typeLabel(location.type)}</Text>
            </Stack>
          )}
          selection={{
            permission: 'core_locations.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (location) => t('kit.selectOne', { name: location.name }),
          }}
          columns={[
            {
              accessor: 'name',
              title: t('locations.fields.name'),
              sortable: true,
              hideInCard: true,
              render: (location) => (
                <Stack gap={0}>
                  <Text fw={600} c="var(--ps-color-bold)">
                    {location.name}
                  </Text>
                  {location.address ? (
                    <Text size="sm" c="dimmed">
                      {location.address}
                    </Text>
                  ) : null}
                </Stack>
              ),
            },
            {
              accessor: 'core_airport_iata_code',
              title: t('locations.fields.airport'),
              sortable: true,
              render: (location) => (
                <Text size="sm">
                  <Text span ff="monospace" fw={700}>
                    {location.core_airport_iata_code}
                  </Text>{' '}
                  {location.core_airport_name}
                </Text>
              ),
            },
            {
              accessor: 'type',
              title: t('locations.fields.type'),
              sortable: true,
              hideInCard: true,
              render: (location) => typeLabel(location.type),
            },
            {
              accessor: 'capacity',
              title: t('locations.fields.capacity'),
              sortable: true,
              render: (location) => capacityText(location.capacity),
            },
            { accessor: 'coordinates', title: t('locations.fields.coordinates'), render: (location) => <Coordinates place={location} /> },
            statusColumn(page, {
              permission: 'core_locations.update',
              title: t('locations.fields.status'),
              nameOf: (location) => location.name,
            }),
          ]}
          actions={(location) => (
            <RowActions
              resource="core_locations"
              editHref={`/org/core-locations/${location.id}/edit`}
              editLabel={t('locations.editOne', { name: location.name })}
              deleteLabel={t('locations.deleteOne', { name: location.name })}
              onDelete={() => page.deletion.ask(location)}
            />
          )}
        />
      )}
      <DeleteDialog
        title={t('locations.delete.title')}
        recordName={page.deletion.toDelete?.name ?? null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
