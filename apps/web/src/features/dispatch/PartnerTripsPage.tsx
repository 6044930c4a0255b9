import { Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PartnerTrip } from '@ps/contracts';
import { browserTimeZone, dayIn } from '@ps/contracts/common/zonedTime';
import { getRouteApi } from '@tanstack/react-router';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowRight } from '../../components/icons';
import { useCurrentUser } from '../../lib/currentUser';
import { formatDay } from '../../lib/format';
import { usePageTitle } from '../../lib/pageTitle';
import { usePartnerTrips, useTripStatuses } from './api';
import { DayNavigator } from './DayNavigator';
import { TripStatusBadge } from './TripCard';
import { clockIn, isDay } from './time';

const route = getRouteApi('/$companyId/partner-trips');

/** One trip another company gave to yours: when, what, where, whose car and customer, and whose trip it is. */
function PartnerTripCard({ trip, zone, statusLabel }: { trip: PartnerTrip; zone: string; statusLabel: string }) {
  const { t } = useTranslation();
  const time = clockIn(zone, trip.scheduled_at);
  const titleId = `partner-trip-${trip.id}-title`;
  const vehicle = trip.vehicle_reg
    ? [trip.vehicle_reg, [trip.vehicle_colour, trip.vehicle_make, trip.vehicle_model].filter(Boolean).join(' ')].filter(Boolean).join(' · ')
    : '—';
  const facts = [
    { label: t('dispatch.partnerTrips.company'), value: trip.company_name },
    { label: t('dispatch.trip.customer'), value: [trip.customer_name, trip.customer_phone].filter(Boolean).join(' · ') || '—' },
    { label: t('dispatch.trip.vehicle'), value: vehicle },
    { label: t('dispatch.trip.flight'), value: trip.flight ?? t('dispatch.trip.noFlight') },
  ];
  if (trip.notes) facts.push({ label: t('dispatch.form.notes'), value: trip.notes });
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'md' }}
      aria-labelledby={titleId}
      data-testid="partner-trip"
      className="ps-wrap"
    >
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Title order={3} id={titleId} fz="lg" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8 }}>
            <time dateTime={trip.scheduled_at}>{time}</time>
            <Badge color="blue.9" variant="filled" size="lg" tt="none" title={t(`dispatch.typeHints.${trip.type}`)}>
              {t(`dispatch.types.${trip.type}`)}
            </Badge>
            {trip.booking_reference ? (
              <Text span ff="monospace" fw={700}>
                {trip.booking_reference}
              </Text>
            ) : (
              <Text span c="dimmed" fz="sm">
                {t('dispatch.trip.noBooking')}
              </Text>
            )}
          </Title>
          <TripStatusBadge status={trip.status} label={statusLabel} />
        </Group>
        <Text size="sm" style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 6 }}>
          <Text span c="dimmed" size="sm">
            {t('dispatch.trip.route')}:
          </Text>
          <span>{trip.from_name}</span>
          <IconArrowRight size={16} aria-label={t('dispatch.trip.to')} role="img" />
          <span>{trip.to_name}</span>
        </Text>
        <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing={4} m={0}>
          {facts.map((fact) => (
            <Group key={fact.label} gap={6} wrap="nowrap" align="baseline">
              <Text component="dt" size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                {fact.label}:
              </Text>
              <Text component="dd" size="sm" m={0} style={{ minWidth: 0 }}>
                {fact.value}
              </Text>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

/**
 * Trips from partners: the trips other companies gave to yours, a day at a time on your company's clock. Read
 * only: the giving company plans and moves them; this screen is what your crew needs to run them.
 */
export function PartnerTripsPage() {
  const { t } = useTranslation();
  usePageTitle(t('dispatch.partnerTrips.title'));
  const navigate = route.useNavigate();
  const raw = route.useSearch() as Record<string, unknown>;
  const user = useCurrentUser();
  const zone = user.data?.company_time_zone ?? browserTimeZone();
  const today = dayIn(zone);
  const day = isDay(raw.date) ? raw.date : today;
  const goTo = (next: string) => void navigate({ search: (next === today ? {} : { date: next }) as never, replace: true });
  const trips = usePartnerTrips(day);
  const statuses = useTripStatuses();
  const labels = useMemo(() => new Map((statuses.data ?? []).map((option) => [option.value, option.label])), [statuses.data]);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        {t('dispatch.partnerTrips.title')}
      </Title>
      <Text>{t('dispatch.partnerTrips.intro', { zone })}</Text>
      <DayNavigator day={day} today={today} onChange={goTo} />
      <Title order={2} size="h3">
        {t('dispatch.day.heading', { day: formatDay(day, 'full') })}
      </Title>
      {trips.data === undefined ? (
        <Text>{trips.isError ? t('dispatch.partnerTrips.loadFailed') : t('app.loading')}</Text>
      ) : trips.data.length === 0 ? (
        <Text data-testid="partner-trips-empty">{t('dispatch.partnerTrips.none')}</Text>
      ) : (
        <Stack gap="sm">
          {trips.data.map((trip) => (
            <PartnerTripCard key={trip.id} trip={trip} zone={zone} statusLabel={labels.get(trip.status) ?? trip.status} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
