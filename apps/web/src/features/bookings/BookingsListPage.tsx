import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { Booking } from '@ps/contracts';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import {
  AddButton,
  ExportCsvButton,
  ExportFileButton,
  type KitColumn,
  ListError,
  ListToolbar,
  ResourceTable,
} from '../../components/ListKit';
import type { CsvColumn } from '../../lib/csv';
import { useSeesMoney } from '../../lib/finance';
import { minorDigitsOf, toMajor } from '../../lib/format';
import { useListPage, usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { bookingsResource, DEFAULT_SORT, fetchBookingsCsv, parkRideResource } from './api';
import { BookingFilters } from './BookingFilters';
import { BulkStatusChange } from './BulkStatusChange';
import { StatusBadge, useBookingText } from './format';
import { type BookingListSearch, validateBookingListSearch } from './search';

const bookingsRoute = getRouteApi('/$companyId/bookings');
const parkRideRoute = getRouteApi('/$companyId/park-ride');

/** Money in a spreadsheet: major units with the currency's decimals ("123.45"), no symbol, so it sums. */
/** A money cell of the CSV; empty where the API held the figure back. */
const csvMoney = (minor: number | null, currency: string) =>
  minor === null ? '' : toMajor(minor, currency).toFixed(minorDigitsOf(currency));

/** Which list: every booking (`/api/booking/list`), or the park-and-ride ones with their shuttles. */
type ListKind = 'all' | 'park_and_ride';

/** What differs between the two lists: the route, the API list, the texts and where "new" leads. */
const kinds = {
  all: { route: bookingsRoute, resource: bookingsResource, texts: 'bookings', newPath: 'bookings/new' },
  park_and_ride: { route: parkRideRoute, resource: parkRideResource, texts: 'bookings.parkRide', newPath: 'park-ride/new' },
} as const;

export function BookingsListPage() {
  return <BookingsList kind="all" />;
}

/** Park and ride: the same list over `/api/park-ride/booking/list`, with the car park and both shuttle times. */
export function ParkRideListPage() {
  return <BookingsList kind="park_and_ride" />;
}

function BookingsList({ kind }: { kind: ListKind }) {
  const { t } = useTranslation();
  const { route, resource, texts, newPath } = kinds[kind];
  const shuttles = kind === 'park_and_ride';
  usePageTitle(t(`${texts}.title`));
  const [search, navigate] = usePageSearch(route, validateBookingListSearch);
  const { companyId } = route.useParams();
  const text = useBookingText();
  // Money columns only for a role that may see money (the API sends the figures null otherwise).
  const seesMoney = useSeesMoney();
  /** A shuttle's time on the airport's clock; a park-and-ride booking made without shuttles shows a dash. */
  const shuttleTime = (booking: Booking, instant: string | null) => (instant ? text.time(booking, instant) : '—');

  const page = useListPage<Booking, BookingListSearch>({
    resource,
    search,
    navigate,
    defaultSort: DEFAULT_SORT,
    // Bookings have no active switch and are not deleted from the list: these toasts are never shown.
    statusChanged: (row) => row.reference,
    deleted: (row) => row.reference,
  });

  const csvTime = (booking: Booking, instant: string | null) => (instant ? text.sortableTime(booking, instant) : '');
  const moneyCsvColumns: CsvColumn<Booking>[] = [
    { title: t('bookings.fields.total'), value: (row) => csvMoney(row.total, row.currency) },
    { title: t('bookings.fields.paid'), value: (row) => csvMoney(row.paid, row.currency) },
    { title: t('bookings.fields.outstanding'), value: (row) => csvMoney(row.outstanding, row.currency) },
  ];
  const csvColumns: CsvColumn<Booking>[] = [
    { title: t('bookings.fields.reference'), value: (row) => row.reference },
    { title: t('bookings.fields.customer_name'), value: (row) => row.customer_name },
    { title: t('bookings.fields.customer_phone'), value: (row) => row.customer_phone },
    { title: t('bookings.fields.customer_email'), value: (row) => row.customer_email },
    { title: t('bookings.fields.vehicle'), value: (row) => text.vehicle(row) },
    ...(shuttles
      ? [
          { title: t('bookings.fields.car_park'), value: (row: Booking) => row.car_park_name ?? row.departure_name },
          { title: t('bookings.parkRide.dropOff'), value: (row: Booking) => text.sortableTime(row, row.departure_at) },
          { title: t('bookings.parkRide.shuttleOut'), value: (row: Booking) => csvTime(row, row.shuttle_out_at) },
          { title: t('bookings.parkRide.shuttleBack'), value: (row: Booking) => csvTime(row, row.shuttle_back_at) },
          { title: t('bookings.parkRide.pickUp'), value: (row: Booking) => text.sortableTime(row, row.arrival_at) },
        ]
      : [
          { title: t('bookings.fields.departure_at'), value: (row: Booking) => text.sortableTime(row, row.departure_at) },
          { title: t('bookings.fields.arrival_at'), value: (row: Booking) => text.sortableTime(row, row.arrival_at) },
        ]),
    { title: t('bookings.fields.status'), value: (row) => text.status(row.status) },
    ...(seesMoney ? moneyCsvColumns : []),
  ];
  const filtered =
    Boolean(search.search) ||
    search.status !== undefined ||
    search.airport_id !== undefined ||
    search.car_park_id !== undefined ||
    search.channel !== undefined ||
    search.from !== undefined ||
    search.to !== undefined;
  const clearFilters = () =>
    void page.setSearch({
      search: undefined,
      status: undefined,
      airport_id: undefined,
      car_park_id: undefined,
      channel: undefined,
      date_field: undefined,
      from: undefined,
      to: undefined,
    });

  const carParkColumn: KitColumn<Booking> = {
    accessor: 'car_park_name',
    title: t('bookings.fields.stay'),
    render: (booking) => `${booking.airport_iata_code} · ${booking.car_park_name ?? booking.departure_name}`,
  };
  const stayColumns: KitColumn<Booking>[] = [
    {
      accessor: 'departure_at',
      title: t('bookings.fields.departure_at'),
      sortable: true,
      render: (booking) => text.time(booking, booking.departure_at),
    },
    {
      accessor: 'arrival_at',
      title: t('bookings.fields.arrival_at'),
      sortable: true,
      render: (booking) => text.time(booking, booking.arrival_at),
    },
    carParkColumn,
  ];
  /** A time of the stay with its shuttle under it: each leg of the trip in one cell. */
  const leg = (booking: Booking, instant: string, shuttle: string) => (
    <Stack gap={2}>
      <Text size="sm">{text.time(booking, instant)}</Text>
      <Text size="xs" c="gray.8">
        {shuttle}
      </Text>
    </Stack>
  );
  // The shuttle variant: the departure (the car is dropped off, then the shuttle out) and the arrival (the shuttle
  // back, then the car is picked up), titled as in the bookings list: the table keeps its width in Tamil too.
  const shuttleColumns: KitColumn<Booking>[] = [
    carParkColumn,
    {
      accessor: 'departure_at',
      title: t('bookings.fields.departure_at'),
      sortable: true,
      render: (booking) =>
        leg(booking, booking.departure_at, t('bookings.parkRide.outAt', { time: shuttleTime(booking, booking.shuttle_out_at) })),
    },
    {
      accessor: 'arrival_at',
      title: t('bookings.fields.arrival_at'),
      sortable: true,
      render: (booking) =>
        leg(booking, booking.arrival_at, t('bookings.parkRide.backAt', { time: shuttleTime(booking, booking.shuttle_back_at) })),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t(`${texts}.title`)}
        </Title>
        <Group gap="sm">
          {kind === 'all' ? (
            <ExportFileButton download={() => fetchBookingsCsv(search)} fileName={`${t(`${texts}.exportFile`)}.csv`} />
          ) : (
            <ExportCsvButton fetchAll={() => resource.fetchAll(search)} columns={csvColumns} fileName={`${t(`${texts}.exportFile`)}.csv`} />
          )}
          <AddButton to={`/${companyId}/${newPath}`} label={t(`${texts}.add`)} permission="bookings.create" />
        </Group>
      </Group>

      <ListToolbar
        searchText={page.searchText}
        onSearchText={page.setSearchText}
        searchLabel={t(`${texts}.search`)}
        searchPlaceholder={t('bookings.searchPlaceholder')}
      >
        <BookingFilters search={search} setSearch={(patch) => void page.setSearch(patch)} />
      </ListToolbar>
      {filtered ? (
        <Group justify="flex-end" mt={-8}>
          <Button variant="subtle" size="sm" onClick={clearFilters}>
            {t('bookings.clearFilters')}
          </Button>
        </Group>
      ) : null}

      <BulkStatusChange selected={page.selection.selected} onDone={() => page.selection.setSelected([])} />

      {page.list.isError && !page.list.data ? (
        <ListError title={t(`${texts}.loadError`)} error={page.list.error} onRetry={() => void page.list.refetch()} />
      ) : (
        <ResourceTable<Booking>
          label={t(`${texts}.title`)}
          records={page.list.data?.records ?? []}
          fetching={page.list.isFetching}
          noRecordsText={filtered ? t(`${texts}.emptyFiltered`) : t(`${texts}.empty`)}
          table={page.table}
          cardTitle={(booking) => (
            <Stack gap={2}>
              <Anchor component={Link} to={`/${companyId}/bookings/${booking.id}`} fw={700} ff="monospace" c="blue.9">
                {booking.reference}
              </Anchor>
              <Text size="sm">{booking.customer_name}</Text>
            </Stack>
          )}
          selection={{
            permission: 'bookings.update',
            selected: page.selection.selected,
            onChange: page.selection.setSelected,
            label: (booking) => t('kit.selectOne', { name: booking.reference }),
          }}
          columns={[
            {
              accessor: 'reference',
              title: t('bookings.fields.reference'),
              sortable: true,
              hideInCard: true,
              render: (booking) => (
                <Anchor
                  component={Link}
                  to={`/${companyId}/bookings/${booking.id}`}
                  fw={700}
                  ff="monospace"
                  c="blue.9"
                  // A reference is read out whole: never broken at its hyphen.
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {booking.reference}
                </Anchor>
              ),
            },
            {
              accessor: 'customer_name',
              title: t('bookings.fields.customer'),
              sortable: true,
              hideInCard: true,
              render: (booking) => (
                <Stack gap={0}>
                  <Text size="sm">{booking.customer_name}</Text>
                  <Text size="xs" c="gray.8">
                    {booking.customer_phone ?? booking.customer_email}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: 'vehicle_reg',
              title: t('bookings.fields.vehicle_reg'),
              sortable: true,
              render: (booking) => <Text ff="monospace">{booking.vehicle_reg}</Text>,
            },
            ...(shuttles ? shuttleColumns : stayColumns),
            {
              accessor: 'status',
              title: t('bookings.fields.status'),
              sortable: true,
              render: (booking) => <StatusBadge status={booking.status} />,
            },
            ...(seesMoney
              ? [
                  {
                    accessor: 'total',
                    title: t('bookings.fields.total'),
                    sortable: true,
                    textAlign: 'right' as const,
                    render: (booking: Booking) => (
                      <span style={{ whiteSpace: 'nowrap' }}>{booking.total === null ? '—' : text.money(booking.total)}</span>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {!filtered && page.list.data?.total === 0 ? (
        <Text c="dimmed" ta="center">
          {t(`${texts}.emptyHint`)}
        </Text>
      ) : null}
    </Stack>
  );
}
