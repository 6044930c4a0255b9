import { ActionIcon, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import type { LocationPrice } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { DeleteDialog } from '../../components/ConfirmDialog';
import { IconPencil, IconTable, IconTrash } from '../../components/icons';
import { AddButton, ExportCsvButton, type KitColumn, ListError, ListToolbar, ResourceTable } from '../../components/ListKit';
import { keyboardScrollable } from '../../components/ReferenceSelects';
import type { CsvColumn } from '../../lib/csv';
import { useCan } from '../../lib/currentUser';
import { formatDateTime, useMoney } from '../../lib/format';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { locationPricesResource, useAirportChoices, useBandChoices, useLocationChoices, useMonths } from './api';
import { routeName } from './names';
import { DEFAULT_LOCATION_PRICE_SORT, type LocationPriceListSearch, validateLocationPriceSearch } from './search';

const route = getRouteApi('/$companyId/location-prices');

/** Every route price of the company: filters in the URL, CSV export, the grid one click away. */
export function LocationPricesListPage() {
  const { t } = useTranslation();
  usePageTitle(t('prices.list.title'));
  const [search, navigate] = usePageSearch(route, validateLocationPriceSearch);
  const { companyId } = route.useParams();
  const money = useMoney();
  const can = useCan();
  const months = useMonths();
  const airports = useAirportChoices();
  const locations = useLocationChoices(search.airport_id);
  const bands = useBandChoices();

  const page = useListPage({
    resource: locationPricesResource,
    search,
    navigate,
    defaultSort: DEFAULT_LOCATION_PRICE_SORT,
    statusChanged: () => '',
    deleted: (row) => t('prices.list.deleted', { route: routeName(row), band: row.band_name }),
  });

  const monthName = (month: number | null) => (month === null ? t('prices.grid.everyMonth') : (months[month - 1]?.name ?? String(month)));
  const describe = (row: LocationPrice) => `${routeName(row)} · ${row.band_name} · ${monthName(row.month)}`;
  const filtered =
    Boolean(search.search) ||
    [search.airport_id, search.departure_id, search.arrival_id, search.band_id, search.month].some((value) => value !== undefined);
  const gridHref = (row: LocationPrice) =>
    `/${companyId}/prices?airport_id=${row.airport_id}&departure_id=${row.departure_id}&arrival_id=${row.arrival_id}` +
    (row.band_type === 'parking' ? '' : `&type=${row.band_type}`);

  const idOption = (value: number | undefined) => (value === undefined ? null : String(value));
  const toId = (value: string | null) => (value ? Number(value) : undefined);

  const columns: KitColumn<LocationPrice>[] = [
    { accessor: 'departure_name', title: t('prices.fields.departure'), sortable: true, hideInCard: true },
    { accessor: 'arrival_name', title: t('prices.fields.arrival'), sortable: true, hideInCard: true },
    {
      accessor: 'airport_iata_code',
      title: t('prices.fields.airport'),
      render: (row) => (
        <Text span ff="monospace" fw={700}>
          {row.airport_iata_code}
        </Text>
      ),
    },
    { accessor: 'band_name', title: t('prices.fields.band'), sortable: true },
    { accessor: 'month', title: t('prices.fields.month'), sortable: true, render: (row) => monthName(row.month) },
    { accessor: 'price', title: t('prices.fields.price'), sortable: true, textAlign: 'right', render: (row) => money.format(row.price) },
    { accessor: 'updated_at', title: t('prices.fields.updated_at'), render: (row) => formatDateTime(row.updated_at) },
  ];
  const csvColumns: CsvColumn<LocationPrice>[] = [
    { title: t('prices.fields.airport'), value: (row) => row.airport_iata_code },
    { title: t('prices.fields.departure'), value: (row) => row.departure_name },
    { title: t('prices.fields.arrival'), value: (row) => row.arrival_name },
    { title: t('prices.fields.band'), value: (row) => row.band_name },
    { title: t('prices.fields.month'), value: (row) => monthName(row.month) },
    { title: t('prices.fields.priceMinor', { currency: money.currency }), value: (row) => String(row.price) },
    { title: t('prices.fields.price'), value: (row) => money.format(row.price) },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('prices.list.title')}
        </Title>
        <Group gap="sm">
          <ExportCsvButton
            fetchAll={() => locationPricesResource.fetchAll(search)}
            columns={csvColumns}
            fileName={`${t('prices.list.exportFile')}.csv`}
          />
          <Button
            component={Link}
            to={`/${companyId}/prices`}
            size="md"
            variant="default"
            leftSection={<IconTable size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('prices.list.openGrid')}
          </Button>
          <AddButton to={`/${companyId}/location-prices/new`} label={t('prices.list.add')} permission="location_prices.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t('prices.list.search')}
        searchPlaceholder={t('prices.list.searchPlaceholder')}
      >
        <Select
          aria-label={t('prices.fields.airport')}
          placeholder={t('prices.list.allAirports')}
          clearable
          clearButtonProps={{ 'aria-label': t('prices.list.clearFilter', { filter: t('prices.fields.airport') }) }}
          size="md"
          {...keyboardScrollable}
          data={(airports.data ?? []).map((airport) => ({ value: String(airport.id), label: `${airport.iata_code} – ${airport.name}` }))}
          value={idOption(search.airport_id)}
          onChange={(value) => void page.setSearch({ airport_id: toId(value), departure_id: undefined, arrival_id: undefined })}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          aria-label={t('prices.fields.departure')}
          placeholder={t('prices.list.allDepartures')}
          clearable
          clearButtonProps={{ 'aria-label': t('prices.list.clearFilter', { filter: t('prices.fields.departure') }) }}
          disabled={!search.airport_id}
          size="md"
          {...keyboardScrollable}
          data={(locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }))}
          value={idOption(search.departure_id)}
          onChange={(value) => void page.setSearch({ departure_id: toId(value) })}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          aria-label={t('prices.fields.arrival')}
          placeholder={t('prices.list.allArrivals')}
          clearable
          clearButtonProps={{ 'aria-label': t('prices.list.clearFilter', { filter: t('prices.fields.arrival') }) }}
          disabled={!search.airport_id}
          size="md"
          {...keyboardScrollable}
          data={(locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name }))}
          value={idOption(search.arrival_id)}
          onChange={(value) => void page.setSearch({ arrival_id: toId(value) })}
          style={{ flex: '1 1 180px' }}
        />
        <Select
          aria-label={t('prices.fields.band')}
          placeholder={t('prices.list.allBands')}
          clearable
          clearButtonProps={{ 'aria-label': t('prices.list.clearFilter', { filter: t('prices.fields.band') }) }}
          size="md"
          {...keyboardScrollable}
          data={(bands.data ?? []).map((band) => ({ value: String(band.id), label: band.name }))}
          value={idOption(search.band_id)}
          onChange={(value) => void page.setSearch({ band_id: toId(value) })}
          style={{ flex: '1 1 160px' }}
        />
        <Select
          aria-label={t('prices.fields.month')}
          placeholder={t('prices.list.allMonths')}
          clearable
          clearButtonProps={{ 'aria-label': t('prices.list.clearFilter', { filter: t('prices.fields.month') }) }}
          size="md"
          {...keyboardScrollable}
          data={[
            { value: 'every', label: t('prices.grid.everyMonth') },
            ...months.map((month) => ({ value: String(month.id), label: month.name })),
          ]}
          value={search.month === undefined ? null : String(search.month)}
          onChange={(value) =>
            void page.setSearch({
              month: value === null ? undefined : value === 'every' ? 'every' : Number(value),
            } as Partial<LocationPriceListSearch>)
          }
          style={{ flex: '1 1 160px' }}
        />
      </ListToolbar>

      {page.list.isError && !page.list.data ? (
        <ListError title={t('prices.list.loadError')} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<LocationPrice>
          label={t('prices.list.title')}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t('prices.list.emptyFiltered') : t('prices.list.empty')}
          emptyAction={
            filtered ? undefined : { to: `/${companyId}/prices`, label: t('prices.list.openGrid'), permission: 'location_prices.update' }
          }
          table={page.table}
          cardTitle={(row) => (
            <Text fw={700} c="var(--ps-color-title)">
              {routeName(row)}
            </Text>
          )}
          columns={columns}
          actions={(row) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              {can('location_prices.update') ? (
                <ActionIcon
                  component={Link}
                  to={`/${companyId}/location-prices/${row.id}/edit`}
                  variant="subtle"
                  size="lg"
                  aria-label={t('prices.list.editOne', { name: describe(row) })}
                >
                  <IconPencil size={20} aria-hidden />
                </ActionIcon>
              ) : null}
              <ActionIcon
                component={Link}
                to={gridHref(row)}
                variant="subtle"
                size="lg"
                aria-label={t('prices.list.openInGrid', { name: describe(row) })}
              >
                <IconTable size={20} aria-hidden />
              </ActionIcon>
              {can('location_prices.delete') ? (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  size="lg"
                  aria-label={t('prices.list.deleteOne', { name: describe(row) })}
                  onClick={() => page.deletion.ask(row)}
                >
                  <IconTrash size={20} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          )}
        />
      )}

      <DeleteDialog
        title={t('prices.list.deleteTitle')}
        recordName={page.deletion.toDelete ? describe(page.deletion.toDelete) : null}
        busy={page.deletion.busy}
        onConfirm={page.deletion.confirm}
        onClose={page.deletion.cancel}
      />
    </Stack>
  );
}
