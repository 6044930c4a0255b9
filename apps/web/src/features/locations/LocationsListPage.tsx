import { Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import type { Location, LocationType } from '@ps/contracts';
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
import { locationsResource, useCompanyAirports } from './api';
import { Coordinates, useCapacityText, usePlaceCsvColumns, useTypeLabel } from './columns';
import { DEFAULT_LOCATION_SORT, LOCATION_TYPES, validateLocationSearch } from './search';

const route = getRouteApi('/$companyId/locations');

const airportLabel = (location: Pick<Location, 'airport_iata_code' | 'airport_name'>) =>
  `${location.airport_iata_code} – ${location.airport_name}`;

/** The company's car parks, terminal drop-off points and meeting points, filtered by airport, type and status. */
export function LocationsListPage() {
  const { t } = useTranslation();
  usePageTitle(t('locations.title'));
  const [search, navigate] = usePageSearch(route, validateLocationSearch);
  const { companyId } = route.useParams();
  const typeLabel = useTypeLabel();
  const capacityText = useCapacityText();
  const csvColumns = usePlaceCsvColumns<Location>(airportLabel);
  const airports = useCompanyAirports(false);

  const page = useListPage({
    resource: locationsResource,
    search,
    navigate,
    defaultSort: DEFAULT_LOCATION_SORT,
    statusChanged: (row) => t(row.status === 1 ? 'locations.toast.activated' : 'locations.toast.deactivated', { name: row.name }),
    deleted: (row) => t('locations.toast.deleted', { name: row.name }),
  });

  const filtered = Boolean(search.search) || search.status !== undefined || search.airport_id !== undefined || search.type !== undefined;
  const noAirports = airports.data?.total === 0;
  const emptyText = filtered ? t('locations.emptyFiltered') : noAirports ? t('locations.emptyNoAirports') : t('locations.empty');
  const airportOptions = [
    { value: '', label: t('locations.allAirports') },
    ...(airports.data?.records ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} – ${airport.name}` })),
  ];
  // A filter for an airport the list does not know (deleted since) still shows as chosen.
  if (search.airport_id !== undefined && !airportOptions.some((option) => option.value === String(search.airport_id))) {
    airportOptions.push({ value: String(search.airport_id), label: `#${search.airport_id}` });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('locations.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => locationsResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('locations.exportFile')}.csv`}
          />
          <AddButton to={`/${companyId}/locations/new`} label={t('locations.add')} permission="locations.create" />
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
          data={airportOptions}
          value={search.airport_id === undefined ? '' : String(search.airport_id)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            void page.setSearch({ airport_id: value ? Number(value) : undefined });
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
        permission="locations.update"
        selected={page.selection.selected}
        onClear={() => page.selection.setSelected([])}
        busy={page.selection.busy}
        setStatus={page.selection.setStatus}
      />

      {page.list.isError && !page.list.data ? (
        <ListError title={t('locations.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Location>
          label={t('locations.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={emptyText}
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
            permission: 'locations.update',
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
              accessor: 'airport_iata_code',
              title: t('locations.fields.airport'),
              sortable: true,
              render: (location) => (
                <Text size="sm">
                  <Text span ff="monospace" fw={700}>
                    {location.airport_iata_code}
                  </Text>{' '}
                  {location.airport_name}
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
              permission: 'locations.update',
              title: t('locations.fields.status'),
              nameOf: (location) => location.name,
            }),
          ]}
          actions={(location) => (
            <RowActions
              resource="locations"
              editHref={`/${companyId}/locations/${location.id}/edit`}
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
