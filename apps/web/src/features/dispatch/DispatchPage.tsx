import { Anchor, Button, Grid, Group, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { Flight, Trip } from '@ps/contracts';
import { browserTimeZone, dayIn } from '@ps/contracts/common/zonedTime';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { IconPlus } from '../../components/icons';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDay, formatNumber } from '../../lib/format';
import { useLiveEvents } from '../../lib/liveEvents';
import { usePageTitle } from '../../lib/pageTitle';
import { toastSuccess } from '../../lib/toast';
import { dispatchKeys, POLL_MS, useDayTrips, useDriversOn, useMoveTrip, usePartners, useTripStatuses } from './api';
import { CorrectStatusDialog } from './CorrectStatusDialog';
import { DayNavigator } from './DayNavigator';
import { FlightDialog } from './FlightDialog';
import { FlightsPanel } from './FlightsPanel';
import { type DispatchShow, dayCounts, filterTrips, groupByHour } from './plan';
import { DEFAULT_FLIGHT_DAYS, type DispatchSearch, parseDispatchSearch } from './search';
import { TripCard } from './TripCard';
import { TripFormDialog } from './TripFormDialog';
import { clockIn } from './time';

const route = getRouteApi('/$companyId/dispatch');

/** One of the figures at the top, which is also the switch that shows only its trips. */
function Figure({
  value,
  label,
  pressed,
  tone,
  onClick,
  testId,
}: {
  value: number;
  label: string;
  pressed: boolean;
  tone: 'default' | 'red' | 'orange';
  onClick: () => void;
  testId: string;
}) {
  const colour =
    tone === 'red' && value > 0
      ? 'var(--mantine-color-red-9)'
      : tone === 'orange' && value > 0
        ? 'var(--mantine-color-orange-9)'
        : undefined;
  return (
    <UnstyledButton aria-pressed={pressed} onClick={onClick} data-testid={testId} style={{ flex: '1 1 140px', minWidth: 0 }}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        style={{
          borderColor: pressed ? 'var(--mantine-color-blue-7)' : undefined,
          boxShadow: pressed ? 'inset 0 0 0 1px var(--mantine-color-blue-7)' : undefined,
          background: pressed ? 'var(--mantine-color-blue-0)' : undefined,
        }}
      >
        <Text fz={28} fw={700} lh={1.1} style={{ color: colour }} data-testid={`${testId}-value`}>
          {formatNumber(value)}
        </Text>
        <Text size="sm" className="ps-wrap">
          {label}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * The dispatch screen (issue 8, sections 3 and 4): the day's trips on the company's clock by hour, those waiting
 * for a driver first; a driver picked from those who may take each trip (the others listed with the reason), taken
 * off, trips started, completed, cancelled or corrected; the warning where a move of the trip took its driver off;
 * and the return flights, whose estimate an operator types in to move their out-trips.
 */
export function DispatchPage() {
  const { t } = useTranslation();
  usePageTitle(t('dispatch.title'));
  const { companyId } = route.useParams();
  const navigate = route.useNavigate();
  // The route has no validateSearch (its parser stays out of the sign-in bundle): the page reads the URL itself.
  const raw = route.useSearch() as Record<string, unknown>;
  const search = useMemo(() => parseDispatchSearch(raw), [raw]);
  const setSearch = (patch: Partial<DispatchSearch>) =>
    void navigate({ search: ((previous: Record<string, unknown>) => ({ ...previous, ...patch })) as never, replace: true });

  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? browserTimeZone();
  const today = dayIn(zone);
  const day = search.date ?? today;
  const goTo = (next: string) => setSearch({ date: next === today ? undefined : next });
  const permissions = user.data?.permissions ?? [];
  const has = (permission: string) => permissions.includes(permission);
  // A driver reaches only their own trips (the API's rule) and only starts and completes them (`driver_next`).
  const can = {
    assign: has('trips.update'),
    move: has('trips.status'),
    correct: has('trips.status_admin'),
    edit: has('trips.update'),
    ownTripsOnly: user.data?.role === 'driver',
  };

  const queryClient = useQueryClient();
  // Trips change with other dispatchers, drivers and flights, which no stream carries: the day is read every 30 s.
  // The bookings' stream (for users with `bookings.view`) adds what a booking change does at once (new or moved trips).
  const liveState = useLiveEvents(() => void queryClient.invalidateQueries({ queryKey: dispatchKeys.all }), has('bookings.view'));
  const live = liveState === 'live';
  // What changed while the stream was down is read again once it is back.
  useEffect(() => {
    if (live) void queryClient.invalidateQueries({ queryKey: dispatchKeys.all });
  }, [live, queryClient]);
  const pollMs = POLL_MS;

  const trips = useDayTrips(day, zone, pollMs);
  const drivers = useDriversOn(day, zone, has('drivers.view'));
  const partners = usePartners(has('partners.view') && has('trips.update'));
  const statuses = useTripStatuses();
  const move = useMoveTrip();
  const [cancelling, setCancelling] = useState<Trip | null>(null);
  const [correcting, setCorrecting] = useState<Trip | null>(null);
  const [updating, setUpdating] = useState<Flight | null>(null);
  // The trip form: `{ trip: null }` adds one on the day shown.
  const [editing, setEditing] = useState<{ trip: Trip | null } | null>(null);

  const dayTrips = trips.data ?? [];
  const counts = dayCounts(dayTrips);
  const groups = groupByHour(filterTrips(dayTrips, search.show), zone);
  const toggle = (show: DispatchShow | undefined) => setSearch({ show: search.show === show ? undefined : show });
  const statusLabel = (status: string) => statuses.data?.find((option) => option.value === status)?.label ?? status;

  const cancelTrip = () => {
    if (!cancelling) return;
    const named = {
      time: clockIn(zone, cancelling.scheduled_at),
      reference: cancelling.booking_reference ?? t(`dispatch.types.${cancelling.type}`),
    };
    move.mutate(
      { tripId: cancelling.id, status: 'cancelled' },
      {
        onSuccess: (saved) => {
          toastSuccess(t('dispatch.trip.statusDone', { ...named, status: statusLabel(saved.status) }));
          setCancelling(null);
        },
      },
    );
  };

  if (!user.data) return null;
  const showFlights = has('flights.view');
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1} size="h2">
          {t('dispatch.title')}
        </Title>
        {has('trips.create') ? (
          <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setEditing({ trip: null })}>
            {t('dispatch.form.add')}
          </Button>
        ) : null}
      </Group>
      <Text>{t('dispatch.intro', { zone })}</Text>

      <DayNavigator day={day} today={today} onChange={goTo} />

      <Group gap="sm" role="group" aria-label={t('dispatch.figures.label')} wrap="wrap">
        <Figure
          value={counts.trips}
          label={t('dispatch.figures.trips', { count: counts.trips })}
          pressed={search.show === undefined}
          tone="default"
          onClick={() => setSearch({ show: undefined })}
          testId="figure-trips"
        />
        <Figure
          value={counts.unassigned}
          label={t('dispatch.figures.unassigned', { count: counts.unassigned })}
          pressed={search.show === 'unassigned'}
          tone="red"
          onClick={() => toggle('unassigned')}
          testId="figure-unassigned"
        />
        <Figure
          value={counts.warnings}
          label={t('dispatch.figures.warnings', { count: counts.warnings })}
          pressed={search.show === 'warnings'}
          tone="orange"
          onClick={() => toggle('warnings')}
          testId="figure-warnings"
        />
      </Group>
      {showFlights ? (
        <Anchor href="#return-flights" hiddenFrom="lg" w="fit-content">
          {t('dispatch.jumpToFlights')}
        </Anchor>
      ) : null}

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: showFlights ? 8 : 12 }}>
          <Stack component="section" aria-labelledby="trips-title" gap="md" aria-busy={trips.isFetching}>
            <Title order={2} size="h3" id="trips-title">
              {t('dispatch.day.heading', { day: formatDay(day, 'full') })}
            </Title>
            {trips.isError && !trips.data ? (
              <Text c="red.8">{t('dispatch.loadError')}</Text>
            ) : trips.data && groups.length === 0 ? (
              <Group gap="sm">
                <Text c="dimmed">{search.show ? t('dispatch.emptyFiltered') : t('dispatch.empty')}</Text>
                {search.show ? (
                  <Button variant="light" onClick={() => setSearch({ show: undefined })}>
                    {t('dispatch.showAll')}
                  </Button>
                ) : null}
              </Group>
            ) : (
              groups.map((group) => (
                <Stack key={group.hour} component="section" aria-labelledby={`hour-${group.hour}`} gap="xs" data-testid="dispatch-hour">
                  <Group gap="xs" align="baseline" style={{ borderBottom: '1px solid var(--mantine-color-gray-4)' }} pb={4}>
                    <Title order={3} size="h4" id={`hour-${group.hour}`}>
                      {t('dispatch.hour', { hour: group.hour })}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t('dispatch.hourCount', { count: group.trips.length })}
                    </Text>
                  </Group>
                  <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
                    {group.trips.map((trip) => (
                      <li key={trip.id}>
                        <TripCard
                          trip={trip}
                          dayTrips={dayTrips}
                          drivers={drivers.data}
                          partners={partners.data}
                          zone={zone}
                          day={day}
                          companyId={companyId}
                          statuses={statuses.data}
                          can={can}
                          onCancel={setCancelling}
                          onCorrect={setCorrecting}
                          onEdit={(chosen) => setEditing({ trip: chosen })}
                        />
                      </li>
                    ))}
                  </Stack>
                </Stack>
              ))
            )}
          </Stack>
        </Grid.Col>
        {showFlights ? (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <FlightsPanel
              zone={zone}
              today={today}
              days={search.days ?? DEFAULT_FLIGHT_DAYS}
              onDays={(days) => setSearch({ days: days === DEFAULT_FLIGHT_DAYS ? undefined : (days as 1 | 7) })}
              pollMs={pollMs}
              canUpdate={has('flights.update')}
              onUpdate={setUpdating}
            />
          </Grid.Col>
        ) : null}
      </Grid>

      <ConfirmDialog
        opened={cancelling !== null}
        title={t('dispatch.trip.cancelTitle')}
        body={
          cancelling
            ? t('dispatch.trip.cancelBody', {
                time: clockIn(zone, cancelling.scheduled_at),
                reference: cancelling.booking_reference ?? t(`dispatch.types.${cancelling.type}`),
              })
            : ''
        }
        confirmLabel={t('dispatch.trip.cancelConfirm')}
        tone="danger"
        busy={move.isPending}
        onConfirm={cancelTrip}
        onClose={() => setCancelling(null)}
      />
      <CorrectStatusDialog trip={correcting} zone={zone} statuses={statuses.data} onClose={() => setCorrecting(null)} />
      <FlightDialog flight={updating} zone={zone} onClose={() => setUpdating(null)} />
      <TripFormDialog
        opened={editing !== null}
        trip={editing?.trip ?? null}
        day={day}
        zone={zone}
        canDelete={has('trips.delete')}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
