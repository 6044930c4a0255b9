import { Anchor, Badge, Button, Group, NativeSelect, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import type { OnSiteCar, OnSiteDue, OnSiteFlagFilter } from '@ps/contracts/onSite';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { IconAlarm, IconClock, IconKey, IconScan } from '../../components/icons';
import { type KitColumn, ListError, ListToolbar, ResourceTable, useCardLayout } from '../../components/ListKit';
import { useCan } from '../../lib/currentUser';
import { formatDateTime, formatDuration, formatNumber } from '../../lib/format';
import { useListTableProps, useSearchBox } from '../../lib/list';
import { usePageSearch } from '../../lib/listPage';
import { usePageTitle } from '../../lib/pageTitle';
import { type Place, useCarsOnSite, usePlaces } from './api';
import { type OnSiteSearch, placeFilter, placeValue, validateOnSiteSearch } from './search';

const route = getRouteApi('/$companyId/on-site');

type Row = OnSiteCar & { id: number };

/**
 * Every car the company holds now, where it stands and where its key hangs, the soonest due out first (the overdue
 * lead): one yard's or car park's, searched by registration or reference, or only those due soon or overdue. A row
 * leads to the booking and to its handover screen for the check-out.
 */
export function OnSitePage() {
  const { t } = useTranslation();
  usePageTitle(t('onSite.title'));
  const { companyId } = route.useParams();
  const can = useCan();
  const [search, navigate] = usePageSearch(route, validateOnSiteSearch);
  const setSearch = (patch: Partial<OnSiteSearch>, resetPage = true) =>
    navigate({ search: (previous) => ({ ...previous, ...(resetPage ? { page: undefined } : {}), ...patch }), replace: true });
  const [searchText, setSearchText] = useSearchBox(search, setSearch);
  const cars = useCarsOnSite(search);
  const table = useListTableProps<Row, OnSiteSearch>(search, setSearch, cars.data?.total ?? 0, 'arrival_at');
  const records: Row[] = (cars.data?.records ?? []).map((car) => ({ ...car, id: car.booking_id }));
  const filtered = Boolean(search.search) || search.flag !== undefined || placeValue(search) !== '';
  const mayHandOver = can('handovers.create');
  // On a phone the flag stands beside the registration, the card's title; in the table, beside the time.
  const cards = useCardLayout();

  const columns: KitColumn<Row>[] = [
    {
      accessor: 'vehicle_reg',
      title: t('onSite.fields.vehicle'),
      hideInCard: true,
      render: (car) => <Vehicle car={car} />,
    },
    {
      accessor: 'reference',
      title: t('onSite.fields.booking'),
      render: (car) => (
        <Stack gap={0}>
          {/* The booking page is for roles that may read bookings (a driver's role may not). */}
          {can('bookings.view') ? (
            <Anchor component={Link} to={`/${companyId}/bookings/${car.booking_id}`} ff="monospace" fw={600}>
              {car.reference}
            </Anchor>
          ) : (
            <Text ff="monospace" fw={600}>
              {car.reference}
            </Text>
          )}
          <Text size="sm" c="dimmed" className="ps-wrap">
            {car.customer_name}
          </Text>
        </Stack>
      ),
    },
    { accessor: 'position_name', title: t('onSite.fields.position'), render: (car) => <Position car={car} /> },
    {
      accessor: 'key_location',
      title: t('onSite.fields.key'),
      render: (car) =>
        car.key_location ? (
          <Group gap={6} wrap="nowrap">
            <IconKey size={16} aria-hidden />
            <Text size="sm">{car.key_location}</Text>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('onSite.noKey')}
          </Text>
        ),
    },
    {
      accessor: 'arrival_at',
      title: t('onSite.fields.dueOut'),
      render: (car) => (
        <Stack gap={4} align="flex-start">
          <Text size="sm">{formatDateTime(car.arrival_at, car.airport_time_zone)}</Text>
          {cards ? null : <DueBadge due={car.due} arrivalAt={car.arrival_at} />}
        </Stack>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {t('onSite.title')}
          </Title>
          <Text size="sm">{t('onSite.intro')}</Text>
        </Stack>
        {mayHandOver ? (
          <Button
            component={Link}
            to={`/${companyId}/scan`}
            size="md"
            leftSection={<IconScan size={18} aria-hidden />}
            className="ps-primary-action"
          >
            {t('onSite.scan')}
          </Button>
        ) : null}
      </Group>
      <ListToolbar
        searchText={searchText}
        onSearchText={setSearchText}
        searchLabel={t('onSite.search')}
        searchPlaceholder={t('onSite.searchPlaceholder')}
      >
        <PlacePicker value={placeValue(search)} onChange={(value) => void setSearch(placeFilter(value))} />
        <FlagFilter value={search.flag} counts={cars.data?.counts} onChange={(flag) => void setSearch({ flag })} />
      </ListToolbar>
      {cars.isError && !cars.data ? (
        <ListError title={t('onSite.loadError')} error={cars.error} onRetry={() => void cars.refetch()} />
      ) : (
        <ResourceTable<Row>
          label={t('onSite.title')}
          records={records}
          fetching={cars.isFetching}
          noRecordsText={filtered ? t('onSite.emptyFiltered') : t('onSite.empty')}
          table={table}
          cardTitle={(car) => (
            <Stack gap={4} align="flex-start">
              <Vehicle car={car} />
              <DueBadge due={car.due} arrivalAt={car.arrival_at} />
            </Stack>
          )}
          columns={columns}
          actions={
            mayHandOver
              ? (car) => (
                  <Button
                    component={Link}
                    to={`/${companyId}/bookings/${car.booking_id}/handover`}
                    variant="light"
                    size="sm"
                    aria-label={t('onSite.checkOutOne', { registration: car.vehicle_reg })}
                  >
                    {t('onSite.checkOut')}
                  </Button>
                )
              : undefined
          }
        />
      )}
    </Stack>
  );
}

/** The registration, large, with the make and colour. */
function Vehicle({ car }: { car: OnSiteCar }) {
  const details = [car.vehicle_colour, car.vehicle_make, car.vehicle_model].filter(Boolean).join(' ');
  return (
    <Stack gap={0}>
      <Text ff="monospace" fw={700} size="lg" c="var(--ps-color-bold)" data-testid="on-site-registration">
        {car.vehicle_reg}
      </Text>
      {details ? (
        <Text size="sm" c="dimmed" className="ps-wrap">
          {details}
        </Text>
      ) : null}
    </Stack>
  );
}

/** "North yard · A12 (bay)", or "No position" for a car checked in without one. */
function Position({ car }: { car: OnSiteCar }) {
  const { t } = useTranslation();
  if (!car.position_name) {
    return (
      <Text size="sm" c="dimmed">
        {t('onSite.noPosition')}
      </Text>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {car.position_name}
        {car.position_kind ? (
          <Text span size="xs" c="dimmed" fw={400}>
            {` (${t(`onSite.kinds.${car.position_kind}`)})`}
          </Text>
        ) : null}
      </Text>
      <Text size="xs" c="dimmed">
        {car.place_name}
      </Text>
    </Stack>
  );
}

/**
 * The due flag as words and an icon, never colour alone: "Overdue by 3 h" or "Due in 45 min"; nothing for a car due
 * later (its time says it).
 */
export function DueBadge({ due, arrivalAt }: { due: OnSiteDue; arrivalAt: string }) {
  const { t } = useTranslation();
  if (due === 'later') return null;
  const minutes = Math.abs(Date.parse(arrivalAt) - Date.now()) / 60_000;
  const overdue = due === 'overdue';
  return (
    <Badge
      // Dark enough for white text (AA), as the booking statuses' badges.
      color={overdue ? 'red.8' : 'yellow.9'}
      variant="filled"
      tt="none"
      size="md"
      leftSection={overdue ? <IconAlarm size={14} aria-hidden /> : <IconClock size={14} aria-hidden />}
      data-testid="due-badge"
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', lineHeight: 1.4 } }}
    >
      {overdue
        ? t('onSite.due.overdueBy', { duration: formatDuration(minutes) })
        : t('onSite.due.dueIn', { duration: formatDuration(minutes) })}
    </Badge>
  );
}

/** One place, or every place: the company's yards and car parks. */
function PlacePicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation();
  const { places } = usePlaces();
  const group = (kind: Place['kind'], title: string) => ({
    group: title,
    items: places
      .filter((place) => place.kind === kind)
      .map((place) => ({ value: `${kind === 'yard' ? 'yard' : 'location'}:${place.id}`, label: place.name })),
  });
  const groups = [group('yard', t('onSite.places.yards')), group('car_park', t('onSite.places.carParks'))].filter(
    (entry) => entry.items.length > 0,
  );
  const known = value === '' || groups.some((entry) => entry.items.some((item) => item.value === value));
  return (
    <NativeSelect
      size="md"
      label={t('onSite.placeFilter')}
      data={[{ value: '', label: t('onSite.allPlaces') }, ...groups, ...(known ? [] : [{ value, label: `#${value.split(':')[1]}` }])]}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      style={{ flex: '1 1 220px' }}
    />
  );
}

/** Every car, those due within two hours, the overdue ones; each choice with its count. */
function FlagFilter({
  value,
  counts,
  onChange,
}: {
  value: OnSiteFlagFilter | undefined;
  counts: Record<OnSiteDue, number> | undefined;
  onChange: (flag: OnSiteFlagFilter | undefined) => void;
}) {
  const { t } = useTranslation();
  const count = (flags: OnSiteDue[]) => (counts ? ` (${formatNumber(flags.reduce((sum, flag) => sum + counts[flag], 0))})` : '');
  return (
    <SegmentedControl
      size="md"
      aria-label={t('onSite.flagFilter')}
      value={value ?? 'all'}
      onChange={(next) => onChange(next === 'due_soon' || next === 'overdue' ? next : undefined)}
      data={[
        { value: 'all', label: `${t('onSite.flags.all')}${count(['overdue', 'due_soon', 'later'])}` },
        { value: 'due_soon', label: `${t('onSite.flags.due_soon')}${count(['due_soon'])}` },
        { value: 'overdue', label: `${t('onSite.flags.overdue')}${count(['overdue'])}` },
      ]}
      style={{ flex: '1 1 320px' }}
    />
  );
}
